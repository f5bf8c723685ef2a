import { data } from "react-router";
import { now as clockNow } from "#app/platform/clock.ts";
import { getServices } from "#app/platform/services.server.ts";
import { provenSubmission } from "./booked-proof.server.ts";
import { manageUrl, visitorCalendarFile } from "./invitation.server.ts";
import { confirmedMeetingOf } from "./meeting-queries.server.ts";
import { meetingForToken } from "./meetings.server.ts";

// "Add to calendar"'s file: the meeting's event, for the browser that booked it (its proof, a
// signed cookie) or for whoever holds its manage link; never by an id in the address.
export async function invitationFile(request: Request, token: string | undefined, now: Date = clockNow()) {
  const { db, secret } = await getServices();
  let meeting = null;
  let manageLink: string | null = null;
  if (token) {
    const found = await meetingForToken(db, token, now);
    if (found?.status === "confirmed") {
      meeting = found;
      manageLink = manageUrl(token);
    }
  } else {
    const submissionId = provenSubmission(secret, request.headers.get("cookie"));
    meeting = submissionId ? await confirmedMeetingOf(db, submissionId, now) : null;
  }
  if (!meeting) throw data("No such meeting.", { status: 404 });
  return new Response(visitorCalendarFile(meeting, manageLink), {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": 'attachment; filename="meeting.ics"',
      "Cache-Control": "no-store",
      "Referrer-Policy": "same-origin",
      "X-Robots-Tag": "noindex, nofollow",
    },
  });
}
