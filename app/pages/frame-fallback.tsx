import type { FrameFallbackCopy } from "./pages-content-schema.ts";

/** What stands where a third-party form is not configured: a line, and a way to ask by e-mail instead. */
export function FrameFallback({ copy, email }: { copy: FrameFallbackCopy; email: string }) {
  return (
    <>
      <p className="text-ink">{copy.text}</p>
      <a href={`mailto:${email}?subject=${encodeURIComponent(copy.subject)}`} className="mt-3 inline-flex min-h-11 items-center font-semibold text-brand underline underline-offset-4">
        {copy.linkLabel}
      </a>
    </>
  );
}
