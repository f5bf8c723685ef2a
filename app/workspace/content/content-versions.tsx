import type { ReactNode } from "react";
import { Form } from "react-router";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { Time } from "../shell/time.tsx";
import type { ShownTime } from "../shell/workspace-display.ts";

// What the content editors (postings, proof) share: a one-button form for an action on the
// entry, and the list of its earlier versions, each shown and restorable.

/** A form of one button that posts `intent` (and whatever `children` add) to the page. */
export function IntentButton({ intent, label, children }: { intent: string; label: string; children?: ReactNode }) {
  return (
    <Form method="post">
      {children}
      <button
        type="submit"
        name="intent"
        value={intent}
        className="rounded-control border border-line px-4 py-2 font-semibold hover:bg-surface"
      >
        {label}
      </button>
    </Form>
  );
}

export type VersionsText = {
  title: string;
  intro: string;
  version: string;
  savedBy: string;
  unknownEditor: string;
  show: string;
  restore: string;
  current: string;
};

/** An entry's saved versions, newest first, each with its fields and, but the current one, Restore. */
export function VersionHistory({
  text,
  versions,
  current,
}: {
  text: VersionsText;
  versions: Array<{
    version: number;
    /** In the signed-in person's zone (shownTime). */
    savedAt: ShownTime;
    savedBy: string | null;
    fields: Array<{ label: string; value: string }>;
  }>;
  current: number;
}) {
  return (
    <section aria-labelledby="versions-title" className="mt-12">
      <h2 id="versions-title" className="text-xl font-bold">
        {text.title}
      </h2>
      <p className="mt-1 text-ink-muted">{text.intro}</p>
      <ol className="mt-4 space-y-3">
        {versions.map((version) => (
          <li key={version.version} className="rounded-card border border-line p-3">
            <p className="font-semibold">
              <VersionTitle template={fillTemplate(text.version, { version: version.version })} at={version.savedAt} />{" "}
              <span className="font-normal text-ink-muted">
                {version.savedBy ? fillTemplate(text.savedBy, { email: version.savedBy }) : text.unknownEditor}
                {version.version === current ? ` ${text.current}` : ""}
              </span>
            </p>
            <details className="mt-2">
              <summary className="cursor-pointer font-semibold text-brand">{text.show}</summary>
              <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
                {version.fields.map((field) => (
                  <div key={field.label} className="contents">
                    <dt className="text-ink-muted">{field.label}</dt>
                    <dd className="whitespace-pre-wrap break-words">{field.value}</dd>
                  </div>
                ))}
              </dl>
            </details>
            {version.version === current ? null : (
              <div className="mt-2">
                <IntentButton intent="restore" label={fillTemplate(text.restore, { version: version.version })}>
                  <input type="hidden" name="version" value={version.version} />
                </IntentButton>
              </div>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}

/** "Version 3, 24 Nov 2026, 14:05 CET": the template's `{time}` as a `<time>` in the person's zone. */
function VersionTitle({ template, at }: { template: string; at: ShownTime }) {
  const [before = "", after = ""] = template.split("{time}");
  return (
    <>
      {before}
      <Time value={at} />
      {after}
    </>
  );
}
