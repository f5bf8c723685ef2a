import type { Temporal } from "temporal-polyfill";

/** tsdav is loaded at the first request to the team's calendar, not at start (a site without one never needs it). */
const tsdav = () => import("tsdav");

// The team's calendar over CalDAV (RFC 4791) through tsdav: one calendar collection, read with
// a time-range calendar-query REPORT, written one object per event UID. Errors carry the HTTP
// status or the network failure's code only: the server's answer may quote events, which are
// personal data and stay out of logs.

export type CalDavAccess = { url: string; username: string; password: string };

export class CalDavError extends Error {
  /** The HTTP status, or a short word for a request that got no answer ("timeout", "unreachable"). */
  readonly code: string;

  constructor(code: string | number) {
    super(`CalDAV ${code}`);
    this.name = "CalDavError";
    this.code = String(code);
  }
}

export type CalDavClient = {
  /** The text of every calendar object with an event in the range. */
  readObjects: (range: { from: Temporal.Instant; to: Temporal.Instant }) => Promise<string[]>;
  /** Creates or replaces the event `uid`; `etag` is the version we last wrote. Returns the new ETag when the server tells it. */
  put: (uid: string, ics: string, etag: string | null) => Promise<string | null>;
  /** Removes the event `uid` (already gone is fine). */
  remove: (uid: string) => Promise<void>;
};

/** A request's failure as a CalDavError: a status from tsdav's message, or the network error's kind. */
function failure(error: unknown): CalDavError {
  if (error instanceof CalDavError) return error;
  const name = (error as { name?: string }).name;
  if (name === "TimeoutError" || name === "AbortError") return new CalDavError("timeout");
  const status = error instanceof Error ? /failed: (\d{3})/.exec(error.message)?.[1] : undefined;
  if (status) return new CalDavError(status);
  const cause = (error as { cause?: { code?: string } }).cause;
  return new CalDavError(cause?.code ?? "unreachable");
}

const icsTime = (instant: Temporal.Instant) => `${instant.toString({ smallestUnit: "second" }).replace(/[-:]/g, "")}`;

export function calDavClient({ url, username, password }: CalDavAccess, { timeoutMs = 10_000 } = {}): CalDavClient {
  const headers = { authorization: `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}` };
  // A fresh deadline per request: a calendar that does not answer must not hold a worker, nor a
  // shutdown (which waits for the write in flight within its 15-s grace).
  const fetchOptions = () => ({ signal: AbortSignal.timeout(timeoutMs) });
  const calendar = { url };
  const objectUrl = (uid: string) => new URL(`${encodeURIComponent(uid)}.ics`, url).href;

  /** The object's current ETag, or null when there is none. */
  async function currentEtag(uid: string) {
    const { propfind } = await tsdav();
    const [answer] = await propfind({
      url: objectUrl(uid),
      props: { "d:getetag": {} },
      depth: "0",
      headers,
      fetchOptions: fetchOptions(),
    });
    if (!answer || answer.status === 404) return null;
    if (!answer.ok) throw new CalDavError(answer.status ?? "error");
    const etag = answer.props?.getetag;
    return etag === undefined || etag === null ? null : String(etag);
  }

  async function putOnce(uid: string, ics: string, etag: string | null) {
    const { createCalendarObject, updateCalendarObject } = await tsdav();
    const response = etag
      ? await updateCalendarObject({
          calendarObject: { url: objectUrl(uid), data: ics, etag },
          headers,
          fetchOptions: fetchOptions(),
        })
      : await createCalendarObject({
          calendar,
          filename: `${encodeURIComponent(uid)}.ics`,
          iCalString: ics,
          headers,
          fetchOptions: fetchOptions(),
        });
    await response.arrayBuffer().catch(() => undefined);
    return response;
  }

  return {
    async readObjects({ from, to }) {
      try {
        const { calendarQuery } = await tsdav();
        const answers = await calendarQuery({
          url,
          props: { "d:getetag": {}, "c:calendar-data": {} },
          filters: {
            "comp-filter": {
              _attributes: { name: "VCALENDAR" },
              "comp-filter": {
                _attributes: { name: "VEVENT" },
                "time-range": { _attributes: { start: icsTime(from), end: icsTime(to) } },
              },
            },
          },
          depth: "1",
          headers,
          fetchOptions: fetchOptions(),
        });
        return answers.flatMap((answer) => {
          const data = answer.props?.calendarData;
          const text = typeof data === "string" ? data : (data as { _cdata?: string } | undefined)?._cdata;
          return typeof text === "string" ? [text] : [];
        });
      } catch (error) {
        throw failure(error);
      }
    },

    async put(uid, ics, etag) {
      try {
        // Conditional writes (If-None-Match: * to create, If-Match to replace): when the object
        // is not in the state we last left it (a retry whose first answer was lost, an edit in
        // the calendar app), we read its ETag and write again on that. The booking decides the
        // meeting's time, so its version wins.
        let response = await putOnce(uid, ics, etag);
        if (response.status === 412) response = await putOnce(uid, ics, await currentEtag(uid));
        if (!response.ok) throw new CalDavError(response.status);
        return response.headers.get("etag");
      } catch (error) {
        throw failure(error);
      }
    },

    async remove(uid) {
      try {
        // Unconditional: a cancelled meeting leaves the calendar whatever was edited in it.
        const { deleteCalendarObject } = await tsdav();
        const response = await deleteCalendarObject({
          calendarObject: { url: objectUrl(uid) },
          headers,
          fetchOptions: fetchOptions(),
        });
        await response.arrayBuffer().catch(() => undefined);
        if (!response.ok && response.status !== 404 && response.status !== 410) throw new CalDavError(response.status);
      } catch (error) {
        throw failure(error);
      }
    },
  };
}
