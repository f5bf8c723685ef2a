import type { ComponentProps, ReactNode } from "react";
import { Link } from "react-router";

type Variant = "primary" | "secondary" | "ghost" | "glow";

const base =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-control px-5 py-2.5 text-base font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60";

const variants: Record<Variant, string> = {
  primary: "bg-brand text-brand-ink shadow-[inset_0_-2px_0_rgb(0_0_0/0.18)] hover:bg-brand-strong",
  secondary: "border border-line-strong bg-raised text-ink hover:border-brand hover:text-brand",
  ghost: "text-ink hover:bg-brand-soft",
  // On the deep panel only: the amber light as a button.
  glow: "bg-glow text-glow-ink shadow-[inset_0_-2px_0_rgb(0_0_0/0.15)] hover:bg-panel-ink",
};

export function buttonClasses(variant: Variant = "primary", className = "") {
  return `${base} ${variants[variant]} ${className}`;
}

export function Button({
  variant = "primary",
  className,
  type = "button",
  ...props
}: ComponentProps<"button"> & { variant?: Variant }) {
  return <button type={type} className={buttonClasses(variant, className)} {...props} />;
}

/** A link styled as a button: client-side navigation for site paths, a plain anchor for other URLs. */
export function ButtonLink({
  href,
  variant = "primary",
  className,
  children,
}: {
  href: string;
  variant?: Variant;
  className?: string;
  children: ReactNode;
}) {
  const classes = buttonClasses(variant, className);
  if (href.startsWith("/")) {
    return (
      <Link to={href} className={classes}>
        {children}
      </Link>
    );
  }
  return (
    <a href={href} className={classes} rel="noopener noreferrer">
      {children}
    </a>
  );
}

/** A 44 px square button showing only a cross; `label` is its accessible name. */
export function CloseButton({ label, className = "", ...props }: ComponentProps<"button"> & { label: string }) {
  return (
    <button
      type="button"
      aria-label={label}
      className={`-mt-2 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-control text-ink-muted hover:bg-brand-soft hover:text-ink ${className}`}
      {...props}
    >
      <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true" focusable="false">
        <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      </svg>
    </button>
  );
}
