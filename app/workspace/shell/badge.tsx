import type { ReactNode } from "react";

/** How a state reads at a glance: new work in the brand's colour, work under way in amber, the rest quiet. */
export type BadgeTone = "new" | "active" | "quiet" | "warning";

const tones: Record<BadgeTone, string> = {
  new: "bg-brand-soft text-brand-strong",
  active: "bg-accent-soft text-ink",
  quiet: "border border-line text-ink-muted",
  warning: "border border-danger text-danger",
};

export function Badge({ tone, children }: { tone: BadgeTone; children: ReactNode }) {
  return (
    <span className={`inline-flex items-center rounded-full px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}>
      {children}
    </span>
  );
}
