/** The mark: an L in the brand colour with the amber light beside it, drawn in the theme's tokens. */
export function LogoMark({ className = "size-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="8" fill="var(--color-brand)" />
      <path
        d="M10 7.5v16.5h12.5"
        fill="none"
        stroke="var(--color-brand-ink)"
        strokeWidth="3.5"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="21.5" cy="11" r="3.5" fill="var(--color-glow)" />
      <circle cx="21.5" cy="11" r="6" fill="none" stroke="var(--color-glow)" strokeOpacity="0.45" strokeWidth="1.25" />
    </svg>
  );
}
