import type { ReactNode } from "react";

/** A message after a change: what happened (a status), or what stopped it (an alert). */
export function Notice({ tone, children }: { tone: "done" | "problem"; children: ReactNode }) {
  return tone === "done" ? (
    <div role="status" className="mt-4 rounded-card bg-accent-soft p-3 font-semibold text-accent">
      {children}
    </div>
  ) : (
    <div role="alert" className="mt-4 rounded-card border border-danger/40 bg-danger/5 p-3 font-semibold text-danger">
      {children}
    </div>
  );
}

export const fieldClasses = "mt-1 block w-full rounded-control border border-line bg-raised px-3 py-2";

/** A standing warning on a page (not the result of a change): something admins should act on. */
export function Warning({ children }: { children: ReactNode }) {
  return (
    <p className="mt-4 rounded-card border border-danger/40 bg-danger/5 p-3 font-semibold text-danger">{children}</p>
  );
}
