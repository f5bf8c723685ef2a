import type { Kysely } from "kysely";
import { data } from "react-router";
import { dashboardFigures } from "#app/analytics/dashboard.server.ts";
import { now as clockNow } from "#app/platform/clock.ts";
import type { Schema } from "#app/platform/db.server.ts";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { analyticsCopy } from "./analytics-content.ts";
import { chosenRange } from "./analytics-range.ts";
import { addDays } from "#app/analytics/days.ts";
import { canSeeAnalytics } from "./analytics-access.server.ts";
import { durationLabel } from "../inbox/reply-promise.ts";
import { replyWeeks } from "../inbox/reply-promise.server.ts";
import { requireStaff } from "../sign-in/session.server.ts";

// What the analytics dashboard and its CSV download show for a range of days: the figures of
// app/analytics/ and the 24-hour promise's weeks, with the labels the team reads.

const copy = analyticsCopy.dashboard;
/** The signed-in person, when they may see the dashboard (admins and the members allowed); 403 otherwise. */
export async function requireAnalytics(request: Request) {
  const signedIn = await requireStaff(request);
  if (!(await canSeeAnalytics(signedIn.db, signedIn.staff))) throw data(copy.forbidden, { status: 403 });
  return signedIn;
}

/** How many days from `from` to `to`, both counted. */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 86_400_000) + 1;

/** Per 100: "12", or "–" without a whole. */
const percent = (part: number, whole: number) => (whole ? String(Math.round((part / whole) * 100)) : "–");

/** The dashboard's figures for the range in the address, labelled. */
export async function analyticsView(db: Kysely<Schema>, url: URL, now: Date = clockNow()) {
  const today = now.toISOString().slice(0, 10);
  const range = chosenRange(url.searchParams, today);
  // The same number of days just before, for the summary's change (Plausible's "vs. previous period").
  const length = daysBetween(range.from, range.to);
  const before = { from: addDays(range.from, -length), to: addDays(range.from, -1) };
  const figures = await dashboardFigures(db, { from: range.from, to: range.to, fresh: true });
  const [previous, weeks] = await Promise.all([
    dashboardFigures(db, before),
    replyWeeks(db, { from: range.from, to: range.to, now }),
  ]);
  const sent = (funnels: typeof figures.funnels) => funnels.reduce((sum, funnel) => sum + funnel.submissions, 0);
  const forms = copy.funnels.forms;
  return {
    range,
    length,
    views: figures.views,
    visits: figures.visits,
    sent: sent(figures.funnels),
    previous: { views: previous.views, visits: previous.visits, sent: sent(previous.funnels) },
    days: figures.days,
    pages: figures.pages,
    referrers: figures.referrers,
    campaigns: figures.campaigns,
    devices: figures.devices.map((row) => ({
      ...row,
      label: copy.devices.names[row.value as keyof typeof copy.devices.names] ?? row.value,
    })),
    funnels: figures.funnels
      .filter((funnel) => funnel.form !== "application" || funnel.views || funnel.submissions || !funnel.posting)
      .map((funnel) => ({
        label:
          funnel.form === "application"
            ? funnel.posting
              ? fillTemplate(forms.application, { posting: funnel.title ?? funnel.posting })
              : forms.general
            : forms[funnel.form],
        path: funnel.path,
        views: funnel.views,
        submissions: funnel.submissions,
        rate: percent(funnel.submissions, funnel.views),
      })),
    heard: figures.heard.map((row) => ({ answer: row.answer || copy.heard.none, count: row.count })),
    weeks: weeks.map((week) => ({
      week: week.week,
      inquiries: week.inquiries,
      kept: week.kept,
      decided: week.decided,
      share: week.share === null ? null : Math.round(week.share * 100),
      median: week.medianMinutes === null ? copy.promise.notYet : durationLabel(week.medianMinutes),
    })),
  };
}

export type AnalyticsView = Awaited<ReturnType<typeof analyticsView>>;

/** The dashboard as CSV: one block per table, each with its header row, a blank line between. */
export function analyticsSheet(view: AnalyticsView): unknown[][] {
  const { columns } = copy;
  const blocks: unknown[][][] = [
    [[copy.overTime.day, columns.views, columns.visits], ...view.days.map((day) => [day.day, day.views, day.visits])],
    [
      [copy.pages.column, columns.views, columns.visits],
      ...view.pages.map((row) => [row.value, row.views, row.visits]),
    ],
    [
      [copy.referrers.column, columns.views, columns.visits],
      ...view.referrers.map((row) => [row.value, row.views, row.visits]),
    ],
    [
      [copy.campaigns.source, copy.campaigns.medium, copy.campaigns.campaign, columns.views, columns.visits],
      ...view.campaigns.map((row) => [row.source, row.medium, row.campaign, row.views, row.visits]),
    ],
    [
      [copy.devices.column, columns.views, columns.visits],
      ...view.devices.map((row) => [row.label, row.views, row.visits]),
    ],
    [
      [copy.funnels.form, copy.funnels.views, copy.funnels.submissions, copy.funnels.rate],
      ...view.funnels.map((row) => [row.label, row.views, row.submissions, row.rate]),
    ],
    [[copy.heard.answer, copy.heard.count], ...view.heard.map((row) => [row.answer, row.count])],
    [
      [copy.promise.week, copy.promise.inquiries, copy.promise.kept, copy.promise.share, copy.promise.median],
      ...view.weeks.map((week) => [
        week.week,
        week.inquiries,
        week.kept,
        week.share === null ? "" : `${week.share} %`,
        week.median,
      ]),
    ],
  ];
  return blocks.flatMap((block, index) => (index ? [[], ...block] : block));
}
