import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { z } from "zod";
import { getServices } from "#app/platform/services.server.ts";
import { webhookWorker } from "#app/webhooks/worker.server.ts";
import {
  cancelMeetingOf,
  redeliverWebhooks,
  retryNotification,
  setNote,
  setProgress,
  setSpam,
} from "./inbox.server.ts";
import { analyticsCopy } from "../insights/analytics-content.ts";
import { ReplyFormSchema } from "./reply-form-schema.ts";
import { recordReply, sendReply, setOwner } from "./reply-promise.server.ts";
import { requireStaff } from "../sign-in/session.server.ts";
import { workspace } from "../shell/workspace-content.ts";
import { workspacePaths } from "../workspace-paths.ts";
import { noteMaxLength } from "../shell/workspace-limits.ts";

/** The forms of a submission's page, each named by its `intent`. */
const ChangeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("progress"), progress: z.enum(["new", "in_progress", "done"]) }),
  z.object({ intent: z.literal("note"), note: z.string().max(noteMaxLength).default("") }),
  z.object({ intent: z.literal("spam") }),
  z.object({ intent: z.literal("not-spam") }),
  z.object({ intent: z.literal("retry-mail") }),
  z.object({ intent: z.literal("redeliver-webhooks") }),
  z.object({ intent: z.literal("take") }),
  z.object({ intent: z.literal("owner"), ownerId: z.string().default("") }),
  z.object({ intent: z.literal("replied") }),
  z.object({ intent: z.literal("cancel-meeting") }),
]);

/**
 * What a staff member's post to a submission's page (`id`) does: one change, recorded in the
 * audit trail by inbox.server.ts, then back to the page, which says what was done.
 */
export async function changeSubmission(request: Request, id: string) {
  const { db, staff } = await requireStaff(request);
  const formData = await request.formData();
  if (formData.get("intent") === "reply") {
    // A reply by e-mail (issue 34): its errors go back to the form, what was typed kept.
    const submission = parseWithZod(formData, { schema: ReplyFormSchema });
    const errors = analyticsCopy.reply.form.errors;
    if (submission.status !== "success")
      return data({ reply: submission.reply(), formError: errors.summary }, { status: 400 });
    const sent = await sendReply(db, id, submission.value, staff);
    if (sent === "not-found") throw data(workspace.submission.notFound, { status: 404 });
    if (sent === "no-address")
      return data({ reply: submission.reply({ formErrors: [errors.noAddress] }), formError: null }, { status: 409 });
    (await getServices()).outbox.kick();
    return redirect(`${workspacePaths.submission(id)}?done=reply`, 303);
  }
  const parsed = ChangeSchema.safeParse(Object.fromEntries(formData));
  if (!parsed.success) throw data("Unknown change.", { status: 400 });
  const change = parsed.data;
  let found: boolean;
  switch (change.intent) {
    case "progress":
      found = await setProgress(db, id, change.progress, staff);
      break;
    case "note":
      found = await setNote(db, id, change.note.trim(), staff);
      break;
    case "spam":
    case "not-spam":
      found = await setSpam(db, id, change.intent === "spam", staff);
      break;
    case "retry-mail":
      // Nothing to retry (sent meanwhile) is not an error: the page shows the state.
      await retryNotification(db, id, staff);
      found = true;
      break;
    case "redeliver-webhooks":
      await redeliverWebhooks(db, id, staff);
      found = true;
      break;
    case "take":
    case "owner":
      found = await setOwner(db, id, change.intent === "take" ? staff.id : change.ownerId || null, staff);
      break;
    case "replied":
      found = await recordReply(db, id, staff);
      break;
    case "cancel-meeting":
      found = await cancelMeetingOf(db, id, staff);
  }
  if (!found) throw data(workspace.submission.notFound, { status: 404 });
  // A released or retried notification goes out now rather than at the outbox's next round.
  if (change.intent === "not-spam" || change.intent === "retry-mail") (await getServices()).outbox.kick();
  if (change.intent === "not-spam" || change.intent === "redeliver-webhooks") webhookWorker.kick();
  // The page says what happened ("Marked as spam", "Note saved"), named by the change.
  return redirect(`${workspacePaths.submission(id)}?done=${change.intent}`, 303);
}
