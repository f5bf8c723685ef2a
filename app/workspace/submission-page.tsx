import { data, Form, Link } from "react-router";
import { Alert } from "#app/ui/alert.tsx";
import { Container } from "#app/ui/container.tsx";
import { getSubmission } from "#app/forms/submissions.server.ts";
import { describeFields } from "#app/forms/submission-fields.ts";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { formatBytes } from "#app/platform/file-size.ts";
import { webhookLog } from "#app/webhooks/log.server.ts";
import type { Route } from "./+types/submission-page";
import { kindFields } from "./inbox.server.ts";
import { changeSubmission } from "./submission-actions.server.ts";
import { ReplyPromisePanel } from "./reply-promise-panel.tsx";
import { replyPromiseOf } from "./reply-promise.server.ts";
import {
  attemptResult,
  formatTime,
  mailStateLabel,
  postingTitle,
  progressLabels,
  webhookStateLabel,
} from "./workspace-display.ts";
import { requireStaff } from "./session.server.ts";
import { workspace } from "./workspace-content.ts";
import { noteMaxLength } from "./workspace-limits.ts";
import { workspacePaths } from "./workspace-paths.ts";
import { workspaceMeta } from "./workspace-error.tsx";

export { WorkspaceError as ErrorBoundary } from "./workspace-error.tsx";

export const meta: Route.MetaFunction = workspaceMeta(workspace.inbox.title);

export async function loader({ request, params }: Route.LoaderArgs) {
  const { db, staff } = await requireStaff(request);
  const submission = await getSubmission(db, params.id);
  if (!submission) throw data(workspace.submission.notFound, { status: 404 });
  const description = kindFields[submission.kind];
  const longText = description.longText ? submission.fields[description.longText.key] : null;
  return {
    id: submission.id,
    kindLabel: description.label,
    createdAt: submission.createdAt,
    spam: submission.status === "spam",
    posting: submission.kind === "application" ? postingTitle(submission.job) : null,
    rows: describeFields(description, submission.fields),
    longText: description.longText && longText ? { label: description.longText.label, value: longText } : null,
    files: submission.attachments.map((file, position) => ({ ...file, position, size: formatBytes(file.size) })),
    mail: submission.mail,
    webhooks: await webhookLog(db, submission.id),
    progress: submission.progress,
    note: submission.note ?? "",
    saved: new URL(request.url).searchParams.get("saved") === "1",
    promise: await replyPromiseOf(db, submission.id),
    me: staff.id,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  return changeSubmission(request, params.id);
}

const buttonClasses = "rounded-control border border-line px-4 py-2 font-semibold hover:bg-surface";

export default function Submission({ loaderData: submission }: Route.ComponentProps) {
  const copy = workspace.submission;
  return (
    <Container className="max-w-4xl py-8">
      <Link to={workspacePaths.inbox} className="inline-flex min-h-6 items-center underline underline-offset-4">
        {copy.back}
      </Link>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight">
        {submission.kindLabel}: {submission.rows[0]?.value}
        {submission.spam ? ` (${copy.spamLabel})` : ""}
      </h1>
      <p className="mt-2 text-ink-muted">
        {copy.received} {formatTime(submission.createdAt)}
        {submission.posting ? ` · ${copy.posting}: ${submission.posting}` : ""}
      </p>
      {submission.saved ? (
        <Alert tone="success" as="p" className="mt-4">
          {copy.saved}
        </Alert>
      ) : null}
      {submission.promise ? <ReplyPromisePanel promise={submission.promise} me={submission.me} /> : null}

      <dl className="mt-6 grid gap-x-6 gap-y-3 sm:grid-cols-[12rem_1fr]">
        {submission.rows.map((row) => (
          <div key={row.label} className="contents">
            <dt className="font-semibold">{row.label}</dt>
            <dd className="break-words">{row.value}</dd>
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

      <section aria-labelledby="notification" className="mt-8">
        <h2 id="notification" className="text-xl font-bold">
          {copy.notification}
        </h2>
        {submission.mail.length === 0 ? (
          <p className="mt-2 text-ink-muted">{copy.noNotification}</p>
        ) : (
          submission.mail.map((mail, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: the e-mails in the order they were queued, never reordered
            <div key={index} className="mt-2 flex flex-wrap items-center gap-4">
              <p>
                {mail.receipt ? `${copy.receipt}: ` : ""}
                {mailStateLabel(mail.status)}
                {mail.sentAt ? ` ${formatTime(mail.sentAt)}` : ""}
                {mail.status !== "sent" && mail.attempts ? ` (${mail.attempts} attempts)` : ""}
              </p>
              {mail.status !== "sent" ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="retry-mail" />
                  <button type="submit" className={buttonClasses}>
                    {copy.retry}
                  </button>
                </Form>
              ) : null}
            </div>
          ))
        )}
      </section>

      <section aria-labelledby="webhooks" className="mt-8">
        <h2 id="webhooks" className="text-xl font-bold">
          {copy.webhooks.title}
        </h2>
        {submission.webhooks.length === 0 ? (
          <p className="mt-2 text-ink-muted">{copy.webhooks.none}</p>
        ) : (
          <>
            <div className="mt-2 overflow-x-auto">
              <table className="w-full text-left">
                <thead>
                  <tr>
                    <th className="py-2 pr-4">{copy.webhooks.columns.endpoint}</th>
                    <th className="py-2 pr-4">{copy.webhooks.columns.event}</th>
                    <th className="py-2 pr-4">{copy.webhooks.columns.state}</th>
                    <th className="py-2">{copy.webhooks.columns.attempts}</th>
                  </tr>
                </thead>
                <tbody>
                  {submission.webhooks.map((delivery) => (
                    <tr key={delivery.id} className="border-t border-line align-top">
                      <td className="py-2 pr-4 font-semibold">{delivery.endpoint}</td>
                      <td className="py-2 pr-4">{delivery.type}</td>
                      <td className="py-2 pr-4">
                        {webhookStateLabel(delivery.status)}
                        {delivery.deliveredAt ? ` ${formatTime(delivery.deliveredAt)}` : ""}
                        {delivery.nextAttemptAt
                          ? `, ${fillTemplate(copy.webhooks.nextAttempt, { time: formatTime(delivery.nextAttemptAt) })}`
                          : ""}
                      </td>
                      <td className="py-2">
                        <ol className="space-y-1">
                          {delivery.attempts.map((attempt, index) => (
                            // biome-ignore lint/suspicious/noArrayIndexKey: attempts in the order they were made, never reordered
                            <li key={index}>
                              {fillTemplate(copy.webhooks.attempt, {
                                time: formatTime(attempt.at),
                                result: attemptResult(attempt),
                                ms: attempt.durationMs,
                              })}
                            </li>
                          ))}
                        </ol>
                        {delivery.attempts.length === 0 && delivery.lastError ? delivery.lastError : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Form method="post" className="mt-3">
              <input type="hidden" name="intent" value="redeliver-webhooks" />
              <button type="submit" className={buttonClasses}>
                {copy.webhooks.redeliver}
              </button>
            </Form>
          </>
        )}
      </section>

      <div className="mt-8 grid gap-6 sm:grid-cols-2">
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="progress" />
          <label htmlFor="progress" className="block text-xl font-bold">
            {copy.status}
          </label>
          <select
            id="progress"
            name="progress"
            defaultValue={submission.progress}
            className="block w-full rounded-control border border-line bg-raised px-3 py-2"
          >
            {Object.entries(progressLabels).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
          <button type="submit" className={buttonClasses}>
            {copy.saveStatus}
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
