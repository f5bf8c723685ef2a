import type { Kysely } from "kysely";
import type { Schema } from "#app/platform/db.server.ts";
import { getSubmission, submissionIdsStartingWith } from "#app/forms/submissions.server.ts";
import { meetingsStartingWith } from "#app/booking/meeting-queries.server.ts";
import { listTable, meetingsOf } from "./print.ts";

/**
 * The one submission whose id is or starts with `wanted`; otherwise says why (listing the
 * candidates) and gives null. A meeting's own id (its calendar event's, older outputs of
 * `npm run bookings`) stands for its submission.
 */
export async function oneId(db: Kysely<Schema>, wanted: string) {
  const start = wanted.trim().toLowerCase();
  const meetings = await meetingsStartingWith(db, start, 11);
  const ids = [
    ...new Set([
      ...(await submissionIdsStartingWith(db, start, 11)),
      ...meetings.flatMap((meeting) => (meeting.submissionId ? [meeting.submissionId] : [])),
    ]),
  ].sort();
  if (ids.length === 1) return ids[0] as string;
  if (ids.length === 0) {
    console.error(
      start.length >= 36
        ? `No submission with the id ${wanted}.`
        : `No submission has an id starting with ${JSON.stringify(wanted)}.`,
    );
    return null;
  }
  const shown = (await Promise.all(ids.slice(0, 10).map((id) => getSubmission(db, id))))
    .filter((submission) => submission !== null)
    .reverse();
  console.error(
    `${ids.length > 10 ? "More than 10" : ids.length} submissions have an id starting with ${JSON.stringify(wanted)}; give more of it:\n\n${listTable(shown, await meetingsOf(db, shown))}`,
  );
  return null;
}
