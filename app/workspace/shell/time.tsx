import type { ShownTime } from "./workspace-display.ts";

/**
 * A time in the person's zone, its exact moment (and UTC) on hover and for programs in `dateTime`.
 * A relative one ("2 h ago") is `focusable`: the keyboard reaches it and, focused, it shows the
 * exact moment (app.css, .time-tip) as a pointer sees it on hover.
 */
export function Time({ value, focusable = false }: { value: ShownTime; focusable?: boolean }) {
  return focusable ? (
    // biome-ignore lint/a11y/noNoninteractiveTabindex: the exact time is on hover; focus shows it to the keyboard too
    <time dateTime={value.iso} title={value.exact} tabIndex={0} className="time-tip">
      {value.text}
    </time>
  ) : (
    <time dateTime={value.iso} title={value.exact}>
      {value.text}
    </time>
  );
}
