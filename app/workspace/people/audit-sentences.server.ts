import type { Kysely, Selectable } from "kysely";
import type { AuditEventTable, Schema, SubmissionKind } from "#app/platform/db.server.ts";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { cleanFileName } from "#app/forms/file-names.ts";
import type { StoredFields } from "#app/forms/submission-fields.ts";
import { entryLabel, type ProofFields, type ProofKind } from "#app/pages/proof-fields.ts";
import { pageNames } from "../content/pages-editor-content.ts";
import { activity } from "../shell/activity-content.ts";
import type { AuditAction } from "./audit-actions.ts";
import { auditActions } from "./audit-actions.ts";
import type { ExportDetail } from "../inbox/inbox.server.ts";
import { kindFields } from "../inbox/inbox.server.ts";
import { workspace } from "../shell/workspace-content.ts";
import { progressLabels, type ShownTime, shownTime } from "../shell/workspace-display.ts";
import { workspacePaths } from "../workspace-paths.ts";
import type { SentencePart } from "../shell/sentence.tsx";

// The audit trail as sentences a person reads ("Marked Application: Ada Lovelace as Done"). The
// trail stores ids and codes only; what each row is about is named when the page is shown, as
// the inbox names it, from the submission or person as they are now: a deleted submission reads
// as deleted (its tombstone says why), a removed person as removed. Names never enter the trail.

export type AuditLine = { id: string; at: ShownTime; who: string; sentence: SentencePart[] };

type AuditRow = Selectable<AuditEventTable>;

const isAction = (value: string): value is AuditAction => (auditActions as readonly string[]).includes(value);

/** The people, submissions and files the events name, read in a few queries. */
async function namesFor(db: Kysely<Schema>, events: AuditRow[]) {
  const targets = [...new Set(events.map((event) => event.target).filter((target) => target !== null))];
  const submissionTargets = targets.slice(0, 1000);
  const [people, submissions, tombstones, files, postings, proofEntries] = targets.length
    ? await Promise.all([
        db.selectFrom("staff").select(["id", "email"]).where("id", "in", targets).execute(),
        db.selectFrom("submissions").select(["id", "kind", "fields"]).where("id", "in", submissionTargets).execute(),
        db
          .selectFrom("deletion_tombstones")
          .select(["id", "kind", "reason"])
          .where("id", "in", submissionTargets)
          .execute(),
        db
          .selectFrom("attachments")
          .select(["submission_id", "position", "name"])
          .where("submission_id", "in", submissionTargets)
          .execute(),
        db.selectFrom("postings").select(["id", "title"]).where("id", "in", submissionTargets).execute(),
        db.selectFrom("proof_entries").select(["id", "kind", "fields"]).where("id", "in", submissionTargets).execute(),
      ])
    : [[], [], [], [], [], []];
  return {
    people: new Map(people.map((person) => [person.id, person.email])),
    submissions: new Map(
      submissions.map((row) => [row.id, submissionName(row.kind, JSON.parse(row.fields) as StoredFields)]),
    ),
    tombstones: new Map(tombstones.map((row) => [row.id, row])),
    postings: new Map(postings.map((posting) => [posting.id, posting.title])),
    proofEntries: new Map(
      proofEntries.map((entry) => [
        entry.id,
        entryLabel({ kind: entry.kind as ProofKind, fields: JSON.parse(entry.fields) as ProofFields[ProofKind] }),
      ]),
    ),
    files: new Map(files.map((file) => [`${file.submission_id} ${Number(file.position)}`, cleanFileName(file.name)])),
  };
}

/** A submission as the inbox and its page name it: "Application: Ada Lovelace". */
export function submissionName(kind: SubmissionKind, fields: StoredFields) {
  const description = kindFields[kind];
  const sender = description.sender(fields);
  return fillTemplate(activity.audit.submission, { kind: description.label, name: sender.name || sender.email });
}

const kindWord = (kind: string, count = 1) => {
  const words =
    activity.audit.kinds[(kind in activity.audit.kinds ? kind : "any") as keyof typeof activity.audit.kinds];
  return count === 1 ? words.one : words.other;
};

function exportWhat(detail: string | null) {
  const copy = activity.audit;
  if (!detail) return "";
  if (detail.startsWith("{")) {
    const parsed = JSON.parse(detail) as ExportDetail;
    return fillTemplate(parsed.search ? copy.exportedSearch : copy.exported, {
      count: parsed.count,
      kinds: kindWord(parsed.kind ?? "any", parsed.count),
      state: parsed.meeting ? activity.meetings.filter[parsed.meeting].toLowerCase() : copy.states[parsed.state],
      format: parsed.format.toUpperCase(),
    });
  }
  // Written before the trail kept what was exported: "12 submissions as csv".
  const legacy = /^(\d+) submissions as (\w+)$/.exec(detail);
  return legacy ? `${legacy[1]} ${kindWord("any", Number(legacy[1]))} as ${legacy[2]?.toUpperCase()}` : detail;
}

/** "rights postings proof" (the trail's detail) as the People page names them. */
function rightsNamed(detail: string | null) {
  const rights = detail?.replace(/^rights /, "").split(" ") ?? [];
  const named = rights.flatMap((right) =>
    right in workspace.people.rights.short
      ? [workspace.people.rights.short[right as keyof typeof workspace.people.rights.short].toLowerCase()]
      : [],
  );
  return named.length ? named.join(" and ") : activity.audit.noRights;
}

/** The kind of proof entry an event's detail starts with ("logo, version 2"), as people say it. */
function proofKindWord(detail: string | null) {
  const kind = detail?.split(",")[0] ?? "";
  const words = activity.audit.proofKinds;
  return kind in words ? words[kind as keyof typeof words] : words.entry;
}

const split = (template: string, values: Record<string, SentencePart>): SentencePart[] =>
  template
    .split(/(\{\w+\})/)
    .filter(Boolean)
    .map((piece) => {
      const key = /^\{(\w+)\}$/.exec(piece)?.[1];
      return key && key in values ? (values[key] as SentencePart) : piece;
    })
    .filter((part) => part !== "");

/** A sentence inside a longer one: `{sentence}` in the template stands for it. */
const around = (template: string, inner: SentencePart[], values: Record<string, string> = {}): SentencePart[] =>
  template
    .split(/(\{sentence\})/)
    .flatMap((piece) => (piece === "{sentence}" ? inner : piece ? [fillTemplate(piece, values)] : []));

/**
 * The audit trail's rows as sentences, times in `zone`. On a submission's own page (`about`) the
 * submission is "this application" rather than its name.
 */
export async function readableAudit(
  db: Kysely<Schema>,
  events: AuditRow[],
  zone: string,
  { about }: { about?: { id: string; kind: SubmissionKind } } = {},
): Promise<AuditLine[]> {
  const names = await namesFor(db, events);
  const copy = activity.audit;
  const roleName = (detail: string | null) =>
    (
      workspace.people.roles[(detail?.replace(/^role /, "") ?? "member") as "admin" | "member"] ??
      detail ??
      ""
    ).toLowerCase();
  return events.map((event) => {
    const action = isAction(event.action) ? event.action : null;
    const target = event.target;
    const person: SentencePart = {
      label: (target && names.people.get(target)) ?? copy.removedPerson,
      href: null,
    };
    const tombstone = target ? names.tombstones.get(target) : undefined;
    const submission: SentencePart = target
      ? about?.id === target
        ? fillTemplate(copy.thisOne, { kind: kindWord(about.kind) })
        : names.submissions.has(target)
          ? { label: names.submissions.get(target) as string, href: workspacePaths.submission(target) }
          : {
              label: tombstone
                ? fillTemplate(copy.deleted[tombstone.reason], { kind: kindWord(tombstone.kind) })
                : copy.deleted.unknown,
              href: null,
            }
      : "";
    const position = /^file (\d+)$/.exec(event.detail ?? "")?.[1];
    const fileName = target && position !== undefined ? names.files.get(`${target} ${position}`) : undefined;
    const values: Record<string, SentencePart> = {
      person,
      submission,
      file: fileName ? fillTemplate(copy.file, { name: fileName }) : copy.unknownFile,
      role: roleName(event.detail),
      state: progressLabels[event.detail as keyof typeof progressLabels] ?? event.detail ?? "",
      what: exportWhat(event.detail),
      posting: target
        ? { label: names.postings.get(target) ?? copy.removedPosting, href: workspacePaths.posting(target) }
        : "",
      rights: rightsNamed(event.detail),
      proof: target
        ? names.proofEntries.has(target)
          ? { label: names.proofEntries.get(target) as string, href: workspacePaths.proofEntry(target) }
          : { label: copy.removedProofEntry, href: null }
        : "",
      proofKind: proofKindWord(event.detail),
      page: target ? { label: pageNames[target] ?? target, href: workspacePaths.pageCopy(target) } : "",
      owner: event.detail === "nobody" || !event.detail ? copy.nobody : event.detail,
    };
    let sentence: SentencePart[];
    if (!action) sentence = [event.action, ...(event.detail ? [` (${event.detail})`] : [])];
    else if (action === "note" && event.detail === "cleared") sentence = split(copy.noteCleared, values);
    else if (action === "analytics-access" && event.detail === "removed")
      sentence = split(copy.analyticsRemoved, values);
    else if (action === "sign-in" && event.detail && event.detail in copy.signInHow)
      sentence = [copy.signInHow[event.detail as keyof typeof copy.signInHow]];
    else {
      sentence = split(copy.sentences[action], values);
      if (action === "not-spam" && event.detail === "notification sent")
        sentence = around(copy.notificationSent, sentence);
      const named = action === "passkey-add" || action === "passkey-remove" || action === "passkey-rename";
      if (named && event.detail) sentence = around(copy.named, sentence, { name: event.detail });
      const refused = action === "sign-in-refused" && event.detail;
      if (refused)
        sentence = [
          ...sentence,
          ` (${(copy.refusedBecause as Record<string, string>)[event.detail as string] ?? event.detail})`,
        ];
      const counted =
        (action === "privacy-export" ||
          action === "privacy-erase" ||
          action === "redeliver-webhooks" ||
          action.startsWith("app-") ||
          action.startsWith("page-")) &&
        event.detail;
      if (counted) sentence = [...sentence, ` ${fillTemplate(copy.detail, { detail: event.detail as string })}`];
    }
    return {
      id: event.id,
      at: shownTime(event.at, zone),
      who: event.actor_email ?? (event.action === "enrol" ? workspace.audit.system : workspace.audit.operator),
      sentence,
    };
  });
}
