import type { ComponentProps } from "react";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "glow" | "danger";

const base =
  "inline-flex min-h-11 items-center justify-center gap-2 rounded-control px-5 py-2.5 text-base font-semibold transition-colors disabled:cursor-not-allowed disabled:opacity-60";

const variants: Record<ButtonVariant, string> = {
  primary: "bg-brand text-brand-ink shadow-[inset_0_-2px_0_rgb(0_0_0/0.18)] hover:bg-brand-strong",
  secondary: "border border-line-strong bg-raised text-ink hover:border-brand hover:text-brand",
  ghost: "text-ink hover:bg-brand-soft",
  // On the deep panel only: the amber light as a button.
  glow: "bg-glow text-glow-ink shadow-[inset_0_-2px_0_rgb(0_0_0/0.15)] hover:bg-panel-ink",
  // What cannot be taken back (delete, close): red, so it never reads like its neighbours.
  danger: "border border-danger/70 bg-raised text-danger hover:bg-danger hover:text-canvas",
};

export function buttonClasses(variant: ButtonVariant = "primary", className = "") {
  return `${base} ${variants[variant]} ${className}`;
}

export function Button({
  variant = "primary",
  className,
  type = "button",
  ...props
}: ComponentProps<"button"> & { variant?: ButtonVariant }) {
  return <button type={type} className={buttonClasses(variant, className)} {...props} />;
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
