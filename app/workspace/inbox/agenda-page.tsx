import { Link } from "react-router";
import { Container } from "#app/ui/container.tsx";
import { upcomingMeetings } from "#app/booking/meeting-queries.server.ts";
import { now as clockNow } from "#app/platform/clock.ts";
import { fillTemplate } from "#app/platform/fill-template.ts";
import type { Route } from "./+types/agenda-page";
import { activity } from "../shell/activity-content.ts";
import { kindFields } from "./inbox.server.ts";
import { requireStaff, zoneOf } from "../sign-in/session.server.ts";
import { Time } from "../shell/time.tsx";
import { workspace } from "../shell/workspace-content.ts";
import { clockTime, dayName, meetingStateLabel, shownTime } from "../shell/workspace-display.ts";
import { workspacePaths } from "../workspace-paths.ts";
import { workspaceMeta } from "../shell/workspace-error.tsx";

// The meetings still to come, soonest first, grouped by day in the person's zone (today first),
// each with who booked it and its video link: what a sales lead opens in the morning.

export { WorkspaceError as ErrorBoundary } from "../shell/workspace-error.tsx";

export const meta: Route.MetaFunction = workspaceMeta(activity.agenda.title);

export async function loader({ request }: Route.LoaderArgs) {
  const { db, staff } = await requireStaff(request);
  const zone = zoneOf(staff);
  const now = clockNow();
  const today = dayName(now.toISOString(), zone);
  const tomorrow = dayName(new Date(now.getTime() + 24 * 3600_000).toISOString(), zone);
  const days: Array<{ day: string; meetings: Array<Record<string, unknown>> }> = [];
  const meetings = (await upcomingMeetings(db, { now })).map((meeting) => {
    const sender = meeting.fields ? kindFields.meeting.sender(meeting.fields) : null;
    const day = dayName(meeting.start, zone);
    return {
      id: meeting.bookingId,
      day:
        day === today
          ? `${activity.agenda.today}, ${day}`
          : day === tomorrow
            ? `${activity.agenda.tomorrow}, ${day}`
            : day,
      time: { ...shownTime(meeting.start, zone), text: clockTime(meeting.start, zone) },
      name: sender ? sender.name || sender.email : null,
      company: sender?.company ?? null,
      href: meeting.submissionId ? workspacePaths.submission(meeting.submissionId) : null,
      videoUrl: meeting.videoUrl,
      state: meetingStateLabel(meeting, now, zone),
    };
  });
  for (const meeting of meetings) {
    const last = days.at(-1);
    if (last?.day === meeting.day) last.meetings.push(meeting);
    else days.push({ day: meeting.day, meetings: [meeting] });
  }
  return { zone, days: days as Array<{ day: string; meetings: typeof meetings }> };
}

export default function Agenda({ loaderData }: Route.ComponentProps) {
  const copy = activity.agenda;
  return (
    <Container className="max-w-4xl py-8">
      <h1 className="text-3xl font-extrabold tracking-tight">{copy.title}</h1>
      <p className="mt-2 text-ink-muted">{fillTemplate(copy.intro, { zone: loaderData.zone })}</p>
      {loaderData.days.length === 0 ? <p className="mt-8 text-ink-muted">{copy.empty}</p> : null}
      {loaderData.days.map((day) => (
        <section key={day.day} aria-label={day.day} className="mt-8">
          <h2 className="text-xl font-bold">{day.day}</h2>
          <ul className="mt-3 divide-y divide-line rounded-card border border-line">
            {day.meetings.map((meeting) => (
              <li
                key={meeting.id}
                className="grid gap-x-6 gap-y-1 p-4 sm:grid-cols-[minmax(7rem,max-content)_minmax(0,1fr)_auto] sm:items-baseline"
              >
                <span className="font-semibold whitespace-nowrap">
                  <Time value={meeting.time} />
                </span>
                <span className="min-w-0 break-words">
                  {meeting.href ? (
                    <Link to={meeting.href} className="font-semibold text-brand underline-offset-4 hover:underline">
                      {meeting.name ?? workspace.inbox.title}
                    </Link>
                  ) : (
                    (meeting.name ?? "")
                  )}
                  {meeting.company ? <span className="text-ink-muted"> · {meeting.company}</span> : null}
                  {meeting.state !== activity.meetings.booked ? (
                    <span className="block text-sm text-ink-muted">{meeting.state}</span>
                  ) : null}
                </span>
                {meeting.videoUrl ? (
                  <a href={meeting.videoUrl} className="font-semibold text-brand underline underline-offset-4">
                    {copy.join}
                  </a>
                ) : (
                  <span className="text-sm text-ink-muted">{activity.meetings.noVideo}</span>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </Container>
  );
}
