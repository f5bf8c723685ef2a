import type { ReactNode } from "react";
import { Container } from "./container.tsx";

/** One band of a page: the site's vertical rhythm (`py-section`) on canvas, surface or blueprint. */
export function Section({
  children,
  tone = "canvas",
  labelledBy,
  compact = false,
  className = "",
}: {
  children: ReactNode;
  tone?: "canvas" | "surface";
  labelledBy?: string;
  /** Half the breath, for a band whose content is a few lines. */
  compact?: boolean;
  className?: string;
}) {
  return (
    <section
      aria-labelledby={labelledBy}
      className={`${compact ? "py-[calc(var(--spacing-section)/2)]" : "py-section"} ${tone === "surface" ? "border-y border-line bg-surface" : ""} ${className}`}
    >
      <Container>{children}</Container>
    </section>
  );
}

/** The short amber rule that opens a section title: the light the company is named for. */
export function Beam({ className = "" }: { className?: string }) {
  return <span aria-hidden="true" className={`block h-1 w-10 rounded-full bg-glow ${className}`} />;
}

/** A small label above a title, set in the monospace face. */
export function Eyebrow({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <p className={`font-mono text-eyebrow font-semibold uppercase text-accent ${className}`}>{children}</p>;
}

export function SectionHeader({
  id,
  eyebrow,
  title,
  description,
  align = "center",
  className = "",
}: {
  id: string;
  eyebrow?: string;
  title: string;
  description?: string;
  align?: "center" | "start";
  className?: string;
}) {
  const centered = align === "center";
  return (
    <div className={`mb-stack max-w-3xl ${centered ? "mx-auto text-center" : ""} ${className}`}>
      <Beam className={`mb-5 ${centered ? "mx-auto" : ""}`} />
      {eyebrow ? <Eyebrow className="mb-3">{eyebrow}</Eyebrow> : null}
      <h2 id={id} className="text-title">
        {title}
      </h2>
      {description ? <p className="mt-4 text-lead text-ink-muted">{description}</p> : null}
    </div>
  );
}

/** The opening of a content page, on the blueprint ground: its one h1, and a drawing beside it. */
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
    <div className="border-b border-line bg-blueprint">
      <Container className="grid items-center gap-10 py-section lg:grid-cols-[1.15fr_1fr] lg:gap-16">
        <div className={aside ? "" : "lg:col-span-2 lg:max-w-4xl"}>
          {eyebrow ? <Eyebrow className="mb-4">{eyebrow}</Eyebrow> : null}
          <h1 className="text-display">{title}</h1>
          {children}
        </div>
        {aside ? <div className="mx-auto w-full max-w-md lg:max-w-none">{aside}</div> : null}
      </Container>
    </div>
  );
}

/** The opening of a task page (a form, a posting, an error): the same ground, shorter. */
export function PageHead({ eyebrow, title, children }: { eyebrow?: ReactNode; title: string; children?: ReactNode }) {
  return (
    <div className="border-b border-line bg-blueprint">
      <Container className="py-12 sm:py-16">
        {eyebrow}
        <h1 className="max-w-4xl text-display">{title}</h1>
        {children}
      </Container>
    </div>
  );
}

/** The deep spruce panel with the amber light: a page's strongest call, one at most. */
export function Panel({ children, className = "" }: { children: ReactNode; className?: string }) {
  return (
    <div
      className={`relative overflow-hidden rounded-panel bg-panel px-6 py-12 text-panel-ink [--color-focus:var(--color-glow)] sm:px-12 ${className}`}
    >
      <svg
        viewBox="0 0 400 400"
        className="pointer-events-none absolute -top-40 -right-40 size-96"
        aria-hidden="true"
        focusable="false"
      >
        {[60, 110, 160, 200].map((r) => (
          <circle
            key={r}
            cx="200"
            cy="200"
            r={r}
            fill="none"
            stroke="var(--color-glow)"
            // Faint rings around a disc fully lit: amber dimmed over spruce reads as olive.
            strokeOpacity={0.3 - r / 1000}
            strokeWidth="1.5"
          />
        ))}
        <circle cx="200" cy="200" r="18" fill="var(--color-glow)" />
      </svg>
      <div className="relative">{children}</div>
    </div>
  );
}
