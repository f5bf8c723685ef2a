import type { ShownTime } from "./workspace-display.ts";

/** A time in the person's zone, its exact moment (and UTC) on hover and for programs in `dateTime`. */
export function Time({ value }: { value: ShownTime }) {
  return (
    <time dateTime={value.iso} title={value.exact}>
      {value.text}
    </time>
  );
}
