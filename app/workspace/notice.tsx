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
