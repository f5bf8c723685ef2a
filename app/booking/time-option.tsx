import type { ComponentProps } from "react";

// Apart from booking-calendar.tsx: the booking form hydrates without React Router (decision 028).

/** One free time as a radio button: the time shown, and weekday, date, time and zone for screen readers. */
export function TimeOption({
  time: slot,
  ...input
}: { time: { start: string; time: string; name: string } } & Omit<ComponentProps<"input">, "type" | "value">) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-control border border-line px-3 py-2 font-semibold has-checked:border-brand has-checked:bg-brand-soft">
      <input type="radio" {...input} value={slot.start} className="size-4 accent-brand" />
      <span aria-hidden="true">{slot.time}</span>
      <span className="sr-only">{slot.name}</span>
    </label>
  );
}
