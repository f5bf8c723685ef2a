// Booked meetings for the team: `npm run bookings -- <command>`. Uses DATA_DIR / DATABASE_URL
// like the server (decision 023). Output goes to stdout for the operator; nothing here is logged.
import { argsOrExit, envOrExit, exit, openDatabaseOrExit, warnIfLinksGuessed } from "./cli.ts";
import { isoNow, now } from "#app/platform/clock.ts";

const usage = `Usage: npm run bookings -- <command>

  list [--all]     the meetings still to come, soonest first (--all: past and cancelled too)
  show ID          one meeting: its time in our zone and the visitor's, who booked it, its
                   video link and status; ID is the id the workspace and the e-mails show
                   (or the start of it, when no other id starts the same way)
  cancel ID        cancels a meeting still to come: its time is free again, and the visitor
                   and the team's mailbox are sent the cancellation for their calendars

A meeting has the id of its submission, as the inbox, the e-mails and the sheets show it: the
same ID works here and in npm run submissions -- show ID. Times are shown in BOOKING_TIME_ZONE.`;

const { positionals, values } = argsOrExit({ all: { type: "boolean" }, help: { type: "boolean", short: "h" } }, usage);

const [command, id] = positionals;
if (values.help || !command) exit(usage, values.help ? 0 : 2);
if (!["list", "show", "cancel"].includes(command)) exit(`Unknown command ${JSON.stringify(command)}\n\n${usage}`);
if ((command === "show" || command === "cancel") && !id)
  exit(`${command} needs an ID (or the start of one): npm run bookings -- ${command} ID`);

const env = envOrExit();
// Loaded once the configuration is known to be good (scripts/cli.ts says why).
const { cancelBooking } = await import("#app/booking/meetings.server.ts");
const { getMeeting, listMeetings, meetingsStartingWith, shownMeetingId } = await import(
  "#app/booking/meeting-queries.server.ts"
);
const { timeName } = await import("#app/booking/calendar.ts");
const { meetingStateLabel } = await import("#app/workspace/shell/workspace-display.ts");

const ourTime = (start: string) => timeName(start, env.BOOKING_TIME_ZONE);

const { db } = await openDatabaseOrExit(env);
try {
  const oneMeeting = async (prefix: string) => {
    const ids = await meetingsStartingWith(db, prefix);
    if (ids.length === 0)
      exit(
        `No meeting has an id starting with ${JSON.stringify(prefix)}: npm run bookings -- list --all shows them`,
        1,
      );
    if (ids.length > 1)
      exit(`Several meetings have ids starting with ${JSON.stringify(prefix)}: give more of the id`, 1);
    return (await getMeeting(db, ids[0]!.bookingId))!;
  };

  switch (command) {
    case "list": {
      const meetings = await listMeetings(db, { all: values.all });
      if (meetings.length === 0) {
        console.log(
          values.all
            ? "No meetings have been booked."
            : "No meetings to come (npm run bookings -- list --all shows past and cancelled ones).",
        );
        break;
      }
      const rows = meetings.map((meeting) => [
        shownMeetingId(meeting),
        ourTime(meeting.start),
        // The state as the workspace says it: booked, moved (from when), cancelled (by whom), past.
        meetingStateLabel(meeting, now(), env.BOOKING_TIME_ZONE),
        meeting.visitor?.name ?? "(erased)",
      ]);
      const header = ["ID", `TIME (${env.BOOKING_TIME_ZONE})`, "STATUS", "BOOKED BY"];
      const widths = header.map((title, column) => Math.max(title.length, ...rows.map((row) => row[column]!.length)));
      for (const row of [header, ...rows])
        console.log(
          row
            .map((cell, column) => cell.padEnd(widths[column]!))
            .join("  ")
            .trimEnd(),
        );
      break;
    }
    case "show": {
      const meeting = await oneMeeting(id!);
      console.log(`Meeting ${shownMeetingId(meeting)} (${meetingStateLabel(meeting, now(), env.BOOKING_TIME_ZONE)})`);
      console.log(`Our time:    ${ourTime(meeting.start)}`);
      if (meeting.visitor) {
        console.log(`Their time:  ${timeName(meeting.start, meeting.visitor.timeZone)}`);
        console.log(`Booked by:   ${meeting.visitor.name} <${meeting.visitor.email}>`);
      } else {
        console.log("Booked by:   (their details have been deleted)");
      }
      console.log(`Video call:  ${meeting.videoUrl ?? "(none configured: send them the link)"}`);
      console.log(`Invitation:  sequence ${meeting.sequence}`);
      if (meeting.submissionId) console.log(`Details:     npm run submissions -- show ${meeting.submissionId}`);
      break;
    }
    case "cancel": {
      const meeting = await oneMeeting(id!);
      if (meeting.status !== "confirmed") exit(`Meeting ${shownMeetingId(meeting)} is already cancelled.`, 1);
      if (meeting.end <= isoNow()) exit(`Meeting ${shownMeetingId(meeting)} has already taken place.`, 1);
      // The visitor's cancellation links to the booking page by SITE_URL.
      warnIfLinksGuessed(env);
      await cancelBooking(db, meeting.bookingId, { change: "team" });
      console.log(`Cancelled meeting ${shownMeetingId(meeting)} (${ourTime(meeting.start)}); its time is free again.`);
      console.log(
        meeting.visitor
          ? "The cancellation is queued for the visitor and the team's mailbox; the running server sends it within seconds."
          : "The cancellation is queued for the team's mailbox (the visitor's details were deleted); the running server sends it within seconds.",
      );
      break;
    }
  }
} finally {
  await db.destroy();
}
