// The company's own drawings (docs/design.md): inline SVG in the theme's tokens, so no image
// requests, sharp at any size, and the dark theme for free. Spruce lines on paper, amber for the
// light: every drawing has one lit point.

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
  glow: "var(--color-glow)",
};

/** A practice tile: one of the line icons below, drawn large on a raised square. */
function Tile({ x, y, icon }: { x: number; y: number; icon: IconName }) {
  return (
    <g transform={`translate(${x - 38} ${y - 38})`}>
      <rect width="76" height="76" rx="16" fill={c.raised} stroke={c.line} strokeWidth="2" />
      <g
        transform="translate(20 20) scale(1.5)"
        fill="none"
        stroke={c.brand}
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      >
        {iconPaths[icon]}
      </g>
    </g>
  );
}

/** The light at the centre of the drawings: an amber core in a soft halo. */
function Lumen({ x, y, r }: { x: number; y: number; r: number }) {
  return (
    <g>
      <circle cx={x} cy={y} r={r * 2.2} fill={c.glow} opacity="0.14" />
      <circle cx={x} cy={y} r={r * 1.5} fill={c.glow} opacity="0.22" />
      <circle cx={x} cy={y} r={r} fill={c.glow} />
    </g>
  );
}

/**
 * Decorative, the home page's: the lens. Light from one core reaches the four practices
 * (infrastructure, security, software, data), as one team serves them all.
 */
export function HeroIllustration() {
  const tiles: Array<[number, number, IconName]> = [
    [78, 78, "server"],
    [402, 78, "shield"],
    [78, 342, "code"],
    [402, 342, "chart"],
  ];
  return (
    <svg viewBox="0 0 480 420" className="h-auto w-full" aria-hidden="true" focusable="false">
      <circle
        cx="240"
        cy="210"
        r="168"
        fill="none"
        stroke={c.line}
        strokeWidth="2"
        strokeDasharray="3 9"
        strokeLinecap="round"
      />
      <circle cx="240" cy="210" r="118" fill="none" stroke={c.line} strokeWidth="2" />
      {tiles.map(([x, y]) => (
        <g key={`${x}-${y}`}>
          <line
            x1="240"
            y1="210"
            x2={x}
            y2={y}
            stroke={c.brand}
            strokeWidth="2"
            strokeDasharray="1 7"
            strokeLinecap="round"
          />
          <circle cx={240 + (x - 240) * 0.52} cy={210 + (y - 210) * 0.52} r="5" fill={c.glow} />
        </g>
      ))}
      <circle cx="240" cy="210" r="70" fill={c.raised} stroke={c.brand} strokeWidth="3" />
      <Lumen x={240} y={210} r={22} />
      {tiles.map(([x, y, icon]) => (
        <Tile key={icon} x={x} y={y} icon={icon} />
      ))}
    </svg>
  );
}

/**
 * Decorative, the about page's: co-engineering. Your team's branch and ours run side by side,
 * review each other's work and merge into one line that goes on lit.
 */
export function CoEngineeringIllustration() {
  const yours = [40, 110, 180];
  const ours = [70, 140, 210];
  return (
    <svg viewBox="0 0 480 340" className="h-auto w-full" aria-hidden="true" focusable="false">
      <path d="M20 96H230C280 96 290 170 330 170" fill="none" stroke={c.brand} strokeWidth="6" strokeLinecap="round" />
      <path d="M20 244H250C290 244 300 182 336 182" fill="none" stroke={c.glow} strokeWidth="6" strokeLinecap="round" />
      <path d="M330 170H440" stroke={c.brand} strokeWidth="6" strokeLinecap="round" />
      <path d="M336 182H440" stroke={c.glow} strokeWidth="6" strokeLinecap="round" />
      {yours.map((x) => (
        <circle key={x} cx={x + 20} cy="96" r="11" fill={c.raised} stroke={c.brand} strokeWidth="5" />
      ))}
      {ours.map((x) => (
        <circle key={x} cx={x + 20} cy="244" r="11" fill={c.raised} stroke={c.glow} strokeWidth="5" />
      ))}
      {/* Reviews across: each side reads the other's work. */}
      {[130, 200].map((x) => (
        <path key={x} d={`M${x} 112V228`} stroke={c.line} strokeWidth="3" strokeDasharray="2 8" strokeLinecap="round" />
      ))}
      <g transform="translate(60 18)">
        <rect width="150" height="52" rx="12" fill={c.raised} stroke={c.line} strokeWidth="2" />
        <rect x="16" y="15" width="70" height="8" rx="4" fill={c.ink} opacity="0.75" />
        <rect x="16" y="31" width="110" height="7" rx="3.5" fill={c.muted} opacity="0.45" />
      </g>
      <g transform="translate(120 272)">
        <rect width="150" height="52" rx="12" fill={c.raised} stroke={c.line} strokeWidth="2" />
        <rect x="16" y="15" width="54" height="8" rx="4" fill={c.ink} opacity="0.75" />
        <rect x="16" y="31" width="96" height="7" rx="3.5" fill={c.muted} opacity="0.45" />
        <path
          d="m118 20 6 6 11-12"
          fill="none"
          stroke={c.brand}
          strokeWidth="3.5"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </g>
      <circle cx="448" cy="176" r="30" fill={c.raised} stroke={c.brand} strokeWidth="3" />
      <Lumen x={448} y={176} r={11} />
    </svg>
  );
}

/** Decorative, the careers page's: a team around one table, under one light. */
export function TeamIllustration() {
  const seats = [0, 1, 2, 3, 4, 5].map((index) => {
    const angle = (Math.PI * 2 * index) / 6 - Math.PI / 2;
    return { x: 240 + Math.cos(angle) * 150, y: 190 + Math.sin(angle) * 118, tone: index % 2 ? c.glow : c.brand };
  });
  return (
    <svg viewBox="0 0 480 380" className="h-auto w-full" aria-hidden="true" focusable="false">
      <ellipse cx="240" cy="190" rx="118" ry="86" fill={c.raised} stroke={c.line} strokeWidth="2" />
      <ellipse
        cx="240"
        cy="190"
        rx="80"
        ry="56"
        fill="none"
        stroke={c.line}
        strokeWidth="2"
        strokeDasharray="2 8"
        strokeLinecap="round"
      />
      {/* Each seat's laptop on the table, turned to its owner. */}
      {seats.map((seat) => (
        <rect
          key={`l${seat.x}`}
          x="-14"
          y="-9"
          width="28"
          height="18"
          rx="4"
          fill={c.surface}
          stroke={c.muted}
          strokeOpacity="0.6"
          strokeWidth="2"
          transform={`translate(${240 + (seat.x - 240) * 0.62} ${190 + (seat.y - 190) * 0.62}) rotate(${(Math.atan2(seat.y - 190, seat.x - 240) * 180) / Math.PI + 90})`}
        />
      ))}
      <Lumen x={240} y={190} r={16} />
      {seats.map((seat) => (
        <g key={seat.x} transform={`translate(${seat.x} ${seat.y})`}>
          <path d="M-24 30a24 22 0 0 1 48 0z" fill={seat.tone} />
          <circle cy="-6" r="14" fill={seat.tone} />
        </g>
      ))}
    </svg>
  );
}

export type ScreenKind = "library" | "path" | "analytics";

/** A phone showing one of the app's screens; the caller gives it an accessible name. */
export function AppScreen({ kind, label }: { kind: ScreenKind; label: string }) {
  return (
    <svg viewBox="0 0 220 440" className="mx-auto h-auto w-full max-w-[220px]" role="img" aria-label={label}>
      <rect x="4" y="4" width="212" height="432" rx="34" fill={c.ink} />
      <rect
        x="4"
        y="4"
        width="212"
        height="432"
        rx="34"
        fill="none"
        stroke={c.glow}
        strokeOpacity="0.5"
        strokeWidth="2"
      />
      <rect x="14" y="14" width="192" height="412" rx="26" fill={c.surface} />
      <rect x="80" y="22" width="60" height="10" rx="5" fill={c.ink} />
      <rect x="30" y="50" width="110" height="12" rx="6" fill={c.ink} opacity="0.85" />
      <rect x="30" y="70" width="70" height="8" rx="4" fill={c.muted} opacity="0.6" />
      {kind === "library" ? <LibraryScreen /> : kind === "path" ? <PathScreen /> : <AnalyticsScreen />}
    </svg>
  );
}

function LibraryScreen() {
  const tags = [c.glow, c.brand, c.glow, c.brand, c.glow];
  return (
    <g>
      {tags.map((tag, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed drawing, its parts never reordered
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
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed drawing, its parts never reordered
        <g key={index} transform={`translate(0 ${196 + index * 62})`}>
          <circle
            cx="46"
            cy="12"
            r="12"
            fill={done ? c.glow : c.raised}
            stroke={done ? c.glow : c.line}
            strokeWidth="3"
          />
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
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed drawing, its parts never reordered
          key={index}
          x={42 + index * 25}
          y={250 - height}
          width="16"
          height={height}
          rx="5"
          fill={index === bars.length - 1 ? c.glow : c.brand}
          opacity={index === bars.length - 1 ? 1 : 0.55}
        />
      ))}
      <g transform="translate(26 282)">
        <rect width="80" height="84" rx="14" fill={c.raised} stroke={c.line} />
        <circle cx="40" cy="42" r="24" fill="none" stroke={c.line} strokeWidth="7" />
        <path d="M40 18a24 24 0 1 1-22.8 31.4" fill="none" stroke={c.brand} strokeWidth="7" strokeLinecap="round" />
        <rect x="88" width="80" height="84" rx="14" fill={c.raised} stroke={c.line} />
        <rect x="100" y="24" width="50" height="14" rx="7" fill={c.glow} />
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
  mail: (
    <>
      <rect x="3" y="5" width="18" height="14" rx="2" />
      <path d="m3 7 9 6 9-6" />
    </>
  ),
  video: (
    <>
      <rect x="3" y="6" width="13" height="12" rx="2" />
      <path d="m16 10 5-3v10l-5-3" />
    </>
  ),
  coin: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M15 9.5c-.5-1-1.6-1.5-3-1.5-1.7 0-3 .8-3 2s1.3 1.7 3 2 3 .8 3 2-1.3 2-3 2c-1.4 0-2.5-.5-3-1.5M12 6v2M12 16v2" />
    </>
  ),
  globe: (
    <>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.4 2.5 3.6 5.5 3.6 9s-1.2 6.5-3.6 9c-2.4-2.5-3.6-5.5-3.6-9S9.6 5.5 12 3z" />
    </>
  ),
  heart: <path d="M12 20s-8-4.6-8-10.5A4.5 4.5 0 0 1 12 7a4.5 4.5 0 0 1 8 2.5C20 15.4 12 20 12 20z" />,
};

export type IconName = keyof typeof iconPaths;
