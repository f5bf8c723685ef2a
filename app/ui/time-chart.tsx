// A chart drawn on the server as SVG: bars per period, and optionally a line over them. No
// script, no copy: the caller gives the description (read by screen readers as the image's
// name) and the labels, and shows the same numbers in a table beside it.

/** The smallest round number (1, 2 or 5 times a power of ten) at least `value`, for the axis's top. */
export function roundedUp(value: number) {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].map((step) => step * power).find((top) => top >= value) as number) ?? value;
}

const width = 720;
const height = 220;
const pad = { top: 12, right: 12, bottom: 28, left: 48 };

export function TimeChart({
  id,
  description,
  labels,
  bars,
  line,
  top,
  unit = "",
}: {
  id: string;
  /** What the chart shows, as a sentence: the image's accessible name. */
  description: string;
  /** One label per period (first and last are written under the axis). */
  labels: string[];
  bars: number[];
  line?: number[];
  /** The axis's top; by default the largest value, rounded up. */
  top?: number;
  /** Written after the axis's numbers ("%"). */
  unit?: string;
}) {
  const max = top ?? roundedUp(Math.max(0, ...bars, ...(line ?? [])));
  const plotWidth = width - pad.left - pad.right;
  const plotHeight = height - pad.top - pad.bottom;
  const step = plotWidth / Math.max(1, bars.length);
  const y = (value: number) => pad.top + plotHeight * (1 - Math.min(value, max) / max);
  const x = (index: number) => pad.left + step * index;
  const points = line?.map((value, index) => `${(x(index) + step / 2).toFixed(1)},${y(value).toFixed(1)}`).join(" ");
  return (
    <figure className="mt-4">
      <svg
        role="img"
        aria-labelledby={`${id}-title`}
        viewBox={`0 0 ${width} ${height}`}
        className="h-auto w-full max-w-3xl text-xs"
      >
        <title id={`${id}-title`}>{description}</title>
        {[0, max / 2, max].map((tick) => (
          <g key={tick}>
            <line x1={pad.left} x2={width - pad.right} y1={y(tick)} y2={y(tick)} className="stroke-line" />
            <text x={pad.left - 6} y={y(tick) + 4} textAnchor="end" className="fill-ink-muted">
              {`${Number.isInteger(tick) ? tick : tick.toFixed(1)}${unit}`}
            </text>
          </g>
        ))}
        {bars.map((value, index) => (
          <rect
            // biome-ignore lint/suspicious/noArrayIndexKey: one bar per period, in order, never reordered
            key={index}
            x={x(index) + step * 0.15}
            y={y(value)}
            width={Math.max(1, step * 0.7)}
            height={Math.max(0, pad.top + plotHeight - y(value))}
            className="fill-brand"
          />
        ))}
        {points ? <polyline points={points} fill="none" strokeWidth={2} className="stroke-accent" /> : null}
        {labels.length ? (
          <>
            <text x={pad.left} y={height - 8} className="fill-ink-muted">
              {labels[0]}
            </text>
            <text x={width - pad.right} y={height - 8} textAnchor="end" className="fill-ink-muted">
              {labels.at(-1)}
            </text>
          </>
        ) : null}
      </svg>
    </figure>
  );
}
