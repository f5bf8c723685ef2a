import type { ReactNode } from "react";

const tones = {
  error: "border border-danger/40 bg-danger/5 text-danger",
  success: "bg-accent-soft text-accent",
  info: "border border-brand/40 bg-brand-soft",
};

/**
 * A message in a box: what went wrong (error), what was done (success), or news (info). It is
 * announced as it appears, an error as an alert and the others as a status; `announced={false}`
 * where a live region around it announces it already (one that is in the page before the
 * message), or where there is nothing to announce (a note in `<noscript>`).
 */
export function Alert({
  tone,
  as: Element = "div",
  announced = true,
  className = "",
  children,
}: {
  tone: keyof typeof tones;
  as?: "div" | "p" | "ul";
  announced?: boolean;
  className?: string;
  children: ReactNode;
}) {
  const role = announced ? (tone === "error" ? "alert" : "status") : undefined;
  return (
    <Element role={role} className={`rounded-card p-4 font-semibold ${tones[tone]} ${className}`}>
      {children}
    </Element>
  );
}
