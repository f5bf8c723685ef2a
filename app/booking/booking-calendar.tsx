import { Button } from "#app/ui/button.tsx";
import type { BookingContent } from "./booking-content-schema.ts";
import { bookingHref, timesId } from "./booking-links.ts";
import type { CalendarMonth, WeekdayHead } from "./calendar.ts";

/**
 * The booking window as month tables: each day with free times a link to them (its name says
 * the weekday, the date and how many are free), the others shown as plain text. Links keep the
 * zone only when the visitor chose it.
 */
export function MonthGrid({
  months,
  weekdays,
  chosenDay,
  zone,
  path,
}: {
  months: CalendarMonth[];
  weekdays: WeekdayHead[];
  chosenDay: string | null;
  zone: string | null;
  /** The page the day links lead to (the booking page, or a meeting's manage page). */
  path?: string;
}) {
  return (
    // Months sit side by side only when the calendar itself has room for two (a day needs 44 px), whatever
    // the window's width: the page's columns decide that, not the viewport. Each month keeps its own height.
    <div className="@container">
      <div className="grid items-start gap-8 @min-[41rem]:grid-cols-2">
        {months.map((month) => (
          <table key={month.title} className="w-full table-fixed border-collapse text-center">
            <caption className="mb-2 text-left text-lg font-bold">{month.title}</caption>
            <thead>
              <tr>
                {weekdays.map((head) => (
                  <th key={head.long} scope="col" className="pb-1 text-sm font-semibold text-ink-muted">
                    <abbr title={head.long} className="no-underline">
                      {head.short}
                    </abbr>
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {month.weeks.map((week) => (
                <tr key={week.find(Boolean)?.date}>
                  {week.map((cell, column) => (
                    <td key={cell?.date ?? column} className="p-0.5">
                      {cell === null ? null : cell.free > 0 ? (
                        <a
                          href={`${bookingHref({ day: cell.date, tz: zone, path })}#${timesId}`}
                          aria-current={cell.date === chosenDay ? "date" : undefined}
                          className="mx-auto inline-flex size-9 items-center sm:size-10 justify-center rounded-full bg-brand-soft font-bold text-brand underline-offset-4 hover:underline aria-[current=date]:bg-brand aria-[current=date]:text-brand-ink"
                        >
                          <span aria-hidden="true">{cell.day}</span>
                          <span className="sr-only">{cell.name}</span>
                        </a>
                      ) : (
                        <span className="mx-auto inline-flex size-9 items-center sm:size-10 justify-center text-ink-muted line-through decoration-ink-muted/60">
                          <span aria-hidden="true">{cell.day}</span>
                          <span className="sr-only">{cell.name}</span>
                        </span>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        ))}
      </div>
    </div>
  );
}

/** The zone the times are shown in, and a GET form to change it (works without JavaScript). */
export function ZoneForm({
  content,
  zone,
  zoneLong,
  zones,
  day,
  path,
}: {
  content: BookingContent["zone"];
  zone: string;
  zoneLong: string;
  zones: string[];
  day: string | null;
  path?: string;
}) {
  return (
    <form method="get" action={bookingHref({ path })} className="rounded-card border border-line bg-surface p-4">
      <p className="font-semibold">{content.current.replace("{zone}", zone).replace("{long}", zoneLong)}</p>
      {day ? <input type="hidden" name="day" value={day} /> : null}
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <label className="grow">
          <span className="mb-1.5 block text-sm font-semibold">{content.label}</span>
          <select
            name="tz"
            defaultValue={zone}
            className="block w-full rounded-control border border-line bg-canvas px-3.5 py-2.5 text-base text-ink"
          >
            {zones.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="secondary">
          {content.change}
        </Button>
      </div>
    </form>
  );
}
