import { data, Form, Link } from "react-router";
import { Alert } from "#app/ui/alert.tsx";
import { Container } from "#app/ui/container.tsx";
import { getSubmission } from "#app/forms/submissions.server.ts";
import { describeFields } from "#app/forms/submission-fields.ts";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { formatBytes } from "#app/platform/file-size.ts";
import type { Route } from "./+types/submission-page";
import { kindFields, markOpened } from "./inbox.server.ts";
import { changeSubmission } from "./submission-actions.server.ts";
import {
  formatTime,
  meetingStateLabel,
  postingTitle,
  progressLabels,
  shownTime,
  stateTone,
  theirTimeText,
} from "../shell/workspace-display.ts";
import { Badge } from "../shell/badge.tsx";
import { requireStaff, zoneOf } from "../sign-in/session.server.ts";
import { meetingsOfSubmissions } from "#app/booking/meeting-queries.server.ts";
import { now as clockNow } from "#app/platform/clock.ts";
import { activity } from "../shell/activity-content.ts";
import { submissionHistory } from "./history.server.ts";
import { Sentence } from "../shell/sentence.tsx";
import { Time } from "../shell/time.tsx";
import { ReplyPromisePanel } from "./reply-promise-panel.tsx";
import { ReplyForm } from "./reply-form.tsx";
import { replyPromiseOf, replySubject } from "./reply-promise.server.ts";
import { workspace } from "../shell/workspace-content.ts";
import { noteMaxLength } from "../shell/workspace-limits.ts";
import { workspacePaths } from "../workspace-paths.ts";
import { workspaceMeta } from "../shell/workspace-error.tsx";

export { WorkspaceError as ErrorBoundary } from "../shell/workspace-error.tsx";

export const meta: Route.MetaFunction = workspaceMeta(workspace.inbox.title);

export async function loader({ request, params }: Route.LoaderArgs) {
  const { db, staff } = await requireStaff(request);
  const submission = await getSubmission(db, params.id);
  if (!submission) throw data(workspace.submission.notFound, { status: 404 });
  const zone = zoneOf(staff);
  const now = clockNow();
  const description = kindFields[submission.kind];
  const sender = description.sender(submission.fields);
  const longText = description.longText ? submission.fields[description.longText.key] : null;
  const meeting =
    submission.kind === "meeting"
      ? ((await meetingsOfSubmissions(db, [submission.id])).get(submission.id) ?? null)
      : null;
  const done = new URL(request.url).searchParams.get("done");
  const history = await submissionHistory(db, submission, meeting, { zone, now });
  await markOpened(db, submission.id, now);
  return {
    id: submission.id,
    kindLabel: description.label,
    // The whole name, as the inbox shows it (an application's first and last name).
    name: sender.name || sender.email,
    received: shownTime(submission.createdAt, zone),
    spam: submission.status === "spam",
    posting: submission.kind === "application" ? postingTitle(submission) : null,
    meeting: meeting && {
      when: shownTime(meeting.start, zone),
      // The visitor's own zone beside it, as they chose it when booking.
      theirs:
        submission.fields.timeZone && submission.fields.timeZone !== zone
          ? { zone: submission.fields.timeZone, text: formatTime(meeting.start, submission.fields.timeZone) }
          : null,
      cancellable: meeting.status === "confirmed" && meeting.end > now.toISOString(),
      state: meetingStateLabel(meeting, now, zone),
      cancelled: meeting.status === "cancelled",
      videoUrl: meeting.status === "confirmed" && meeting.end > now.toISOString() ? meeting.videoUrl : null,
    },
    // A meeting's time is shown once, in the panel: not again as the fields' three spellings of it.
    rows: describeFields(description, submission.fields)
      .filter((row) => !(meeting && meetingTimeKeys.has(row.key)))
      .map((row) => ({ ...row, href: contactLink(row.key, row.value) })),
    tone: stateTone(submission.status === "spam", submission.progress, meeting?.status === "cancelled"),
    stateText:
      meeting?.status === "cancelled"
        ? meetingStateLabel(meeting, now, zone)
        : submission.status === "spam"
          ? workspace.inbox.states.spam
          : progressLabels[submission.progress],
    longText: description.longText && longText ? { label: description.longText.label, value: longText } : null,
    files: submission.attachments.map((file, position) => ({ ...file, position, size: formatBytes(file.size) })),
    history: history.entries,
    noMail: submission.mail.length === 0,
    unsentMail: submission.mail.some((mail) => mail.status !== "sent"),
    hasWebhooks: history.webhooks > 0,
    progress: submission.progress,
    note: submission.note ?? "",
    changed: changedMessage(done, submission, meeting?.status === "cancelled"),
    promise: await replyPromiseOf(db, submission.id),
    // An inquiry (not spam) is answered from here by e-mail; the form starts afresh after each reply.
    reply:
      submission.kind === "contact" && submission.status !== "spam" && sender.email
        ? {
            to: sender.email,
            subject: replySubject(),
            sent: submission.mail.filter((mail) => mail.kind === "reply").length,
          }
        : null,
    me: staff.id,
  };
}

/** The fields a meeting stores its time in: the page shows the time once, in the meeting's panel. */
const meetingTimeKeys = new Set(["when", "visitorWhen", "start", "timeZone"]);

/** An e-mail address or a phone number as a link that writes or calls; a web address (LinkedIn, GitHub, a portfolio) as a link. */
function contactLink(key: string, value: string) {
  if (key === "email") return `mailto:${value}`;
  if (key === "phone") return `tel:${value.replace(/[^\d+]/g, "")}`;
  if (/^https?:\/\/[^\s]+$/i.test(value)) return value;
  return null;
}

/** What the page says after a change: what happened, not "Saved.". */
function changedMessage(
  done: string | null,
  submission: { progress: keyof typeof progressLabels; note: string | null },
  cancelledMeeting: boolean,
) {
  const copy = activity.changed;
  if (done === "progress" && cancelledMeeting) {
    const followUp = workspace.submission.followUp;
    return fillTemplate(followUp.saved, { state: followUp.states[submission.progress] });
  }
  if (done === "progress") return fillTemplate(copy.progress, { state: progressLabels[submission.progress] });
  if (done === "note") return submission.note ? copy.note : copy.noteCleared;
  if (done && Object.hasOwn(copy, done)) return copy[done as keyof typeof copy];
  return null;
}

export async function action({ request, params }: Route.ActionArgs) {
  return changeSubmission(request, params.id);
}

const buttonClasses = "min-h-10 rounded-control border border-line bg-raised px-4 font-semibold hover:bg-surface";
const primaryClasses = "min-h-10 rounded-control bg-brand px-4 font-semibold text-brand-ink hover:bg-brand-strong";
const fieldClasses = "block w-full rounded-control border border-line bg-raised px-3 py-2";
const panelClasses = "rounded-card border border-line bg-surface p-4";

export default function Submission({ loaderData: submission, actionData }: Route.ComponentProps) {
  const copy = workspace.submission;
  const history = activity.history;
  // A cancelled meeting's status is its state (as the inbox shows it); the select records the
  // team's follow-up, in words that cannot read as a live meeting ("New").
  const followUp = submission.meeting?.cancelled ? copy.followUp : null;
  // One primary action a page: the reply for an inquiry, else the status.
  const statusIsPrimary = !submission.reply;
  return (
    <Container className="py-6 lg:py-8">
      <Link to={workspacePaths.inbox} className="inline-flex min-h-6 items-center text-sm underline underline-offset-4">
        {copy.back}
      </Link>
      <h1 className="mt-3 font-display text-2xl font-extrabold tracking-tight break-words sm:text-3xl">
        {submission.kindLabel}: {submission.name}
        {submission.spam ? ` (${copy.spamLabel})` : ""}
      </h1>
      <p className="mt-1 text-sm text-ink-muted">
        {copy.received} <Time value={submission.received} />
        {submission.posting ? ` · ${copy.posting}: ${submission.posting}` : ""}
      </p>
      {submission.changed ? (
        <Alert tone="success" as="p" className="mt-4">
          {submission.changed}
        </Alert>
      ) : null}

      <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem] lg:items-start">
        {/* At a glance: above the content on a phone, beside it on a wide screen. */}
        <section aria-label={copy.glance} className="grid gap-4 text-sm lg:col-start-2 lg:row-start-1">
          <Form method="post" className={`${panelClasses} grid gap-2`}>
            <input type="hidden" name="intent" value="progress" />
            <p>
              <Badge tone={submission.tone}>{submission.stateText}</Badge>
            </p>
            <label htmlFor="progress" className="font-semibold">
              {followUp ? followUp.label : copy.status}
            </label>
            {followUp && submission.meeting ? (
              <p id="progress-hint" className="text-ink-muted">
                {fillTemplate(followUp.hint, { state: submission.meeting.state.toLowerCase() })}
              </p>
            ) : null}
            <div className="flex gap-2">
              <select
                id="progress"
                name="progress"
                defaultValue={submission.progress}
                aria-describedby={followUp ? "progress-hint" : undefined}
                className={`${fieldClasses} min-w-0 flex-1`}
              >
                {Object.entries(followUp ? followUp.states : progressLabels).map(([value, label]) => (
                  <option key={value} value={value}>
                    {label}
                  </option>
                ))}
              </select>
              <button type="submit" className={statusIsPrimary ? primaryClasses : buttonClasses}>
                {followUp ? followUp.save : copy.saveStatus}
              </button>
            </div>
          </Form>

          {submission.meeting ? (
            <section aria-labelledby="meeting" className={panelClasses}>
              <h2 id="meeting" className="font-semibold">
                {copy.meeting.title} · {submission.meeting.state}
              </h2>
              <p className="mt-1 text-base font-semibold">
                <Time value={submission.meeting.when} />
              </p>
              {submission.meeting.theirs ? (
                <p className="text-ink-muted">
                  {theirTimeText(copy.meeting, submission.meeting.theirs.text, submission.meeting.theirs.zone)}
                </p>
              ) : null}
              {submission.meeting.videoUrl ? (
                <a
                  href={submission.meeting.videoUrl}
                  className="mt-2 inline-flex min-h-6 items-center font-semibold text-brand underline underline-offset-4"
                >
                  {activity.agenda.join}
                </a>
              ) : null}
              {submission.meeting.cancellable ? (
                <p className="mt-3">
                  <Link
                    to={workspacePaths.moveMeeting(submission.id)}
                    className="inline-flex min-h-8 items-center font-semibold text-brand underline underline-offset-4"
                  >
                    {copy.meeting.move}
                  </Link>
                </p>
              ) : null}
              {submission.meeting.cancellable ? (
                // Asks once, without JavaScript: the confirmation is behind the disclosure.
                <details className="mt-1">
                  <summary className="inline-flex min-h-8 cursor-pointer items-center font-semibold text-danger">
                    {copy.meeting.cancel}
                  </summary>
                  <Form method="post" className="mt-2 grid gap-2">
                    <input type="hidden" name="intent" value="cancel-meeting" />
                    <p className="text-ink-muted">{copy.meeting.cancelHint}</p>
                    <button
                      type="submit"
                      className="min-h-10 justify-self-start rounded-control border border-danger px-4 font-semibold text-danger hover:bg-raised"
                    >
                      {copy.meeting.confirm}
                    </button>
                  </Form>
                </details>
              ) : null}
            </section>
          ) : null}

          {submission.promise ? <ReplyPromisePanel promise={submission.promise} me={submission.me} /> : null}

          <Form method="post" className={`${panelClasses} grid gap-2`}>
            <input type="hidden" name="intent" value="note" />
            <label htmlFor="note" className="font-semibold">
              {copy.note}
            </label>
            <p id="note-hint" className="text-ink-muted">
              {copy.noteHint}
            </p>
            <textarea
              id="note"
              name="note"
              aria-describedby="note-hint"
              defaultValue={submission.note}
              rows={3}
              maxLength={noteMaxLength}
              className={fieldClasses}
            />
            <button type="submit" className={`${buttonClasses} justify-self-start`}>
              {copy.saveNote}
            </button>
          </Form>

          <Form method="post">
            <input type="hidden" name="intent" value={submission.spam ? "not-spam" : "spam"} />
            <button type="submit" className="min-h-8 font-semibold text-ink-muted underline underline-offset-4">
              {submission.spam ? copy.notSpam : copy.markSpam}
            </button>
          </Form>
        </section>

        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          <section aria-label={copy.details}>
            <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[10rem_minmax(0,1fr)]">
              {submission.rows.map((row) => (
                <div key={row.label} className="contents">
                  <dt className="font-semibold">{row.label}</dt>
                  <dd className="mb-2 break-words sm:mb-0">
                    {row.href ? (
                      <a href={row.href} className="text-brand underline underline-offset-4">
                        {row.value}
                      </a>
                    ) : (
                      row.value
                    )}
                  </dd>
                </div>
              ))}
            </dl>
            {submission.longText ? (
              <section aria-labelledby="long-text" className="mt-6">
                <h2 id="long-text" className="text-lg font-bold">
                  {submission.longText.label}
                </h2>
                <p className="mt-2 whitespace-pre-wrap break-words">{submission.longText.value}</p>
              </section>
            ) : null}
          </section>

          {submission.reply ? (
            <ReplyForm
              key={submission.reply.sent}
              to={submission.reply.to}
              subject={submission.reply.subject}
              lastResult={actionData?.reply}
              formError={actionData?.formError ?? null}
            />
          ) : null}

          <section aria-labelledby="files" className="mt-8">
            <h2 id="files" className="text-lg font-bold">
              {copy.files}
            </h2>
            {submission.files.length === 0 ? (
              <p className="mt-2 text-ink-muted">{copy.noFiles}</p>
            ) : (
              <ul className="mt-2 space-y-2">
                {submission.files.map((file) => (
                  <li key={file.position} className="break-words">
                    <a
                      href={workspacePaths.file(submission.id, file.position)}
                      download
                      className="font-semibold text-brand underline underline-offset-4"
                    >
                      {copy.download} {file.name}
                    </a>{" "}
                    <span className="text-ink-muted">
                      ({file.type}, {file.size})
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </section>

          <section aria-labelledby="history" className="mt-8">
            <h2 id="history" className="text-lg font-bold">
              {history.title}
            </h2>
            <p className="mt-1 text-sm text-ink-muted">{history.intro}</p>
            <ol className="mt-3 space-y-3 border-l border-line pl-4 text-sm">
              {submission.history.map((entry, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: the history in its order, never reordered
                <li key={index} className="break-words">
                  <p>
                    <span className="block text-ink-muted">
                      <Time value={entry.at} />
                    </span>
                    <span className="font-semibold">
                      <Sentence parts={entry.sentence} />
                    </span>
                    {entry.who ? <span className="text-ink-muted"> · {entry.who}</span> : null}
                    {entry.state ? (
                      <span className={entry.problem ? "text-danger" : "text-ink-muted"}> · {entry.state}</span>
                    ) : null}
                  </p>
                  {entry.details.length ? (
                    <ul className="mt-1 text-ink-muted">
                      {entry.details.map((line, lineIndex) => (
                        // biome-ignore lint/suspicious/noArrayIndexKey: attempts in the order they were made
                        <li key={lineIndex}>{line}</li>
                      ))}
                    </ul>
                  ) : null}
                </li>
              ))}
            </ol>
            {submission.noMail ? <p className="mt-2 text-ink-muted">{copy.noNotification}</p> : null}
            <div className="mt-3 flex flex-wrap gap-3">
              {submission.unsentMail ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="retry-mail" />
                  <button type="submit" className={buttonClasses}>
                    {history.retry}
                  </button>
                </Form>
              ) : null}
              {submission.hasWebhooks ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="redeliver-webhooks" />
                  <button type="submit" className={buttonClasses}>
                    {history.redeliver}
                  </button>
                </Form>
              ) : null}
            </div>
          </section>
        </div>
      </div>
    </Container>
  );
}
