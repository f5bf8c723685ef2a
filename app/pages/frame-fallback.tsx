import { buttonClasses } from "#app/ui/button.tsx";
import { Icon } from "#app/ui/illustrations.tsx";
import type { FrameFallbackCopy } from "./pages-content-schema.ts";

/** What stands where a third-party form is not configured: a line, and a way to ask by e-mail instead. */
export function FrameFallback({ copy, email }: { copy: FrameFallbackCopy; email: string }) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row">
      <span className="inline-flex size-11 shrink-0 items-center justify-center rounded-control bg-accent-soft text-accent">
        <Icon name="mail" />
      </span>
      <div>
        <p className="text-ink">{copy.text}</p>
        <a
          href={`mailto:${email}?subject=${encodeURIComponent(copy.subject)}`}
          className={buttonClasses("secondary", "mt-4")}
        >
          {copy.linkLabel}
        </a>
      </div>
    </div>
  );
}
