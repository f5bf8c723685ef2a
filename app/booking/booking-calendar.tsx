import { Button } from "#app/ui/button.tsx";
import type { BookingContent } from "./booking-content-schema.ts";
import { bookingHref, timesId } from "./booking-links.ts";
import type { CalendarMonth, MonthStep, WeekdayHead } from "./calendar.ts";

/**
 * The booking window as month tables: each day with free times a link to them (its name says
 * the weekday, the date and how many are free), the others shown as plain text. Links keep the
 * zone only when the visitor chose it. Given `steps`, the month before and after are links
 * beside the month's title (plain links: no JavaScript needed).
 */
export function MonthGrid({
  months,
  weekdays,
  chosenDay,
  zone,
  path,
  steps,
}: {
  months: CalendarMonth[];
  weekdays: WeekdayHead[];
  chosenDay: string | null;
  zone: string | null;
  /** The page the day links lead to (the booking page, or a meeting's manage page). */
  path?: string;
  steps?: { previous: MonthStep; next: MonthStep; labels: { previous: string; next: string } };
}) {
  const step = (target: MonthStep, label: string, arrow: string) =>
    target ? (
      <a
        href={bookingHref({ month: target.key, day: chosenDay, tz: zone, path })}
        className="inline-flex size-11 items-center justify-center rounded-full border border-line text-lg font-bold text-brand hover:border-brand hover:bg-brand-soft"
      >
        <span aria-hidden="true">{arrow}</span>
        <span className="sr-only">{label.replace("{month}", target.title)}</span>
      </a>
    ) : (
      <span
        className="inline-flex size-11 items-center justify-center rounded-full border border-line text-lg text-ink-muted/50"
        aria-hidden="true"
      >
        {arrow}
      </span>
    );
  return (
    <div className="relative">
      {steps ? (
        <div className="absolute top-0 right-0 flex gap-2">
          {step(steps.previous, steps.labels.previous, "‹")}
          {step(steps.next, steps.labels.next, "›")}
        </div>
      ) : null}
      {grid()}
    </div>
  );

  function grid() {
    return (
      // Months sit side by side only when the calendar itself has room for two (a day needs 44 px), whatever
      // the window's width: the page's columns decide that, not the viewport. Each month keeps its own height.
      <div className="@container">
        <div className="grid items-start gap-8 @min-[41rem]:grid-cols-2">
          {months.map((month) => (
            <table key={month.title} className="w-full table-fixed border-collapse text-center">
              <caption className="mb-2 pr-28 text-left text-lg leading-11 font-bold">{month.title}</caption>
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
}

/** Where the times card's "Change the time zone" leads. */
export const zoneFormId = "zone";

/** The zone the times are shown in, and a GET form to change it (works without JavaScript). */
export function ZoneForm({
  content,
  zone,
  zoneName,
  zones,
  day,
  path,
}: {
  content: BookingContent["zone"];
  zone: string;
  /** The zone as people name it ("India Standard Time (Kolkata)"). */
  zoneName: string;
  zones: string[];
  day: string | null;
  path?: string;
}) {
  return (
    <form id={zoneFormId} method="get" action={bookingHref({ path })} className="scroll-mt-24">
      <p className="text-sm text-ink-muted">{content.current.replace("{zone}", zoneName)}</p>
      {day ? <input type="hidden" name="day" value={day} /> : null}
      <div className="mt-1.5 flex flex-wrap items-center gap-2">
        <label className="flex min-w-0 grow basis-56 items-center gap-2">
          <span className="shrink-0 text-sm font-semibold">{content.label}</span>
          <select
            name="tz"
            defaultValue={zone}
            className="block min-h-11 w-full min-w-0 rounded-control border border-line bg-canvas px-3 py-2 text-sm text-ink"
          >
            {zones.map((name) => (
              <option key={name} value={name}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <Button type="submit" variant="secondary" className="text-sm">
          {content.change}
        </Button>
      </div>
    </form>
  );
}

/**
 * Above a day's times: the zone they are in (and ours, when shown under each), with a link up to
 * the zone's form, so the switch comes before the times and "Book this meeting".
 */
export function TimesZoneNote({
  content,
  zoneName,
  ourZoneName,
  withOurs,
}: {
  content: BookingContent["times"];
  zoneName: string;
  ourZoneName: string;
  withOurs: boolean;
}) {
  const note = (withOurs ? content.shownInWithOurs : content.shownIn)
    .replace("{zone}", zoneName)
    .replace("{ourZone}", ourZoneName);
  return (
    <p className="mt-2 text-ink-muted">
      {note}{" "}
      <a href={`#${zoneFormId}`} className="font-semibold whitespace-nowrap text-brand underline underline-offset-4">
        {content.changeZone}
      </a>
    </p>
  );
}

/**
 * Until the visitor chooses a zone, the page is rendered in ours; with JavaScript, this script
 * (inline, so it runs before anything below it is parsed or painted) stops the page there and asks
 * for it in the browser's zone instead, keeping the day and the place on the page. The browser's
 * own Temporal where it has one (under a millisecond; a first Intl.DateTimeFormat costs 10 to 45 ms,
 * decision 025). The address it asks for carries `tz`, so it never runs twice.
 */
export function ToBrowserZone({
  ourZones,
  nonce,
}: {
  /** Our zone by every name a browser may report it by ("Asia/Kolkata", "Asia/Calcutta"). */
  ourZones: string[];
  nonce: string | undefined;
}) {
  const script =
    `(()=>{const u=new URL(location.href),T=globalThis.Temporal,` +
    `z=T?T.Now.timeZoneId():Intl.DateTimeFormat().resolvedOptions().timeZone;` +
    `if(u.searchParams.has("tz")||!z||${JSON.stringify(ourZones)}.includes(z))return;` +
    `u.searchParams.set("tz",z);stop();location.replace(u.href)})()`;
  return (
    <script
      nonce={nonce}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: the site's own script; the zones are checked IANA names, "<" escaped
      dangerouslySetInnerHTML={{ __html: script.replaceAll("<", "\\u003c") }}
    />
  );
}
