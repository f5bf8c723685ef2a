import { fillTemplate } from "#app/platform/fill-template.ts";
import { site } from "#app/site/site-content.ts";
import { analyticsCopy } from "../insights/analytics-content.ts";

// The contact page's promise: a reply within 24 hours (site.replyWithinHours). Where an inquiry
// stands against it, worked out from when it arrived and when the first reply went.

export const promiseHours = site.replyWithinHours;
/** The owner (or the team) is reminded this long after an inquiry arrived without a reply. */
export const reminderAfterHours = 20;

export type PromiseState =
  | { state: "replied"; minutes: number; kept: boolean }
  | { state: "due"; minutes: number }
  | { state: "late"; minutes: number };

/** Replied (after how long, and whether within the promise), due (in how long) or late (by how long), at `nowMs`. */
export function promiseState(createdAt: string, firstReplyAt: string | null, nowMs: number): PromiseState {
  const arrived = Date.parse(createdAt);
  if (firstReplyAt) {
    const minutes = Math.max(0, Math.round((Date.parse(firstReplyAt) - arrived) / 60_000));
    return { state: "replied", minutes, kept: minutes <= promiseHours * 60 };
  }
  const left = Math.round((arrived + promiseHours * 3600_000 - nowMs) / 60_000);
  return left >= 0 ? { state: "due", minutes: left } : { state: "late", minutes: -left };
}

/** A duration as the workspace writes it: "45 min", "5 h 10 min", "2 d 3 h". */
export function durationLabel(minutes: number) {
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return minutes % 60 ? `${hours} h ${minutes % 60} min` : `${hours} h`;
  return hours % 24 ? `${Math.floor(hours / 24)} d ${hours % 24} h` : `${Math.floor(hours / 24)} d`;
}

/** "Reply due in 5 h", "Reply 2 h late", "Replied after 3 h". */
export function promiseLabel(state: PromiseState) {
  const copy = analyticsCopy.reply;
  const time = durationLabel(state.minutes);
  if (state.state === "replied") return fillTemplate(state.kept ? copy.repliedAfter : copy.repliedLate, { time });
  return fillTemplate(state.state === "due" ? copy.due : copy.late, { time });
}
