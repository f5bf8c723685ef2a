import type { ComponentProps } from "react";

// Apart from booking-calendar.tsx: the booking form hydrates without React Router (decision 028).

export type TimeSlot = {
  start: string;
  /** "9:30 PM" in the zone shown. */
  time: string;
  /** Our time beside it ("9:00 AM PDT"), where it reads differently. */
  ours: string | null;
  /** Weekday, date, time and zone, with ours: what a screen reader says. */
  name: string;
};

/** One free time as a radio button: the time shown with ours under it, and its full name for screen readers. */
export function TimeOption({
  time: slot,
  ...input
}: { time: TimeSlot } & Omit<ComponentProps<"input">, "type" | "value">) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-2 rounded-control border border-line px-3 py-2 font-semibold has-checked:border-brand has-checked:bg-brand-soft">
      <input type="radio" {...input} value={slot.start} className="size-4 shrink-0 accent-brand" />
      <span aria-hidden="true" className="flex flex-col leading-tight">
        <span className="whitespace-nowrap">{slot.time}</span>
        {slot.ours ? <span className="text-xs font-normal text-ink-muted">{slot.ours}</span> : null}
      </span>
      <span className="sr-only">{slot.name}</span>
    </label>
  );
}
