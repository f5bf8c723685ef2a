// Inline SVG drawings in the theme's colours: no image requests, sharp at any size, dark-mode aware.

const c = {
  brand: "var(--color-brand)",
  brandSoft: "var(--color-brand-soft)",
  accent: "var(--color-accent)",
  accentSoft: "var(--color-accent-soft)",
  raised: "var(--color-raised)",
  surface: "var(--color-surface)",
  line: "var(--color-line)",
  muted: "var(--color-ink-muted)",
  ink: "var(--color-ink)",
};

/** Decorative: a code editor, a cloud topology and a rising chart, the three things we build. */
export function HeroIllustration() {
  return (
    <svg viewBox="0 0 480 380" className="h-auto w-full" aria-hidden="true" focusable="false">
      <rect x="40" y="30" width="300" height="210" rx="18" fill={c.raised} stroke={c.line} strokeWidth="2" />
      <rect x="40" y="30" width="300" height="36" rx="18" fill={c.surface} />
      <circle cx="64" cy="48" r="6" fill="#f87171" />
      <circle cx="84" cy="48" r="6" fill="#fbbf24" />
      <circle cx="104" cy="48" r="6" fill="#34d399" />
      {[0, 1, 2, 3, 4, 5].map((row) => (
        <g key={row}>
          <rect x={64 + (row % 3) * 18} y={88 + row * 24} width={40} height="10" rx="5" fill={c.brand} opacity="0.85" />
          <rect
            x={112 + (row % 3) * 18}
            y={88 + row * 24}
            width={120 - row * 12}
            height="10"
            rx="5"
            fill={row % 2 ? c.accent : c.muted}
            opacity="0.55"
          />
        </g>
      ))}
      <rect x="250" y="150" width="200" height="200" rx="20" fill={c.raised} stroke={c.line} strokeWidth="2" />
      <polyline
        points="275,310 315,280 350,292 390,240 425,210"
        fill="none"
        stroke={c.brand}
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      {[275, 315, 350, 390, 425].map((x, index) => (
        <circle key={x} cx={x} cy={[310, 280, 292, 240, 210][index]} r="7" fill={c.raised} stroke={c.brand} strokeWidth="4" />
      ))}
      <rect x="275" y="176" width="80" height="10" rx="5" fill={c.muted} opacity="0.5" />
      <g>
        <circle cx="90" cy="300" r="54" fill={c.accentSoft} />
        <path
          d="M62 312h52a16 16 0 0 0 0-32 22 22 0 0 0-42-4 14 14 0 0 0-10 36z"
          fill={c.raised}
          stroke={c.accent}
          strokeWidth="4"
          strokeLinejoin="round"
        />
      </g>
    </svg>
  );
}

export type ScreenKind = "library" | "path" | "analytics";

/** A phone showing one of the app's screens; the caller gives it an accessible name. */
export function AppScreen({ kind, label }: { kind: ScreenKind; label: string }) {
  return (
    <svg viewBox="0 0 220 440" className="mx-auto h-auto w-full max-w-[220px]" role="img" aria-label={label}>
      <rect x="4" y="4" width="212" height="432" rx="34" fill={c.ink} />
      <rect x="14" y="14" width="192" height="412" rx="26" fill={c.surface} />
      <rect x="80" y="22" width="60" height="10" rx="5" fill={c.ink} />
      <rect x="30" y="50" width="110" height="12" rx="6" fill={c.ink} opacity="0.85" />
      <rect x="30" y="70" width="70" height="8" rx="4" fill={c.muted} opacity="0.6" />
      {kind === "library" ? <LibraryScreen /> : kind === "path" ? <PathScreen /> : <AnalyticsScreen />}
    </svg>
  );
}

function LibraryScreen() {
  const tags = [c.accent, c.brand, "#f59e0b", c.accent, c.brand];
  return (
    <g>
      {tags.map((tag, index) => (
        <g key={index} transform={`translate(26 ${96 + index * 62})`}>
          <rect width="168" height="52" rx="12" fill={c.raised} stroke={c.line} />
          <rect x="12" y="12" width={90 - index * 6} height="9" rx="4.5" fill={c.ink} opacity="0.8" />
          <rect x="12" y="30" width="46" height="10" rx="5" fill={tag} opacity="0.9" />
          <circle cx="148" cy="26" r="9" fill="none" stroke={c.line} strokeWidth="3" />
        </g>
      ))}
    </g>
  );
}

function PathScreen() {
  const steps = [true, true, false, false];
  return (
    <g>
      <rect x="26" y="96" width="168" height="70" rx="14" fill={c.brand} />
      <rect x="40" y="112" width="90" height="10" rx="5" fill={c.brandSoft} />
      <rect x="40" y="132" width="130" height="8" rx="4" fill={c.brandSoft} opacity="0.5" />
      <rect x="40" y="146" width="80" height="8" rx="4" fill={c.brandSoft} opacity="0.5" />
      <line x1="46" y1="196" x2="46" y2="388" stroke={c.line} strokeWidth="4" />
      {steps.map((done, index) => (
        <g key={index} transform={`translate(0 ${196 + index * 62})`}>
          <circle cx="46" cy="12" r="12" fill={done ? c.accent : c.raised} stroke={done ? c.accent : c.line} strokeWidth="3" />
          <rect x="70" y="0" width="124" height="26" rx="8" fill={c.raised} stroke={c.line} />
          <rect x="80" y="9" width={70 - index * 8} height="8" rx="4" fill={c.ink} opacity="0.7" />
        </g>
      ))}
    </g>
  );
}

function AnalyticsScreen() {
  const bars = [60, 90, 74, 120, 104, 140];
  return (
    <g>
      <rect x="26" y="96" width="168" height="170" rx="14" fill={c.raised} stroke={c.line} />
      {bars.map((height, index) => (
        <rect
          key={index}
          x={42 + index * 25}
          y={250 - height}
          width="16"
          height={height}
          rx="5"
          fill={index === bars.length - 1 ? c.brand : c.accent}
          opacity={index === bars.length - 1 ? 1 : 0.6}
        />
      ))}
      <g transform="translate(26 282)">
        <rect width="80" height="84" rx="14" fill={c.raised} stroke={c.line} />
        <circle cx="40" cy="42" r="24" fill="none" stroke={c.line} strokeWidth="7" />
        <path d="M40 18a24 24 0 1 1-22.8 31.4" fill="none" stroke={c.brand} strokeWidth="7" strokeLinecap="round" />
        <rect x="88" width="80" height="84" rx="14" fill={c.raised} stroke={c.line} />
        <rect x="100" y="24" width="50" height="14" rx="7" fill={c.accent} />
        <rect x="100" y="48" width="36" height="8" rx="4" fill={c.muted} opacity="0.6" />
      </g>
    </g>
  );
}

/** Small line icons for cards. */
export function Icon({ name }: { name: IconName }) {
  return (
    <svg
      viewBox="0 0 24 24"
      className="size-6"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {iconPaths[name]}
    </svg>
  );
}

const iconPaths = {
  server: (
    <>
      <rect x="3" y="4" width="18" height="7" rx="2" />
      <rect x="3" y="13" width="18" height="7" rx="2" />
      <path d="M7 7.5h.01M7 16.5h.01" />
    </>
  ),
  shield: <path d="M12 3 4 6v6c0 5 3.5 8 8 9 4.5-1 8-4 8-9V6z M9 12l2 2 4-4" />,
  code: <path d="m8 8-4 4 4 4M16 8l4 4-4 4M14 5l-4 14" />,
  chart: <path d="M4 20V10M10 20V4M16 20v-7M22 20H2" />,
  check: <path d="m5 12 5 5 9-10" />,
  clock: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </>
  ),
  book: <path d="M4 5a2 2 0 0 1 2-2h14v16H6a2 2 0 0 0-2 2zM4 5v16" />,
  bolt: <path d="M13 2 4 14h7l-1 8 9-12h-7z" />,
  insight: <path d="M3 12h4l3-8 4 16 3-8h4" />,
  calendar: (
    <>
      <rect x="3" y="5" width="18" height="16" rx="2" />
      <path d="M8 3v4M16 3v4M3 10h18" />
    </>
  ),
  video: (
    <>
      <rect x="3" y="6" width="13" height="12" rx="2" />
      <path d="m16 10 5-3v10l-5-3" />
    </>
  ),
};

export type IconName = keyof typeof iconPaths;
