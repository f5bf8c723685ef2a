import { useState } from "react";
import type { CookieBannerContent } from "#app/content/schema.ts";
import { Button } from "./button.tsx";

/** spec.md's privacy popup: shown on load, hidden by its close button. */
export function CookieBanner({ content }: { content: CookieBannerContent }) {
  const [open, setOpen] = useState(true);
  if (!open) return null;
  return (
    <section
      aria-labelledby="cookie-banner-title"
      className="fixed inset-x-3 bottom-3 z-50 mx-auto max-w-xl rounded-card border border-line bg-raised p-5 shadow-card"
    >
      <div className="flex items-start justify-between gap-4">
        <h2 id="cookie-banner-title" className="text-lg font-bold">
          {content.title}
        </h2>
        <button
          type="button"
          onClick={() => setOpen(false)}
          aria-label={content.close}
          className="-mt-2 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-control text-ink-muted hover:bg-brand-soft hover:text-ink"
        >
          <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <p className="mt-2 text-ink-muted">{content.description}</p>
      <div className="mt-4 grid gap-3 sm:grid-cols-2">
        <Button variant="secondary">{content.acceptIndividual}</Button>
        <Button variant="secondary">{content.acceptAll}</Button>
      </div>
    </section>
  );
}
