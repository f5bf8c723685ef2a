import { Form } from "react-router";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { MonthGrid } from "./booking-calendar.tsx";
import { booking } from "./booking-content.ts";
import { timesId } from "./booking-links.ts";
import type { MovableTimes } from "./meeting-move.server.ts";
import { TimeOption } from "./time-option.tsx";

/** What the picker says, in the words of the page that shows it (the workspace's content). */
export type MovePickerCopy = {
  pickDay: string;
  heading: string;
  legend: string;
  none: string;
  shownIn: string;
  shownInWithTheirs: string;
  button: string;
};

/**
 * The free times a meeting can move to, for the team (meeting-move.server.ts): the month with
 * its free days as links to `path`, and the chosen day's times as radio buttons posted to the
 * page itself. Plain links and a form: it works without JavaScript.
 */
export function MovePicker({ calendar, path, copy }: { calendar: MovableTimes; path: string; copy: MovePickerCopy }) {
  const withTheirs = calendar.day?.slots.some((slot) => slot.ours) ?? false;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:items-start">
      {/* A panel from 640 px; on a phone the month takes the whole width, its title on one line at 320 px. */}
      <div className="sm:rounded-card sm:border sm:border-line sm:bg-surface sm:p-6">
        <MonthGrid
          months={calendar.months}
          weekdays={calendar.weekdays}
          chosenDay={calendar.day?.date ?? null}
          zone={null}
          path={path}
          steps={{
            previous: calendar.previous,
            next: calendar.next,
            labels: { previous: booking.calendar.previous, next: booking.calendar.next },
          }}
        />
      </div>
      <section aria-labelledby={timesId} className="rounded-card border border-line bg-surface p-4 sm:p-6">
        <h2 id={timesId} tabIndex={-1} className="scroll-mt-24 text-lg font-bold focus:outline-none">
          {calendar.day ? fillTemplate(copy.heading, { day: calendar.day.name }) : copy.pickDay}
        </h2>
        {calendar.day ? (
          <>
            <p className="mt-1 text-sm text-ink-muted">
              {fillTemplate(withTheirs ? copy.shownInWithTheirs : copy.shownIn, {
                zone: calendar.zoneName,
                theirZone: calendar.ourZoneName,
              })}
            </p>
            <Form method="post" className="mt-4 grid gap-4">
              <fieldset>
                <legend className="mb-3 font-semibold">{fillTemplate(copy.legend, { day: calendar.day.name })}</legend>
                {calendar.day.slots.length ? (
                  <ul className="grid grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))] gap-2">
                    {calendar.day.slots.map((slot) => (
                      <li key={slot.start}>
                        <TimeOption time={slot} name="start" required />
                      </li>
                    ))}
                  </ul>
                ) : (
                  <p className="text-ink-muted">{copy.none}</p>
                )}
              </fieldset>
              {calendar.day.slots.length ? (
                <button
                  type="submit"
                  className="min-h-10 justify-self-start rounded-control bg-brand px-4 font-semibold text-brand-ink hover:bg-brand-strong"
                >
                  {copy.button}
                </button>
              ) : null}
            </Form>
          </>
        ) : null}
      </section>
    </div>
  );
}
