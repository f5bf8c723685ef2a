import { data, Link, redirect } from "react-router";
import { Temporal } from "temporal-polyfill";
import { Alert } from "#app/ui/alert.tsx";
import { Container } from "#app/ui/container.tsx";
import { getSubmission } from "#app/forms/submissions.server.ts";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { now as clockNow } from "#app/platform/clock.ts";
import { meetingsOfSubmissions } from "#app/booking/meeting-queries.server.ts";
import { movableTimes } from "#app/booking/meeting-move.server.ts";
import { MovePicker } from "#app/booking/move-picker.tsx";
import type { Route } from "./+types/move-meeting-page";
import { kindFields, moveMeetingOf } from "./inbox.server.ts";
import { formatTime, shownTime, theirTimeText } from "../shell/workspace-display.ts";
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
  if (submission?.kind !== "meeting") throw data(workspace.submission.notFound, { status: 404 });
  const now = clockNow();
  const meeting = (await meetingsOfSubmissions(db, [submission.id])).get(submission.id);
  // Cancelled or over: nothing to move; its page says what it is.
  if (meeting?.status !== "confirmed" || meeting.end <= now.toISOString())
    throw redirect(workspacePaths.submission(submission.id));
  const zone = zoneOf(staff);
  const theirZone = submission.fields.timeZone || zone;
  const sender = kindFields.meeting.sender(submission.fields);
  const calendar = await movableTimes(new URL(request.url), now, {
    bookingId: meeting.bookingId,
    zone,
    theirZone,
    template: copy.withTheirs,
  });
  return data(
    {
      id: submission.id,
      name: sender.name || sender.email,
      when: shownTime(meeting.start, zone),
      theirs:
        theirZone !== zone
          ? theirTimeText(workspace.submission.meeting, formatTime(meeting.start, theirZone), theirZone)
          : null,
      calendar,
    },
    { status: calendar.problems.length ? 400 : 200 },
  );
}

/** Why a time could not be had, in the team's words. */
const refusals = {
  "not-confirmed": copy.errors.gone,
  gone: copy.errors.gone,
  taken: copy.errors.taken,
  "day-full": copy.errors.dayFull,
  "outside-hours": copy.errors.notBookable,
  "too-soon": copy.errors.notBookable,
  "too-far": copy.errors.notBookable,
} as const;

export async function action({ request, params }: Route.ActionArgs) {
  const { db, staff } = await requireStaff(request);
  const form = await request.formData();
  let start: Temporal.Instant;
  try {
    start = Temporal.Instant.from(String(form.get("start") ?? ""));
  } catch {
    return data({ error: copy.errors.time }, { status: 400 });
  }
  const moved = await moveMeetingOf(db, params.id, start, staff);
  if (moved !== "moved") return data({ error: refusals[moved] }, { status: 409 });
  return redirect(`${workspacePaths.submission(params.id)}?done=move-meeting`, 303);
}

export default function MoveMeeting({ loaderData: page, actionData }: Route.ComponentProps) {
  const { calendar } = page;
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
      <div className="mt-6">
        <MovePicker calendar={calendar} path={workspacePaths.moveMeeting(page.id)} copy={copy} />
      </div>
    </Container>
  );
}
