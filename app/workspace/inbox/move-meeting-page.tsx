import { data, Form, Link, redirect } from "react-router";
import { Temporal } from "temporal-polyfill";
import { Alert } from "#app/ui/alert.tsx";
import { Container } from "#app/ui/container.tsx";
import { getSubmission } from "#app/forms/submissions.server.ts";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { now as clockNow } from "#app/platform/clock.ts";
import { availabilityFromEnv } from "#app/booking/availability.ts";
import { bookingEnv } from "#app/booking/booking-env.server.ts";
import { booking } from "#app/booking/booking-content.ts";
import { calendarData } from "#app/booking/booking-page.server.ts";
import { MonthGrid } from "#app/booking/booking-calendar.tsx";
import { timesId } from "#app/booking/booking-links.ts";
import { MeetingRefused } from "#app/booking/claims.server.ts";
import { meetingsOfSubmissions } from "#app/booking/meeting-queries.server.ts";
import { TimeOption } from "#app/booking/time-option.tsx";
import type { Route } from "./+types/move-meeting-page";
import { kindFields, moveMeetingOf } from "./inbox.server.ts";
import { formatTime, shownTime } from "../shell/workspace-display.ts";
import { requireStaff, zoneOf } from "../sign-in/session.server.ts";
import { Time } from "../shell/time.tsx";
import { workspace } from "../shell/workspace-content.ts";
import { workspacePaths } from "../workspace-paths.ts";
import { workspaceMeta } from "../shell/workspace-error.tsx";

// Moving a meeting from the workspace (issue 48): the visitor's free times (the booking page's
// rules, the meeting's own time left free), in the staff member's zone with the visitor's beside
// each; a day is a link and a time a radio button, so it works without JavaScript. The move
// itself is the manage link's (inbox.server.ts, moveMeetingOf).

export { WorkspaceError as ErrorBoundary } from "../shell/workspace-error.tsx";

export const meta: Route.MetaFunction = workspaceMeta(workspace.inbox.title);

const copy = workspace.submission.move;

export async function loader({ request, params }: Route.LoaderArgs) {
  const { db, staff } = await requireStaff(request);
  const submission = await getSubmission(db, params.id);
  if (!submission || submission.kind !== "meeting") throw data(workspace.submission.notFound, { status: 404 });
  const now = clockNow();
  const meeting = (await meetingsOfSubmissions(db, [submission.id])).get(submission.id);
  // Cancelled or over: nothing to move; its page says what it is.
  if (!meeting || meeting.status !== "confirmed" || meeting.end <= now.toISOString())
    throw redirect(workspacePaths.submission(submission.id));
  const zone = zoneOf(staff);
  const theirZone = submission.fields.timeZone || zone;
  const sender = kindFields.meeting.sender(submission.fields);
  const calendar = await calendarData(new URL(request.url), availabilityFromEnv(bookingEnv), now, {
    defaultZone: zone,
    except: meeting.bookingId,
    beside: { zone: theirZone, template: copy.withTheirs },
  });
  return data(
    {
      id: submission.id,
      name: sender.name || sender.email,
      when: shownTime(meeting.start, zone),
      theirs:
        theirZone !== zone
          ? fillTemplate(workspace.submission.meeting.theirs, { time: formatTime(meeting.start, theirZone), zone: theirZone })
          : null,
      calendar,
    },
    { status: calendar.problems.length ? 400 : 200 },
  );
}

const refusals: Record<MeetingRefused["reason"], string> = {
  taken: copy.errors.taken,
  "day-full": copy.errors.dayFull,
  "outside-hours": copy.errors.notBookable,
  "too-soon": copy.errors.notBookable,
  "too-far": copy.errors.notBookable,
};

export async function action({ request, params }: Route.ActionArgs) {
  const { db, staff } = await requireStaff(request);
  const form = await request.formData();
  let start: Temporal.Instant;
  try {
    start = Temporal.Instant.from(String(form.get("start") ?? ""));
  } catch {
    return data({ error: copy.errors.time }, { status: 400 });
  }
  try {
    if ((await moveMeetingOf(db, params.id, start, staff)) === "gone")
      return data({ error: copy.errors.gone }, { status: 409 });
  } catch (error) {
    if (error instanceof MeetingRefused) return data({ error: refusals[error.reason] }, { status: 409 });
    throw error;
  }
  return redirect(`${workspacePaths.submission(params.id)}?done=move-meeting`, 303);
}

const panelClasses = "rounded-card border border-line bg-surface p-4 sm:p-6";

export default function MoveMeeting({ loaderData: page, actionData }: Route.ComponentProps) {
  const { calendar } = page;
  const path = workspacePaths.moveMeeting(page.id);
  const withTheirs = calendar.day?.slots.some((slot) => slot.ours) ?? false;
  return (
    <Container className="py-6 lg:py-8">
      <Link
        to={workspacePaths.submission(page.id)}
        className="inline-flex min-h-6 items-center text-sm underline underline-offset-4"
      >
        {copy.back}
      </Link>
      <h1 className="mt-3 font-display text-2xl font-extrabold tracking-tight break-words sm:text-3xl">
        {fillTemplate(copy.title, { name: page.name })}
      </h1>
      <p className="mt-2 font-semibold">
        {copy.now} <Time value={page.when} />
      </p>
      {page.theirs ? <p className="text-sm text-ink-muted">{page.theirs}</p> : null}
      <p className="mt-2 max-w-2xl text-sm text-ink-muted">{copy.intro}</p>
      {actionData?.error || calendar.problems.length ? (
        <Alert tone="error" className="mt-4">
          {[actionData?.error, ...calendar.problems].filter(Boolean).map((problem) => (
            <p key={problem}>{problem}</p>
          ))}
        </Alert>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] lg:items-start">
        <div className={panelClasses}>
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
        <section aria-labelledby={timesId} className={panelClasses}>
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
    </Container>
  );
}
