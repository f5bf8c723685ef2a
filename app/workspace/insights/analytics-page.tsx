import type { ReactNode } from "react";
import { data, Form, Link, redirect } from "react-router";
import { z } from "zod";
import { Container } from "#app/ui/container.tsx";
import { TimeChart } from "#app/ui/time-chart.tsx";
import { fillTemplate } from "#app/platform/fill-template.ts";
import type { Route } from "./+types/analytics-page";
import { analyticsCopy } from "./analytics-content.ts";
import { membersAccess, setAnalyticsAccess } from "./analytics-access.server.ts";
import { rangeChoices, rangeParams } from "./analytics-range.ts";
import { analyticsView, requireAnalytics } from "./analytics-view.server.ts";
import { fieldClasses, Warning } from "../shell/notice.tsx";
import { requireStaff } from "../sign-in/session.server.ts";
import { workspaceMeta } from "../shell/workspace-error.tsx";
import { workspacePaths } from "../workspace-paths.ts";
import { WorkspaceTable } from "../shell/workspace-table.tsx";
import { shortDate } from "../shell/workspace-display.ts";
import { showDay } from "../content/day-text.ts";

// The analytics dashboard (issue 34): what the site brings over a range of days. Every chart is
// SVG drawn here, with the same numbers in a table; nothing on the page runs a script.

export { WorkspaceError as ErrorBoundary } from "../shell/workspace-error.tsx";

const copy = analyticsCopy.dashboard;

export const meta: Route.MetaFunction = workspaceMeta(copy.title);

export async function loader({ request }: Route.LoaderArgs) {
  const { db, staff } = await requireAnalytics(request);
  const view = await analyticsView(db, new URL(request.url));
  return {
    view,
    range: rangeParams(view.range).toString(),
    members: staff.role === "admin" ? await membersAccess(db) : null,
  };
}

const AccessSchema = z.object({ intent: z.literal("access"), staffId: z.string(), allowed: z.enum(["yes", "no"]) });

export async function action({ request }: Route.ActionArgs) {
  const { db, staff } = await requireStaff(request, { role: "admin" });
  const parsed = AccessSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw data("Unknown change.", { status: 400 });
  const found = await setAnalyticsAccess(db, parsed.data.staffId, parsed.data.allowed === "yes", staff);
  if (!found) throw data("Not found", { status: 404 });
  return redirect(`${workspacePaths.analytics()}#access`, 303);
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="mt-8">
      <h2 id={id} className="text-xl font-bold">
        {title}
      </h2>
      {children}
    </section>
  );
}

const cell = "py-2 pr-4";
const number = "py-2 pr-4 text-right tabular-nums";

/** A row's label over a bar as long as its share of the largest row (Plausible's lists). */
function Proportion({ share, children }: { share: number; children: ReactNode }) {
  return (
    <span className="relative block rounded-control px-2 py-1">
      <svg
        aria-hidden="true"
        focusable="false"
        viewBox="0 0 100 10"
        preserveAspectRatio="none"
        className="absolute inset-0 h-full w-full"
      >
        <rect width={Math.max(1, share * 100)} height={10} className="fill-brand-soft" />
      </svg>
      <span className="relative break-all">{children}</span>
    </span>
  );
}

/** A summary figure and how it moved against the same number of days before. */
function Figure({ label, value, before, days }: { label: string; value: number; before: number; days: number }) {
  const summary = copy.summary;
  const change =
    before === 0
      ? value === 0
        ? fillTemplate(summary.same, { days: String(days) })
        : fillTemplate(summary.noneBefore, { days: String(days) })
      : value === before
        ? fillTemplate(summary.same, { days: String(days) })
        : fillTemplate(value > before ? summary.up : summary.down, {
            percent: String(Math.round((Math.abs(value - before) / before) * 100)),
            days: String(days),
          });
  return (
    <div className="min-w-0 rounded-card border border-line bg-surface p-3 sm:p-4">
      <dt className="text-xs font-semibold text-ink-muted sm:text-sm">{label}</dt>
      <dd className="mt-1 text-2xl font-extrabold tabular-nums sm:text-3xl">{value}</dd>
      <dd className={`mt-1 text-xs sm:text-sm ${value < before ? "text-danger" : "text-ink-muted"}`}>{change}</dd>
    </div>
  );
}

const day = (iso: string) => shortDate(`${iso}T12:00:00Z`, "UTC");

/** A breakdown's rows (a label, views, visits), or what to say when there are none. */
function Breakdown({
  id,
  title,
  empty,
  column,
  rows,
}: {
  id: string;
  title: string;
  empty: string;
  column: string;
  rows: Array<{ label: string; views: number; visits: number }>;
}) {
  const most = Math.max(1, ...rows.map((row) => row.visits));
  return (
    <Section id={id} title={title}>
      {rows.length === 0 ? (
        <p className="mt-2 text-ink-muted">{empty}</p>
      ) : (
        <WorkspaceTable
          className="mt-2"
          columns={[column, copy.columns.views, copy.columns.visits]}
          numericFrom={1}
          stacked={false}
        >
          {rows.map((row) => (
            <tr key={row.label} className="border-b border-line">
              <td className="py-1 pr-4">
                <Proportion share={row.visits / most}>{row.label}</Proportion>
              </td>
              <td className={number}>{row.views}</td>
              <td className={number}>{row.visits}</td>
            </tr>
          ))}
        </WorkspaceTable>
      )}
    </Section>
  );
}

export default function Analytics({ loaderData }: Route.ComponentProps) {
  const { view, range, members } = loaderData;
  const period = fillTemplate(copy.showing, { from: day(view.range.from), to: day(view.range.to) });
  const repliesMeasured = view.weeks.some((week) => week.decided > 0);
  return (
    <Container className="py-6 lg:py-8">
      <h1 className="font-display text-2xl font-extrabold tracking-tight sm:text-3xl">{copy.title}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{copy.intro}</p>
      {view.range.bad ? <Warning>{copy.range.badRange}</Warning> : null}

      <Form
        method="get"
        aria-label={copy.range.legend}
        className="mt-4 flex flex-wrap items-end gap-4 rounded-card border border-line bg-surface p-3 text-sm"
      >
        <p className="flex flex-wrap gap-2">
          {rangeChoices.map((days) => (
            <Link
              key={days}
              to={workspacePaths.analytics(new URLSearchParams({ days: String(days) }))}
              aria-current={view.range.days === days ? "page" : undefined}
              className="inline-flex min-h-10 items-center rounded-control border border-line bg-raised px-3 font-semibold hover:bg-canvas aria-[current=page]:border-brand aria-[current=page]:bg-brand-soft aria-[current=page]:text-brand-strong"
            >
              {fillTemplate(copy.range.last, { days: String(days) })}
            </Link>
          ))}
        </p>
        {/* Days as the rest of the workspace writes them, not in the browser's format (decision 060). */}
        <label className="font-semibold">
          {copy.range.from}
          <input
            type="text"
            name="from"
            defaultValue={showDay(view.range.from)}
            required
            size={11}
            autoComplete="off"
            aria-describedby="range-hint"
            className={fieldClasses}
          />
        </label>
        <label className="font-semibold">
          {copy.range.to}
          <input
            type="text"
            name="to"
            defaultValue={showDay(view.range.to)}
            required
            size={11}
            autoComplete="off"
            aria-describedby="range-hint"
            className={fieldClasses}
          />
        </label>
        <button type="submit" className="min-h-10 rounded-control bg-brand px-4 font-semibold text-brand-ink">
          {copy.range.show}
        </button>
        <p id="range-hint" className="basis-full text-ink-muted">
          {copy.range.hint}
        </p>
      </Form>

      <p className="mt-6 flex flex-wrap gap-x-6 gap-y-2">
        <span>{period}</span>
        <a
          href={workspacePaths.analyticsExport(new URLSearchParams(range))}
          download
          className="font-semibold text-brand underline underline-offset-4"
        >
          {copy.export}
        </a>
      </p>

      <dl className="mt-4 grid grid-cols-3 gap-2 sm:gap-3">
        <Figure label={copy.summary.visits} value={view.visits} before={view.previous.visits} days={view.length} />
        <Figure label={copy.summary.views} value={view.views} before={view.previous.views} days={view.length} />
        <Figure label={copy.summary.sent} value={view.sent} before={view.previous.sent} days={view.length} />
      </dl>
      <p className="mt-2 text-sm text-ink-muted">{copy.summary.visitsHint}</p>

      <Section id="over-time" title={copy.overTime.title}>
        {view.views === 0 ? <p className="mt-2 text-ink-muted">{copy.pages.empty}</p> : null}
        <TimeChart
          id="over-time-chart"
          description={fillTemplate(copy.overTime.chart, { from: day(view.range.from), to: day(view.range.to) })}
          labels={view.days.map((entry) => day(entry.day).replace(/ \d{4}$/, ""))}
          bars={view.days.map((entry) => entry.views)}
          line={view.days.map((entry) => entry.visits)}
          legend={{ bars: copy.overTime.legendViews, line: copy.overTime.legendVisits }}
        />
        <details className="mt-4">
          <summary className="inline-flex min-h-8 cursor-pointer items-center font-semibold text-brand">
            {copy.overTime.daily}
          </summary>
          <WorkspaceTable
            className="mt-2"
            columns={[copy.overTime.day, copy.columns.views, copy.columns.visits]}
            numericFrom={1}
            stacked={false}
          >
            {view.days.map((entry) => (
              <tr key={entry.day} className="border-b border-line">
                <td className={cell}>{day(entry.day)}</td>
                <td className={number}>{entry.views}</td>
                <td className={number}>{entry.visits}</td>
              </tr>
            ))}
          </WorkspaceTable>
        </details>
      </Section>

      <div className="grid gap-x-10 lg:grid-cols-2">
        <Breakdown
          id="pages"
          title={copy.pages.title}
          empty={copy.pages.empty}
          column={copy.pages.column}
          rows={view.pages.map((row) => ({ ...row, label: row.value }))}
        />
        <Breakdown
          id="referrers"
          title={copy.referrers.title}
          empty={copy.referrers.empty}
          column={copy.referrers.column}
          rows={view.referrers.map((row) => ({ ...row, label: row.value }))}
        />
        <Section id="campaigns" title={copy.campaigns.title}>
          {view.campaigns.length === 0 ? (
            <p className="mt-2 text-ink-muted">{copy.campaigns.empty}</p>
          ) : (
            <WorkspaceTable
              className="mt-2"
              columns={[
                copy.campaigns.source,
                copy.campaigns.medium,
                copy.campaigns.campaign,
                copy.columns.views,
                copy.columns.visits,
              ]}
              numericFrom={3}
            >
              {view.campaigns.map((row) => (
                <tr key={row.value} className="border-b border-line">
                  <td className="py-1 pr-4">
                    <Proportion share={row.visits / Math.max(1, ...view.campaigns.map((each) => each.visits))}>
                      {row.source || copy.campaigns.none}
                    </Proportion>
                  </td>
                  <td className={cell}>{row.medium || copy.campaigns.none}</td>
                  <td className={cell}>{row.campaign || copy.campaigns.none}</td>
                  <td className={number}>{row.views}</td>
                  <td className={number}>{row.visits}</td>
                </tr>
              ))}
            </WorkspaceTable>
          )}
        </Section>
        <Breakdown
          id="devices"
          title={copy.devices.title}
          empty={copy.devices.empty}
          column={copy.devices.column}
          rows={view.devices}
        />
      </div>

      <Section id="funnels" title={copy.funnels.title}>
        <WorkspaceTable
          className="mt-2"
          columns={[copy.funnels.form, copy.funnels.views, copy.funnels.submissions, copy.funnels.rate]}
          numericFrom={1}
        >
          {view.funnels.map((row) => (
            <tr key={row.path} className="border-b border-line">
              <td className={cell}>{row.label}</td>
              <td className={number}>{row.views}</td>
              <td className={number}>{row.submissions}</td>
              <td className={number}>{row.rate}</td>
            </tr>
          ))}
        </WorkspaceTable>
        <p className="mt-2 max-w-3xl text-sm text-ink-muted">{copy.funnels.note}</p>
      </Section>

      <Section id="heard" title={copy.heard.title}>
        {view.heard.length === 0 ? (
          <p className="mt-2 text-ink-muted">{copy.heard.empty}</p>
        ) : (
          <WorkspaceTable
            className="mt-2"
            columns={[copy.heard.answer, copy.heard.count]}
            numericFrom={1}
            stacked={false}
          >
            {view.heard.map((row) => (
              <tr key={row.answer} className="border-b border-line">
                <td className={`${cell} break-words`}>{row.answer}</td>
                <td className={number}>{row.count}</td>
              </tr>
            ))}
          </WorkspaceTable>
        )}
      </Section>

      <Section id="promise" title={copy.promise.title}>
        <p className="mt-2 max-w-3xl text-ink-muted">{copy.promise.intro}</p>
        {view.weeks.length === 0 ? (
          <p className="mt-2 text-ink-muted">{copy.promise.empty}</p>
        ) : (
          <>
            {repliesMeasured ? null : <p className="mt-2 text-ink-muted">{copy.promise.noInquiries}</p>}
            {repliesMeasured ? (
              <TimeChart
                id="promise-chart"
                description={copy.promise.chart}
                labels={view.weeks.map((week) => day(week.week))}
                bars={view.weeks.map((week) => week.share ?? 0)}
                top={100}
                unit=" %"
              />
            ) : null}
            <WorkspaceTable
              className="mt-2"
              columns={[
                copy.promise.week,
                copy.promise.inquiries,
                copy.promise.kept,
                copy.promise.share,
                copy.promise.median,
              ]}
              numericFrom={1}
            >
              {view.weeks.map((week) => (
                <tr key={week.week} className="border-b border-line">
                  <td className={cell}>{day(week.week)}</td>
                  <td className={number}>{week.inquiries}</td>
                  <td className={number}>
                    {week.kept} / {week.decided}
                  </td>
                  <td className={number}>{week.share === null ? copy.promise.notYet : `${week.share} %`}</td>
                  <td className={number}>{week.median}</td>
                </tr>
              ))}
            </WorkspaceTable>
          </>
        )}
      </Section>

      {members ? (
        <Section id="access" title={copy.access.title}>
          <p className="mt-2 max-w-3xl text-ink-muted">
            {copy.adminsAndAllowed} {copy.access.intro}
          </p>
          {members.length === 0 ? (
            <p className="mt-2 text-ink-muted">{copy.access.none}</p>
          ) : (
            <ul className="mt-3 space-y-2">
              {members.map((member) => (
                <li key={member.id} className="flex flex-wrap items-center gap-4">
                  <span className="font-semibold break-all">{member.email}</span>
                  <span className="text-ink-muted">
                    {member.allowed ? copy.access.allowed : copy.access.notAllowed}
                  </span>
                  <Form method="post">
                    <input type="hidden" name="intent" value="access" />
                    <input type="hidden" name="staffId" value={member.id} />
                    <input type="hidden" name="allowed" value={member.allowed ? "no" : "yes"} />
                    <button
                      type="submit"
                      aria-label={`${member.allowed ? copy.access.remove : copy.access.allow}: ${member.email}`}
                      className="rounded-control border border-line px-3 py-1.5 font-semibold hover:bg-surface"
                    >
                      {member.allowed ? copy.access.remove : copy.access.allow}
                    </button>
                  </Form>
                </li>
              ))}
            </ul>
          )}
        </Section>
      ) : null}
    </Container>
  );
}
