import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import type * as z from "zod/v4/core";
import { env } from "#app/platform/env.server.ts";
import { webhookWorker } from "#app/webhooks/worker.server.ts";
import { formsEnv } from "./forms-env.server.ts";
import { fillMessage } from "./field-rules.ts";
import { judgeSubmission } from "./form-guard.server.ts";
import { type FileExtension, maxFileNameLength } from "./file-names.ts";
import { acceptedFileType } from "./file-types.server.ts";
import { MalformedFormError, parseMultipartForm, uploadBodyBytes } from "./multipart.server.ts";
import { log } from "#app/platform/log.server.ts";
import { limitClient } from "#app/platform/rate-limit.server.ts";
import { getServices } from "#app/platform/services.server.ts";
import { notificationFor, notificationRecipient } from "./notification.server.ts";
import { queueReceipt } from "./receipts.server.ts";
import { visitorZoneField } from "./guard-fields.ts";
import { knownZone } from "#app/platform/time-zones.ts";
import { queueWebhookEvent } from "./webhook-events.server.ts";
import type { SubmissionFields } from "./submission-fields.ts";
import { type NewSubmission, type StoredFile, fileFacts, storeSubmission } from "./submissions.server.ts";
import { confirmationId } from "#app/ui/confirmation-id.ts";

// The pipeline every public form posts through: read the body within limits, rate-limit the
// client, validate with the form's schema, check each file's name and content, judge spam, store
// (with the notification and, unless it is spam, the visitor's receipt and the webhooks' event) in
// one transaction, then redirect to the confirmation. Every answer other than the redirect
// re-renders the form with what the visitor typed.

export type FormMessages = {
  summary: string;
  rateLimited: string;
  bodyTooLarge: string;
  malformed: string;
  unavailable: string;
  tooManyFiles: string;
  filesTooLarge: string;
  fileType: string;
  emptyFile: string;
};

export type FormPipeline<Schema extends z.$ZodType> = {
  request: Request;
  schema: Schema;
  /** Signs the form's time stamp: one purpose per form. */
  purpose: string;
  filesField: string;
  /** The endings accepted, each checked against the file's content. */
  uploads: { maxFiles: number; maxTotalBytes: number; extensions: readonly FileExtension[] };
  messages: FormMessages;
  /** Where the visitor is sent once it is stored (the confirmation), maybe built from what they sent. */
  successPath: string | ((value: z.output<Schema>) => string);
  /** How the team reads this kind: its notification is built from it and the stored fields. */
  description: SubmissionFields;
  toSubmission: (
    value: z.output<Schema>,
  ) => Pick<NewSubmission, "kind" | "jobSlug" | "jobTitle" | "fields" | "alsoStore">;
  /** Wakes the work the stored submission queued beside the mail and webhooks (a booking's event for the team's calendar). */
  afterStored?: () => void;
  /** Headers of the answer that leads to the confirmation (a booking's proof that this browser made it), given the stored submission. */
  successHeaders?: (submission: { id: string }) => Promise<HeadersInit | undefined>;
};

/**
 * Thrown by a submission's `alsoStore` to refuse it (a meeting's time just taken): the
 * transaction rolls back and the visitor gets the form again, everything typed kept, with these
 * errors and this status.
 */
export class FormRefusal extends Error {
  readonly status: number;
  readonly formErrors: string[];
  readonly fieldErrors: Record<string, string[]>;

  constructor(status: number, formErrors: string[], fieldErrors: Record<string, string[]> = {}) {
    super(formErrors.join(" "));
    this.status = status;
    this.formErrors = formErrors;
    this.fieldErrors = fieldErrors;
  }
}

export async function handleFormPost<Schema extends z.$ZodType>(pipeline: FormPipeline<Schema>) {
  const { request, schema, messages } = pipeline;
  // The server stops reading at this limit already (server/body-limit.ts); this parser keeps it too.
  const maxBodyBytes = uploadBodyBytes(pipeline.uploads.maxTotalBytes);
  const declaredLength = Number(request.headers.get("content-length") ?? 0);
  if (declaredLength > maxBodyBytes) {
    return data({ result: null, formError: messages.bodyTooLarge }, { status: 413 });
  }

  let parsed: Awaited<ReturnType<typeof parseMultipartForm>>;
  try {
    parsed = await parseMultipartForm(request, {
      maxFiles: pipeline.uploads.maxFiles,
      maxTotalFileBytes: pipeline.uploads.maxTotalBytes,
      maxBodyBytes,
      maxFieldBytes: 64 * 1024,
      maxFields: 50,
    });
  } catch (error) {
    if (error instanceof MalformedFormError)
      return data({ result: null, formError: messages.malformed }, { status: 400 });
    throw error;
  }
  const { formData, fileProblem, truncated } = parsed;
  const submission = parseWithZod(formData, { schema });

  // The database may be unreachable: the visitor then gets the form back with everything they
  // typed, a 503 and a word to try again; the pool reconnects on its own when it returns.
  // Every answer but the redirect: the form again, with what the visitor sent and what went wrong.
  const formAgain = (
    status: number,
    errors: Parameters<typeof submission.reply>[0],
    headers?: Record<string, string>,
  ) => data({ result: submission.reply(errors), formError: null }, { status, headers });
  const unavailable = (error: unknown) => {
    log.error(
      `Form ${pipeline.purpose} could not be stored: ${error instanceof Error ? error.message : String(error)}`,
    );
    return formAgain(503, { formErrors: [messages.unavailable] }, { "Retry-After": "30" });
  };

  let services: Awaited<ReturnType<typeof getServices>>;
  let limit: Awaited<ReturnType<typeof limitClient>>;
  try {
    services = await getServices();
    limit = await limitClient(services, request, { scope: "form" });
  } catch (error) {
    return unavailable(error);
  }
  if (!limit.allowed) {
    const minutes = Math.ceil(limit.retryAfterSeconds / 60);
    return formAgain(
      429,
      { formErrors: [fillMessage(messages.rateLimited, { minutes })] },
      { "Retry-After": String(limit.retryAfterSeconds) },
    );
  }

  if (fileProblem === "too-many-files") {
    return formAgain(400, {
      formErrors: [messages.summary],
      fieldErrors: { [pipeline.filesField]: [messages.tooManyFiles] },
    });
  }
  if (truncated || fileProblem) {
    return formAgain(413, {
      formErrors: [messages.bodyTooLarge],
      fieldErrors: { [pipeline.filesField]: [messages.filesTooLarge] },
    });
  }

  if (submission.status !== "success") {
    return formAgain(400, { formErrors: [messages.summary] });
  }

  const files: StoredFile[] = [];
  const fileErrors: string[] = [];
  for (const value of formData.getAll(pipeline.filesField)) {
    if (!(value instanceof File) || value.name === "") continue;
    // The name was cleaned as it arrived (multipart.server.ts).
    const content = Buffer.from(await value.arrayBuffer());
    const type = content.length ? acceptedFileType(value.name, content, pipeline.uploads.extensions) : null;
    if (content.length === 0) fileErrors.push(fillMessage(messages.emptyFile, { name: value.name }));
    else if (!type) fileErrors.push(fillMessage(messages.fileType, { name: value.name }));
    else files.push({ name: uniqueName(value.name, files), type, content });
  }
  if (fileErrors.length) {
    return formAgain(400, { formErrors: [messages.summary], fieldErrors: { [pipeline.filesField]: fileErrors } });
  }

  const { spamReason, formKey } = judgeSubmission(formData, {
    secret: services.secret,
    purpose: pipeline.purpose,
    minSeconds: formsEnv.FORM_MIN_SECONDS,
  });
  const stored = pipeline.toSubmission(submission.value);
  let storedId: string;
  try {
    ({ id: storedId } = await storeSubmission(services.db, {
      ...stored,
      description: pipeline.description,
      files,
      spamReason,
      formKey,
      messageIdDomain: new URL(env.SITE_URL).hostname,
      notification: ({ id }) =>
        notificationFor(pipeline.description, {
          id,
          jobTitle: stored.jobTitle ?? null,
          fields: stored.fields,
          files: files.map(fileFacts),
        }),
      followUp: async (trx, { id, createdAt }) => {
        const { kind } = stored;
        const address = pipeline.description.sender(stored.fields).email;
        // A meeting's visitor gets the booking's own e-mail instead.
        if (formsEnv.RECEIPTS === "on" && kind !== "meeting" && address) {
          await queueReceipt(trx, {
            submissionId: id,
            createdAt,
            kind,
            address,
            replyTo: notificationRecipient(pipeline.description),
            secret: services.secret,
            dailyLimit: formsEnv.RECEIPT_DAILY_LIMIT,
            messageIdDomain: new URL(env.SITE_URL).hostname,
            timeZone: knownZone(formData.get(visitorZoneField)),
          });
        }
        const summary = pipeline.description.chatSummary?.(stored.fields, stored.jobTitle ?? null);
        await queueWebhookEvent(
          trx,
          { type: "submission.created", submissionId: id, summary },
          { now: new Date(createdAt) },
        );
      },
    }));
  } catch (error) {
    if (error instanceof FormRefusal)
      return formAgain(error.status, { formErrors: error.formErrors, fieldErrors: error.fieldErrors });
    return unavailable(error);
  }
  services.outbox.kick();
  webhookWorker.kick();
  pipeline.afterStored?.();
  // Spam gets the same answer as a real visitor: nothing tells a bot what gave it away. A form
  // sent again (its stamp's key already stored) gets the same answer too: it was received.
  const { successPath } = pipeline;
  // To the confirmation's heading: the browser brings it into view on the page that follows.
  return redirect(
    `${typeof successPath === "function" ? successPath(submission.value) : successPath}#${confirmationId}`,
    { status: 303, headers: await pipeline.successHeaders?.({ id: storedId }) },
  );
}

/** "brief.pdf", then "brief (2).pdf": each stored file keeps a name of its own, within the names' length. */
function uniqueName(name: string, taken: StoredFile[]) {
  const names = new Set(taken.map((file) => file.name));
  if (!names.has(name)) return name;
  const dot = name.lastIndexOf(".");
  const [stem, extension] = dot > 0 ? [name.slice(0, dot), name.slice(dot)] : [name, ""];
  const numbered = (counter: number) => {
    const tail = ` (${counter})${extension}`;
    return `${[...stem].slice(0, maxFileNameLength - [...tail].length).join("")}${tail}`;
  };
  let counter = 2;
  while (names.has(numbered(counter))) counter += 1;
  return numbered(counter);
}
