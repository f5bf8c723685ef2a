export function LogoMark({ className = "size-8" }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" className={className} aria-hidden="true" focusable="false">
      <rect width="32" height="32" rx="9" fill="var(--color-brand)" />
      <path d="M10 8v16h12" fill="none" stroke="var(--color-brand-ink)" strokeWidth="3.5" strokeLinecap="round" strokeLinejoin="round" />
      <circle cx="22" cy="11" r="3" fill="var(--color-accent)" />
    </svg>
  );
}
