import { Form, Link } from "react-router";
import { Container } from "#app/ui/container.tsx";
import type { Route } from "./+types/inbox-page";
import { InboxFilterSchema, listInbox, openApplicationsByPosting } from "./inbox.server.ts";
import {
  followUpLabel,
  meetingFilters,
  meetingStateLabel,
  postingTitle,
  relativeTime,
  shownTime,
  stateTone,
  states,
  stateLabel,
} from "../shell/workspace-display.ts";
import { now as clockNow } from "#app/platform/clock.ts";
import { activity } from "../shell/activity-content.ts";
import { Time } from "../shell/time.tsx";
import { Warning } from "../shell/notice.tsx";
import { promiseLabel } from "./reply-promise.ts";
import { purgeNotice } from "../privacy/purge-notice.server.ts";
import { requireStaff, zoneOf } from "../sign-in/session.server.ts";
import { workspace } from "../shell/workspace-content.ts";
import { WorkspaceTable } from "../shell/workspace-table.tsx";
import { Badge } from "../shell/badge.tsx";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { searchMaxLength } from "../shell/workspace-limits.ts";
import { workspacePaths } from "../workspace-paths.ts";
import { workspaceMeta } from "../shell/workspace-error.tsx";

export { WorkspaceError as ErrorBoundary } from "../shell/workspace-error.tsx";

export const meta: Route.MetaFunction = workspaceMeta(workspace.inbox.title);

function withKind(filters: URLSearchParams, kind: string) {
  const params = new URLSearchParams(filters);
  params.set("kind", kind);
  return params;
}

export async function loader({ request }: Route.LoaderArgs) {
  const { db, staff } = await requireStaff(request);
  const zone = zoneOf(staff);
  const now = clockNow();
  const filter = InboxFilterSchema.parse(Object.fromEntries(new URL(request.url).searchParams));
  const [page, postings, purge] = await Promise.all([
    listInbox(db, filter, now),
    openApplicationsByPosting(db),
    staff.role === "admin" ? purgeNotice(db, zone) : null,
  ]);
  return {
    filter,
    // Admins land here: a purge or backup that keeps failing is seen without opening Data requests.
    purgeLate: [purge?.late, purge?.backupLate].filter(Boolean).join(" ") || null,
    rows: page.rows.map(({ meeting, ...row }) => ({
      ...row,
      // How long ago, the exact time on hover and focus: what a person scanning the list reads.
      received: relativeTime(row.createdAt, zone, now),
      posting: row.kind === "application" ? postingTitle(row) : null,
      tone: stateTone(row.spam, row.progress, meeting?.status === "cancelled"),
      // When a meeting takes place and how it stands: a cancelled one says so instead of "New".
      meeting: meeting ? { when: shownTime(meeting.start, zone), state: meetingStateLabel(meeting, now, zone) } : null,
      state:
        meeting?.status === "cancelled" ? meetingStateLabel(meeting, now, zone) : stateLabel(row.spam, row.progress),
      // A cancelled meeting's follow-up, as its page's select records it: done, or still to do.
      followUp: meeting?.status === "cancelled" && !row.spam ? followUpLabel(row.progress) : null,
    })),
    nextAfter: page.nextAfter,
    postings: postings.map((posting) => ({
      value: posting.job ?? "",
      label: `${postingTitle(posting)} (${posting.count})`,
    })),
  };
}

const fieldClasses = "mt-1 block w-full rounded-control border border-line bg-raised px-3 py-2 font-normal";
const exportClasses =
  "inline-flex min-h-8 items-center rounded-control border border-line bg-raised px-3 text-sm font-semibold text-brand hover:bg-canvas";

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const { filter, rows, nextAfter, postings, purgeLate } = loaderData;
  const copy = workspace.inbox;
  const { after, ...chosen } = filter;
  const filterParams = new URLSearchParams(
    Object.entries(chosen).filter((entry): entry is [string, string] => Boolean(entry[1])),
  );
  // The filters a person chose beyond the default ("Not done"), counted on the menu's button.
  const filtersOn = [filter.kind, filter.meeting, filter.job, filter.state !== "open" ? filter.state : null].filter(
    Boolean,
  ).length;
  const firstPage = `${workspacePaths.inbox}?${filterParams}`;
  const nextPage = nextAfter
    ? `${workspacePaths.inbox}?${new URLSearchParams([...filterParams, ["after", nextAfter]])}`
    : null;
  return (
    <Container className="py-6 lg:py-8">
      <h1 className="font-display text-2xl font-extrabold tracking-tight sm:text-3xl">{copy.title}</h1>
      {purgeLate ? <Warning>{purgeLate}</Warning> : null}
      {/* One menu for the filters and the files: the search stays in reach, the rest folds away on a phone. */}
      <Form
        method="get"
        className="mt-4 rounded-card border border-line bg-surface p-3 text-sm"
        aria-label={copy.filters.legend}
      >
        <div className="flex flex-wrap items-end gap-3">
          <label className="min-w-0 flex-1 basis-56 font-semibold">
            {copy.filters.search}
            <input
              type="search"
              name="q"
              defaultValue={filter.q ?? ""}
              maxLength={searchMaxLength}
              className={fieldClasses}
            />
          </label>
          <button type="submit" className="min-h-10 rounded-control bg-brand px-4 font-semibold text-brand-ink">
            {copy.filters.apply}
          </button>
          {filterParams.size > 1 || filter.q ? (
            <Link to={workspacePaths.inbox} className="inline-flex min-h-10 items-center underline underline-offset-4">
              {copy.filters.clear}
            </Link>
          ) : null}
        </div>
        <details className="open-when-wide mt-3">
          <summary className="inline-flex min-h-10 cursor-pointer items-center gap-2 rounded-control border border-line bg-raised px-3 font-semibold">
            {copy.menu}
            {filtersOn ? (
              <span className="text-ink-muted">({fillTemplate(copy.filtersOn, { n: String(filtersOn) })})</span>
            ) : null}
          </summary>
          <div className="mt-3 grid gap-3 sm:grid-cols-2 lg:mt-0 lg:grid-cols-4">
            <label className="font-semibold">
              {copy.filters.kind}
              <select name="kind" defaultValue={filter.kind ?? ""} className={fieldClasses}>
                <option value="">{copy.filters.anyKind}</option>
                <option value="contact">Inquiries</option>
                <option value="application">Applications</option>
                <option value="meeting">Meetings</option>
              </select>
            </label>
            <label className="font-semibold">
              {copy.filters.state}
              <select name="state" defaultValue={filter.state} className={fieldClasses}>
                {states.map((state) => (
                  <option key={state} value={state}>
                    {copy.states[state]}
                  </option>
                ))}
              </select>
            </label>
            <label className="font-semibold">
              {activity.meetings.filter.label}
              <select name="meeting" defaultValue={filter.meeting ?? ""} className={fieldClasses}>
                <option value="">{activity.meetings.filter.any}</option>
                {meetingFilters.map((which) => (
                  <option key={which} value={which}>
                    {activity.meetings.filter[which]}
                  </option>
                ))}
              </select>
            </label>
            <label className="font-semibold">
              {copy.filters.posting}
              <select name="job" defaultValue={filter.job ?? ""} className={fieldClasses}>
                <option value="">{copy.filters.anyPosting}</option>
                {postings
                  .filter((posting) => posting.value)
                  .map((posting) => (
                    <option key={posting.value} value={posting.value}>
                      {posting.label}
                    </option>
                  ))}
              </select>
            </label>
          </div>
          <div className="mt-3 grid gap-2 border-t border-line pt-3">
            <p className="font-semibold">{copy.export.title}</p>
            {rows.length === 0 ? null : (
              <div className="flex flex-wrap items-center gap-2">
                <span className="text-ink-muted">{copy.export.label}</span>
                {(filter.kind ? [filter.kind] : (["contact", "application", "meeting"] as const)).map((kind) => (
                  <a
                    key={kind}
                    href={workspacePaths.export("csv", withKind(filterParams, kind))}
                    download
                    className={exportClasses}
                  >
                    {copy.export.csv[kind]}
                  </a>
                ))}
                <a href={workspacePaths.export("json", filterParams)} download className={exportClasses}>
                  {copy.export.json}
                </a>
              </div>
            )}
            <div className="flex flex-wrap items-center gap-2">
              <span className="text-ink-muted">{copy.export.everything}</span>
              {(["contact", "application", "meeting"] as const).map((kind) => (
                <a
                  key={kind}
                  href={workspacePaths.export("csv", new URLSearchParams({ kind, state: "all" }))}
                  download
                  className={exportClasses}
                >
                  {copy.export.everythingCsv[kind]}
                </a>
              ))}
            </div>
          </div>
        </details>
      </Form>
      {rows.length === 0 ? (
        <p className="mt-8 text-ink-muted">{copy.empty}</p>
      ) : (
        <WorkspaceTable columns={Object.values(copy.columns)} className="mt-4">
          {rows.map((row) => (
            <tr key={row.id} className="border-b border-line align-top">
              <td className="py-3 pr-4">
                <span className="flex items-center gap-2">
                  {row.unopened ? (
                    <span title={copy.unopened} className="size-2 shrink-0 rounded-full bg-brand">
                      <span className="sr-only">{copy.newMark}: </span>
                    </span>
                  ) : null}
                  <Link
                    to={workspacePaths.submission(row.id)}
                    className={`inline-flex min-h-6 items-center text-brand underline-offset-4 hover:underline ${
                      row.unopened ? "font-extrabold" : "font-semibold"
                    }`}
                  >
                    {row.sender.name || row.sender.email}
                  </Link>
                </span>
                <span className="block break-words text-ink-muted">
                  <a
                    href={`mailto:${row.sender.email}`}
                    className="inline-flex min-h-6 items-center underline-offset-4 hover:underline"
                  >
                    {row.sender.email}
                  </a>
                  {row.sender.company ? ` · ${row.sender.company}` : ""}
                </span>
              </td>
              <td className="py-3 pr-4">
                {row.kindLabel}
                {row.posting ? <span className="block text-ink-muted">{row.posting}</span> : null}
                {row.meeting ? (
                  <span className="block text-ink-muted">
                    <Time value={row.meeting.when} />
                  </span>
                ) : null}
              </td>
              <td className="py-3 pr-4">
                <Badge tone={row.tone}>{row.state}</Badge>
                {row.meeting && !row.spam && row.meeting.state !== row.state ? (
                  <span className="block text-ink-muted">{row.meeting.state}</span>
                ) : null}
                {row.followUp ? <span className="block text-ink-muted">{row.followUp}</span> : null}
                {row.reply ? (
                  <span
                    className={`block ${row.reply.state.state === "late" ? "font-semibold text-danger" : "text-ink-muted"}`}
                  >
                    {promiseLabel(row.reply.state)}
                    {row.reply.owner ? ` · ${row.reply.owner}` : ""}
                  </span>
                ) : null}
              </td>
              <td className="py-3 whitespace-nowrap text-ink-muted">
                <Time value={row.received} focusable />
              </td>
            </tr>
          ))}
        </WorkspaceTable>
      )}
      <nav aria-label="Pages" className="mt-6 flex gap-6">
        {after ? (
          <Link to={firstPage} className="underline underline-offset-4">
            {copy.first}
          </Link>
        ) : null}
        {nextPage ? (
          <Link to={nextPage} className="underline underline-offset-4">
            {copy.next}
          </Link>
        ) : null}
      </nav>
    </Container>
  );
}
