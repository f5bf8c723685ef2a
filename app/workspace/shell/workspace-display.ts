import type {
  MailKind,
  MeetingCanceller,
  RecipientRole,
  SubmissionKind,
  SubmissionProgress,
} from "#app/platform/db.server.ts";
import { now as clockNow } from "#app/platform/clock.ts";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { isTimeZoneName, zoneChoices } from "#app/platform/time-zones.ts";
import { activity } from "./activity-content.ts";
import { workspace } from "./workspace-content.ts";

// How the workspace names what it shows of a submission; the command line
// (`npm run submissions`) shows submissions with the same words.

/** Where the team is with a submission, as the inbox shows it. */
export const progressLabels: Record<SubmissionProgress, string> = {
  new: "New",
  in_progress: "In progress",
  done: "Done",
};

/** The posting an application was sent for, by its title when it arrived (else its address). */
export const postingTitle = ({ job, jobTitle }: { job: string | null; jobTitle: string | null }) =>
  job ? (jobTitle ?? job) : workspace.inbox.filters.generalApplication;

/** A notification's delivery state: "Sent", "Waiting to be sent", "Failed". */
export const mailStateLabel = (status: string) =>
  workspace.submission.mailStates[status as keyof typeof workspace.submission.mailStates] ?? status;

/** A webhook delivery's state: "Delivered", "Waiting to be sent", "Failed". */
export const webhookStateLabel = (status: string) =>
  workspace.submission.webhooks.states[status as keyof typeof workspace.submission.webhooks.states] ?? status;

/** One request of the delivery log: "HTTP 200", or what went wrong. */
export const attemptResult = (attempt: { statusCode: number | null; error: string | null }) =>
  attempt.error ?? `HTTP ${attempt.statusCode}`;

/** The inbox's status filter: "open" is everything not done, "all" every status but spam, which stays apart. */
export const states = ["open", "new", "in_progress", "done", "all", "spam"] as const;
export type InboxState = (typeof states)[number];

/** The inbox's meeting filter: those to come, those past, those cancelled. */
export const meetingFilters = ["upcoming", "past", "cancelled"] as const;
export type MeetingFilter = (typeof meetingFilters)[number];

// Times: every person sees them in their own zone (staff.time_zone, set from their browser),
// the command line and the files in UTC. A time is shown short, with its exact value on hover.

/** The zones a person can choose from, UTC first, by their current names ("Asia/Kolkata", never "Asia/Calcutta"). */
export const timeZoneChoices = () => ["UTC", ...zoneChoices().filter((zone) => zone !== "UTC")];

const formatters = new Map<
  string,
  {
    short: Intl.DateTimeFormat;
    exact: Intl.DateTimeFormat;
    day: Intl.DateTimeFormat;
    clock: Intl.DateTimeFormat;
    date: Intl.DateTimeFormat;
  }
>();
function formattersFor(zone: string) {
  let found = formatters.get(zone);
  if (!found) {
    const timeZone = isTimeZoneName(zone) ? zone : "UTC";
    found = {
      short: new Intl.DateTimeFormat("en-GB", {
        day: "numeric",
        month: "short",
        year: "numeric",
        hour: "2-digit",
        minute: "2-digit",
        timeZone,
        timeZoneName: "short",
      }),
      exact: new Intl.DateTimeFormat("en-GB", { dateStyle: "full", timeStyle: "long", timeZone }),
      day: new Intl.DateTimeFormat("en-GB", {
        weekday: "long",
        day: "numeric",
        month: "long",
        year: "numeric",
        timeZone,
      }),
      clock: new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit", timeZone, timeZoneName: "short" }),
      date: new Intl.DateTimeFormat("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone }),
    };
    formatters.set(zone, found);
  }
  return found;
}

/** A stored ISO time as the workspace shows it: "23 Nov 2026, 13:39 CET" (UTC unless a zone is given). */
export const formatTime = (iso: string, zone = "UTC") => formattersFor(zone).short.format(new Date(iso));

/** A time as a page shows it: short, with the exact moment for a `<time>` element's title. */
export type ShownTime = { iso: string; text: string; exact: string };
export function shownTime(iso: string, zone: string): ShownTime {
  const exact = formattersFor(zone).exact.format(new Date(iso));
  return {
    iso,
    text: formatTime(iso, zone),
    exact: zone === "UTC" ? exact : `${exact} (${formattersFor("UTC").exact.format(new Date(iso))})`,
  };
}

/**
 * A time as the inbox shows it: how long ago ("just now", "25 min ago", "2 h ago", "3 d ago"),
 * the date once it is more than a week old ("29 Nov 2026"); the exact moment on hover and focus.
 */
export function relativeTime(iso: string, zone: string, now: Date): ShownTime {
  const shown = shownTime(iso, zone);
  const minutes = Math.max(0, Math.floor((now.getTime() - Date.parse(iso)) / 60_000));
  const words = workspace.inbox.ago;
  const text =
    minutes < 1
      ? words.now
      : minutes < 60
        ? fillTemplate(words.minutes, { n: String(minutes) })
        : minutes < 48 * 60
          ? fillTemplate(words.hours, { n: String(Math.floor(minutes / 60)) })
          : minutes < 7 * 24 * 60
            ? fillTemplate(words.days, { n: String(Math.floor(minutes / 1440)) })
            : formattersFor(zone).date.format(new Date(iso));
  return { ...shown, text };
}

/** A day's name in a zone ("Tuesday, 24 November 2026"), a time of day ("10:00 CET"), a date ("29 Nov 2026"). */
/** A meeting's time as the visitor sees it, their zone named once ("17:00 UTC for them", not "(UTC)" again). */
export const theirTimeText = (copy: { theirs: string; theirsNamed: string }, time: string, zone: string) =>
  time.endsWith(` ${zone}`) ? fillTemplate(copy.theirsNamed, { time }) : fillTemplate(copy.theirs, { time, zone });

export const dayName = (iso: string, zone: string) => formattersFor(zone).day.format(new Date(iso));
export const clockTime = (iso: string, zone: string) => formattersFor(zone).clock.format(new Date(iso));
export const shortDate = (iso: string, zone: string) => formattersFor(zone).date.format(new Date(iso));

/** A meeting as the workspace reads it (app/booking/meeting-queries.server.ts gives it). */
export type MeetingFacts = {
  start: string;
  end: string;
  status: "confirmed" | "cancelled";
  cancelledBy: MeetingCanceller | null;
  previousStart: string | null;
};

/** A meeting's state in words: booked, moved (with the earlier time), cancelled (by whom) or past. */
export function meetingStateLabel(meeting: MeetingFacts, now: Date, zone = "UTC") {
  const copy = activity.meetings;
  if (meeting.status === "cancelled") return copy.cancelled[meeting.cancelledBy ?? "unknown"];
  if (Date.parse(meeting.end) <= now.getTime()) return copy.past;
  if (meeting.previousStart) return fillTemplate(copy.moved, { time: formatTime(meeting.previousStart, zone) });
  return copy.booked;
}

/**
 * Where the team is with a cancelled meeting, in the words of its page's "Follow-up" select:
 * "Follow-up: Nothing done yet", never "New" for a meeting that will not happen.
 */
export function followUpLabel(progress: SubmissionProgress) {
  const { followUp } = workspace.submission;
  return fillTemplate(followUp.inList, { state: followUp.states[progress] });
}

/**
 * A submission's state in one phrase, the same in the inbox, the files and the command line:
 * spam, or a meeting's state and then where the team is with it (a cancelled meeting's follow-up,
 * never "New"), or only where the team is with it.
 */
export function stateLabel(
  spam: boolean,
  progress: SubmissionProgress,
  meeting: MeetingFacts | null = null,
  { now = clockNow(), zone = "UTC" }: { now?: Date; zone?: string } = {},
) {
  if (spam) return workspace.inbox.states.spam;
  if (!meeting) return progressLabels[progress];
  const state = meetingStateLabel(meeting, now, zone);
  return `${state} · ${meeting.status === "cancelled" ? followUpLabel(progress) : progressLabels[progress]}`;
}

/** A state's badge colour: new work stands out, work under way is warm, done and spam are quiet, a cancelled meeting warns. */
export function stateTone(spam: boolean, progress: SubmissionProgress, cancelledMeeting = false) {
  if (spam) return "quiet" as const;
  if (cancelledMeeting) return "warning" as const;
  return progress === "new" ? ("new" as const) : progress === "in_progress" ? ("active" as const) : ("quiet" as const);
}

/** Whom an e-mail went to, in the submission's words: the team, the visitor, the applicant. */
export function recipientLabel(role: RecipientRole | null, kind: SubmissionKind | null) {
  if (role === "visitor" && kind === "application") return activity.mail.roles.applicant;
  return activity.mail.roles[role ?? "team"];
}

/** "Invitation to the visitor", "Notification to the team". */
export const mailLabel = (
  mail: { kind: MailKind | null; recipientRole: RecipientRole | null },
  submissionKind: SubmissionKind | null,
) =>
  fillTemplate(activity.mail.entry, {
    kind: activity.mail.kinds[mail.kind ?? "unknown"],
    role: recipientLabel(mail.recipientRole, submissionKind),
  });
