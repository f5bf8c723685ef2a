import type { ReactNode } from "react";

export function Card({ children, className = "" }: { children: ReactNode; className?: string }) {
  return <div className={`rounded-card border border-line bg-raised p-6 shadow-card ${className}`}>{children}</div>;
}

/** A titled card: the heading level follows the section it sits in. */
export function InfoCard({
  title,
  description,
  icon,
  headingLevel = 3,
}: {
  title: string;
  description: string;
  icon?: ReactNode;
  headingLevel?: 2 | 3;
}) {
  const Heading = `h${headingLevel}` as const;
  return (
    <Card className="h-full">
      {icon ? (
        <div className="relative mb-5 inline-flex size-12 items-center justify-center rounded-control bg-brand-soft text-brand">
          {icon}
          <span aria-hidden="true" className="absolute -top-1 -right-1 size-2.5 rounded-full bg-glow" />
        </div>
      ) : null}
      <Heading className="text-heading">{title}</Heading>
      <p className="mt-2 text-ink-muted">{description}</p>
    </Card>
  );
}
