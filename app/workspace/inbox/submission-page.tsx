import { data, Form, Link } from "react-router";
import { Alert } from "#app/ui/alert.tsx";
import { Container } from "#app/ui/container.tsx";
import { getSubmission } from "#app/forms/submissions.server.ts";
import { describeFields } from "#app/forms/submission-fields.ts";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { formatBytes } from "#app/platform/file-size.ts";
import type { Route } from "./+types/submission-page";
import { kindFields } from "./inbox.server.ts";
import { changeSubmission } from "./submission-actions.server.ts";
import { meetingStateLabel, postingTitle, progressLabels, shownTime } from "../shell/workspace-display.ts";
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
      state: meetingStateLabel(meeting, now, zone),
      cancelled: meeting.status === "cancelled",
      videoUrl: meeting.status === "confirmed" && meeting.end > now.toISOString() ? meeting.videoUrl : null,
    },
    rows: describeFields(description, submission.fields).map((row) => ({
      ...row,
      href: contactLink(row.key, row.value),
    })),
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

/** An e-mail address or a phone number as a link that writes or calls. */
function contactLink(key: string, value: string) {
  if (key === "email") return `mailto:${value}`;
  if (key === "phone") return `tel:${value.replace(/[^\d+]/g, "")}`;
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

const buttonClasses = "rounded-control border border-line px-4 py-2 font-semibold hover:bg-surface";

export default function Submission({ loaderData: submission, actionData }: Route.ComponentProps) {
  const copy = workspace.submission;
  const history = activity.history;
  // A cancelled meeting's status is its state (as the inbox shows it); the select records the
  // team's follow-up, in words that cannot read as a live meeting ("New").
  const followUp = submission.meeting?.cancelled ? copy.followUp : null;
  return (
    <Container className="max-w-4xl py-8">
      <Link to={workspacePaths.inbox} className="inline-flex min-h-6 items-center underline underline-offset-4">
        {copy.back}
      </Link>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight">
        {submission.kindLabel}: {submission.name}
        {submission.spam ? ` (${copy.spamLabel})` : ""}
      </h1>
      <p className="mt-2 text-ink-muted">
        {copy.received} <Time value={submission.received} />
        {submission.posting ? ` · ${copy.posting}: ${submission.posting}` : ""}
      </p>
      {submission.meeting ? (
        <p className="mt-2 text-lg">
          <span className="font-semibold">{activity.meetings.takesPlace}:</span>{" "}
          <Time value={submission.meeting.when} /> · <span className="font-semibold">{submission.meeting.state}</span>
          {submission.meeting.videoUrl ? (
            <>
              {" · "}
              <a href={submission.meeting.videoUrl} className="font-semibold text-brand underline underline-offset-4">
                {activity.agenda.join}
              </a>
            </>
          ) : null}
        </p>
      ) : null}
      {submission.changed ? (
        <Alert tone="success" as="p" className="mt-4">
          {submission.changed}
        </Alert>
      ) : null}
      {submission.promise ? <ReplyPromisePanel promise={submission.promise} me={submission.me} /> : null}

      <dl className="mt-6 grid gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]">
        {submission.rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="font-semibold">{row.label}</dt>
            <dd className="break-words">
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
          <h2 id="long-text" className="text-xl font-bold">
            {submission.longText.label}
          </h2>
          <p className="mt-2 whitespace-pre-wrap break-words">{submission.longText.value}</p>
        </section>
      ) : null}

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
        <h2 id="files" className="text-xl font-bold">
          {copy.files}
        </h2>
        {submission.files.length === 0 ? (
          <p className="mt-2 text-ink-muted">{copy.noFiles}</p>
        ) : (
          <ul className="mt-2 space-y-2">
            {submission.files.map((file) => (
              <li key={file.position}>
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
        <h2 id="history" className="text-xl font-bold">
          {history.title}
        </h2>
        <p className="mt-1 text-sm text-ink-muted">{history.intro}</p>
        <ol className="mt-3 space-y-3 border-l border-line pl-4">
          {submission.history.map((entry, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the history in its order, never reordered
            <li key={index}>
              <p>
                <span className="text-sm text-ink-muted whitespace-nowrap">
                  <Time value={entry.at} />
                </span>{" "}
                <span className="font-semibold">
                  <Sentence parts={entry.sentence} />
                </span>
                {entry.who ? <span className="text-ink-muted"> · {entry.who}</span> : null}
                {entry.state ? (
                  <span className={entry.problem ? "text-danger" : "text-ink-muted"}> · {entry.state}</span>
                ) : null}
              </p>
              {entry.details.length ? (
                <ul className="mt-1 text-sm text-ink-muted">
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

      <div className="mt-8 grid gap-6 sm:grid-cols-2">
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="progress" />
          <label htmlFor="progress" className="block text-xl font-bold">
            {followUp ? followUp.label : copy.status}
          </label>
          {followUp && submission.meeting ? (
            <p id="progress-hint" className="text-sm text-ink-muted">
              {fillTemplate(followUp.hint, { state: submission.meeting.state.toLowerCase() })}
            </p>
          ) : null}
          <select
            id="progress"
            name="progress"
            defaultValue={submission.progress}
            aria-describedby={followUp ? "progress-hint" : undefined}
            className="block w-full rounded-control border border-line bg-raised px-3 py-2"
          >
            {Object.entries(followUp ? followUp.states : progressLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <button type="submit" className={buttonClasses}>
            {followUp ? followUp.save : copy.saveStatus}
          </button>
        </Form>
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="note" />
          <label htmlFor="note" className="block text-xl font-bold">
            {copy.note}
          </label>
          <p id="note-hint" className="text-sm text-ink-muted">
            {copy.noteHint}
          </p>
          <textarea
            id="note"
            name="note"
            aria-describedby="note-hint"
            defaultValue={submission.note}
            rows={4}
            maxLength={noteMaxLength}
            className="block w-full rounded-control border border-line bg-raised px-3 py-2"
          />
          <button type="submit" className={buttonClasses}>
            {copy.saveNote}
          </button>
        </Form>
      </div>

      <Form method="post" className="mt-8">
        <input type="hidden" name="intent" value={submission.spam ? "not-spam" : "spam"} />
        <button type="submit" className={buttonClasses}>
          {submission.spam ? copy.notSpam : copy.markSpam}
        </button>
      </Form>
    </Container>
  );
}
