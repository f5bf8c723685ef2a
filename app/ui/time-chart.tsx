// A chart drawn on the server: bars per period, and optionally a line over them. No script, no
// copy: the caller gives the description (read by screen readers as the image's name), the
// labels and the legend, and shows the same numbers in a table. The plot is SVG stretched to the
// width; its axes are HTML text, so they read at the page's size on a phone as on a laptop.

/** The smallest round number (1, 2 or 5 times a power of ten) at least `value`, for the axis's top. */
export function roundedUp(value: number) {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return ([1, 2, 5, 10].map((step) => step * power).find((top) => top >= value) as number) ?? value;
}

/** The periods named under the axis: the first, the last and a few between, evenly spaced. */
function tickIndexes(count: number, most: number) {
  if (count <= most) return [...Array(count).keys()];
  const step = (count - 1) / (most - 1);
  return [...new Set([...Array(most).keys()].map((index) => Math.round(index * step)))];
}

export function TimeChart({
  id,
  description,
  labels,
  bars,
  line,
  top,
  unit = "",
  legend,
}: {
  id: string;
  /** What the chart shows, as a sentence: the image's accessible name. */
  description: string;
  /** One label per period; some are written under the axis. */
  labels: string[];
  bars: number[];
  line?: number[];
  /** The axis's top; by default the largest value, rounded up. */
  top?: number;
  /** Written after the axis's numbers ("%"). */
  unit?: string;
  /** What the bars and the line are ("Page views", "Visits"), shown above the plot. */
  legend?: { bars: string; line?: string };
}) {
  const max = top ?? roundedUp(Math.max(0, ...bars, ...(line ?? [])));
  const count = Math.max(1, bars.length);
  // The plot's own units: one per period across, 100 up; stretched to the box by the browser.
  const y = (value: number) => 100 * (1 - Math.min(value, max) / max);
  const points = line?.map((value, index) => `${index + 0.5},${y(value).toFixed(2)}`).join(" ");
  const ticks = [max, max / 2, 0].map((tick) => `${Number.isInteger(tick) ? tick : tick.toFixed(1)}${unit}`);
  const named = tickIndexes(labels.length, 5);
  return (
    <figure className="mt-4">
      {legend ? (
        <figcaption className="mb-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-ink-muted" aria-hidden="true">
          <span className="inline-flex items-center gap-2">
            <span className="size-3 rounded-sm bg-brand" />
            {legend.bars}
          </span>
          {legend.line ? (
            <span className="inline-flex items-center gap-2">
              <span className="h-0.5 w-4 bg-accent" />
              {legend.line}
            </span>
          ) : null}
        </figcaption>
      ) : null}
      <div role="img" aria-labelledby={`${id}-title`} className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-2">
        <span id={`${id}-title`} className="sr-only">
          {description}
        </span>
        <div className="flex h-48 flex-col justify-between text-right text-xs text-ink-muted tabular-nums sm:h-56">
          {ticks.map((tick) => (
            <span key={tick} className="-my-2 leading-4">
              {tick}
            </span>
          ))}
        </div>
        <svg
          aria-hidden="true"
          focusable="false"
          viewBox={`0 0 ${count} 100`}
          preserveAspectRatio="none"
          className="h-48 w-full overflow-visible border-b border-line-strong sm:h-56"
        >
          {[0, 50].map((tick) => (
            <line
              key={tick}
              x1={0}
              x2={count}
              y1={tick}
              y2={tick}
              vectorEffect="non-scaling-stroke"
              className="stroke-line"
            />
          ))}
          {bars.map((value, index) => (
            <rect
              // biome-ignore lint/suspicious/noArrayIndexKey: one bar per period, in order, never reordered
              key={index}
              x={index + 0.15}
              y={y(value)}
              width={0.7}
              height={100 - y(value)}
              className="fill-brand"
            />
          ))}
          {points ? (
            <polyline
              points={points}
              fill="none"
              strokeWidth={2}
              vectorEffect="non-scaling-stroke"
              className="stroke-accent"
            />
          ) : null}
        </svg>
        <span />
        <div className="relative mt-1 h-5 text-xs text-ink-muted">
          <ol className="flex justify-between" aria-hidden="true">
            {named.map((index) => (
              <li key={index} className="whitespace-nowrap">
                {labels[index]}
              </li>
            ))}
          </ol>
        </div>
      </div>
    </figure>
  );
}
