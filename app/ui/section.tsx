import type { ReactNode } from "react";
import { Container } from "./container.tsx";

export function Section({
  children,
  tone = "canvas",
  labelledBy,
  className = "",
}: {
  children: ReactNode;
  tone?: "canvas" | "surface";
  labelledBy?: string;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={labelledBy}
      className={`py-section ${tone === "surface" ? "bg-surface" : ""} ${className}`}
    >
      <Container>{children}</Container>
    </section>
  );
}

export function SectionHeader({
  id,
  eyebrow,
  title,
  description,
  align = "center",
}: {
  id: string;
  eyebrow?: string;
  title: string;
  description?: string;
  align?: "center" | "start";
}) {
  return (
    <div className={`mb-10 max-w-3xl ${align === "center" ? "mx-auto text-center" : ""}`}>
      {eyebrow ? <p className="mb-2 text-sm font-semibold uppercase tracking-wide text-accent">{eyebrow}</p> : null}
      <h2 id={id} className="text-title font-extrabold tracking-tight">
        {title}
      </h2>
      {description ? <p className="mt-4 text-lead text-ink-muted">{description}</p> : null}
    </div>
  );
}

/** The opening block of a page: its one h1. */
export function PageHero({
  eyebrow,
  title,
  children,
  aside,
}: {
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  aside?: ReactNode;
}) {
  return (
    <div className="relative overflow-hidden border-b border-line bg-gradient-to-b from-brand-soft to-canvas">
      <Container className="grid items-center gap-10 py-section lg:grid-cols-[1.1fr_1fr]">
        <div className={aside ? "" : "lg:col-span-2 lg:max-w-3xl"}>
          {eyebrow ? <p className="mb-3 text-sm font-semibold uppercase tracking-wide text-accent">{eyebrow}</p> : null}
          <h1 className="text-display tracking-tight text-balance">{title}</h1>
          {children}
        </div>
        {aside ? <div>{aside}</div> : null}
      </Container>
    </div>
  );
}
