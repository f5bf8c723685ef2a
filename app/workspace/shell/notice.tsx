import type { ReactNode } from "react";
import { Alert } from "#app/ui/alert.tsx";

/** A message after a change: what happened (a status), or what stopped it (an alert). */
export function Notice({ tone, children }: { tone: "done" | "problem"; children: ReactNode }) {
  return (
    <Alert tone={tone === "done" ? "success" : "error"} className="mt-4">
      {children}
    </Alert>
  );
}

export const fieldClasses = "mt-1 block w-full rounded-control border border-line bg-raised px-3 py-2";

/**
 * A standing warning on a page (not the result of a change): something admins should act on. It
 * is there as the page opens, so nothing announces it as news.
 */
export function Warning({ children }: { children: ReactNode }) {
  return (
    <Alert tone="error" as="p" announced={false} className="mt-4">
      {children}
    </Alert>
  );
}
