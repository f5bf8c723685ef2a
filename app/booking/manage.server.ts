import { data, redirect } from "react-router";
import { Temporal } from "temporal-polyfill";
import { now as clockNow } from "#app/platform/clock.ts";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { log } from "#app/platform/log.server.ts";
import { limitClient } from "#app/platform/rate-limit.server.ts";
import { getServices } from "#app/platform/services.server.ts";
import { availabilityFromEnv } from "./availability.ts";
import { booking } from "./booking-content.ts";
import { manageHref, manageInvitationHref } from "./booking-links.ts";
import { manageUrl, visitorCalendarLinks } from "./invitation.server.ts";
import { calendarData, shownTimes } from "./booking-page.server.ts";
import { MeetingRefused } from "./claims.server.ts";
import { timeName } from "./calendar.ts";
import { cancelBooking, meetingForToken } from "./meetings.server.ts";
import { moveMeetingTo } from "./meeting-move.server.ts";
import { bookingEnv } from "./booking-env.server.ts";
import { teamCalendar } from "./team-calendar.server.ts";
import { webhookWorker } from "#app/webhooks/worker.server.ts";

// The manage page behind the link in a visitor's invitation (decision 023): opening it (GET)
// only shows the meeting, because mail scanners open links; cancelling and moving are POSTs.
// The link works until the meeting has ended; the token is the only key, so nothing here needs
// an account, and the page is never cached or indexed.

const { manage } = booking;

export async function managePageData(request: Request, token: string, now: Date = clockNow()) {
  const { db } = await getServices();
  const meeting = await meetingForToken(db, token, now);
  if (!meeting) return { status: 404 as const, meeting: null };
  const url = new URL(request.url);
  const availability = availabilityFromEnv(bookingEnv);
  const visitorZone = meeting.visitor?.timeZone ?? availability.timeZone;
  const shown = {
    ...shownTimes(meeting.start, visitorZone, availability.timeZone),
    cancelQuestion: fillTemplate(manage.cancel.question, { time: timeName(meeting.start, visitorZone) }),
    videoUrl: meeting.videoUrl,
    calendarLinks: {
      download: manageInvitationHref(token),
      ...visitorCalendarLinks(meeting, manageUrl(token)),
    },
    cancelled: meeting.status === "cancelled",
    moved: url.searchParams.get("moved") === "1",
  };
  if (shown.cancelled) return { status: 200 as const, meeting: shown, calendar: null };
  const calendar = await calendarData(url, availability, now, { defaultZone: visitorZone, except: meeting.bookingId });
  return { status: calendar.problems.length ? 400 : 200, meeting: shown, calendar };
}

const refusals: Record<MeetingRefused["reason"], { status: number; message: string }> = {
  taken: { status: 409, message: manage.errors.taken },
  "day-full": { status: 409, message: manage.errors.dayFull },
  "outside-hours": { status: 400, message: manage.errors.notBookable },
  "too-soon": { status: 400, message: manage.errors.notBookable },
  "too-far": { status: 400, message: manage.errors.notBookable },
};

const refused = (status: number, message: string, headers?: HeadersInit) =>
  data({ error: message }, { status, headers });

export async function submitManage(request: Request, token: string, now: Date = clockNow()) {
  const form = await request.formData().catch(() => null);
  const intent = form?.get("intent");
  // The first "Cancel this meeting" only asks again (the page shows the question); the answer cancels.
  if (intent === "cancel") return data({ confirmCancel: true as const });
  if (intent !== "cancel-confirmed" && intent !== "reschedule") return refused(400, manage.errors.time);
  try {
    const services = await getServices();
    const limit = await limitClient(services, request, { scope: "manage" });
    if (!limit.allowed) {
      return refused(
        429,
        fillTemplate(manage.errors.rateLimited, { minutes: Math.ceil(limit.retryAfterSeconds / 60) }),
        { "Retry-After": String(limit.retryAfterSeconds) },
      );
    }
    const meeting = await meetingForToken(services.db, token, now);
    if (!meeting) return refused(404, manage.gone.message);
    const here = manageHref(token);

    if (intent === "cancel-confirmed") {
      // Cancelling twice (a second click, a resent form) ends where the first did.
      await cancelBooking(services.db, meeting.bookingId, {
        change: "visitor",
        now,
      });
      services.outbox.kick();
      teamCalendar.kick();
      webhookWorker.kick();
      return redirect(here, 303);
    }

    if (meeting.status !== "confirmed") return refused(409, manage.errors.cancelled);
    let start: Temporal.Instant;
    try {
      start = Temporal.Instant.from(String(form?.get("start") ?? ""));
    } catch {
      return refused(400, manage.errors.time);
    }
    const moved = await moveMeetingTo(services.db, { bookingId: meeting.bookingId, start, token }, now);
    if (moved === "not-confirmed") return refused(409, manage.errors.cancelled);
    if (moved !== "moved") return refused(refusals[moved].status, refusals[moved].message);
    return redirect(`${here}?moved=1`, 303);
  } catch (error) {
    if (error instanceof MeetingRefused) {
      const { status, message } = refusals[error.reason];
      return refused(status, message);
    }
    log.error(`A meeting could not be changed: ${error instanceof Error ? error.message : String(error)}`);
    return refused(503, manage.errors.unavailable, { "Retry-After": "30" });
  }
}
