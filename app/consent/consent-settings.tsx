import type { ReactNode } from "react";
import { consent as copy } from "./consent-content.ts";
import { consentActionPath } from "./consent-cookie.ts";
import { ReturnTo, useConsent } from "./consent-context.tsx";
import { Button } from "#app/ui/button.tsx";

/** The cookie settings' form on /cookie-settings: the categories and the buttons that save them. */
export function ConsentSettingsForm({ source, returnTo }: { source: "settings"; returnTo?: string }) {
  const { view } = useConsent();
  const { settings } = copy;
  return (
    <form method="post" action={consentActionPath} className="space-y-5">
      <input type="hidden" name="source" value={source} />
      {returnTo ? <input type="hidden" name="returnTo" value={returnTo} /> : <ReturnTo />}
      <fieldset className="space-y-4">
        <legend className="sr-only">{settings.title}</legend>
        <ConsentCategory
          id="consent-necessary"
          label={
            <>
              {settings.categories.necessary.title}{" "}
              <span className="font-normal text-ink-muted">({settings.categories.necessary.alwaysOn})</span>
            </>
          }
          description={settings.categories.necessary.description}
        >
          <input
            id="consent-necessary"
            type="checkbox"
            checked
            disabled
            className="mt-1 size-5 shrink-0"
            aria-describedby="consent-necessary-text"
          />
        </ConsentCategory>
        <ConsentCategory
          id="consent-forms"
          label={settings.categories.forms.title}
          description={settings.categories.forms.description}
        >
          <input
            id="consent-forms"
            type="checkbox"
            name="forms"
            value="on"
            defaultChecked={view.decided && view.forms}
            key={view.decided && view.forms ? "on" : "off"}
            className="mt-1 size-5 shrink-0 accent-[var(--color-brand)]"
            aria-describedby="consent-forms-text"
          />
        </ConsentCategory>
      </fieldset>
      <div className="grid gap-3 sm:grid-cols-3">
        <Button type="submit" name="choice" value="necessary" variant="secondary">
          {settings.rejectAll}
        </Button>
        <Button type="submit" name="choice" value="save" variant="secondary">
          {settings.save}
        </Button>
        <Button type="submit" name="choice" value="all" variant="secondary">
          {settings.acceptAll}
        </Button>
      </div>
    </form>
  );
}

/** One cookie category in the settings: its checkbox (the child, with id `id`), label and description. */
function ConsentCategory({
  id,
  label,
  description,
  children,
}: {
  id: string;
  label: ReactNode;
  description: string;
  children: ReactNode;
}) {
  return (
    <div className="flex items-start gap-3 rounded-control border border-line p-4">
      {children}
      <div>
        <label htmlFor={id} className="font-bold">
          {label}
        </label>
        <p id={`${id}-text`} className="text-sm text-ink-muted">
          {description}
        </p>
      </div>
    </div>
  );
}
