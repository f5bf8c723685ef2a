import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import { acceptAttribute } from "#app/forms/file-names.ts";
import { MalformedFormError, parseMultipartForm, uploadBodyBytes } from "#app/forms/multipart.server.ts";
import {
  entryLabel,
  imagePurpose,
  imageRule,
  maxImageBytes,
  type ProofEntry,
  type ProofKind,
  proofImageExtensions,
  proofKinds,
  proofLimits,
} from "#app/pages/proof-fields.ts";
import { caseStudyShareImage } from "#app/pages/case-study-share.server.ts";
import { ImageRefusal, prepareImage } from "#app/pages/proof-images.server.ts";
import { getProofEntry, listProofVersions, type ProofInput, ProofRefusal } from "#app/pages/proof.server.ts";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { Button } from "#app/ui/button.tsx";
import { Container } from "#app/ui/container.tsx";
import { Field, FileField, Fieldset } from "#app/ui/field.tsx";
import type { Route } from "./+types/proof-entry-page";
import { IntentButton, VersionHistory } from "./content-versions.tsx";
import { showDay } from "./day-text.ts";
import { ActionBar, AskFirstButton, ConfirmStep } from "./editor-parts.tsx";
import { activity } from "../shell/activity-content.ts";
import { requireContentRight } from "./content-rights.server.ts";
import { Notice } from "../shell/notice.tsx";
import { proofEditor } from "./proof-editor-content.ts";
import { proofFormSchemas, proofFormValues, proofInputFrom } from "./proof-form-schema.ts";
import { changeProof, type ProofChange } from "./proof.server.ts";
import { zoneOf } from "../sign-in/session.server.ts";
import { shownTime } from "../shell/workspace-display.ts";
import { workspaceMeta } from "../shell/workspace-error.tsx";
import { workspacePaths } from "../workspace-paths.ts";

// A proof entry's form (and a new one's, at /workspace/proof/new/:kind): the kind's fields, its
// image (cleaned or converted on the server), whose consent it has and when, publishing (only
// with that consent), unpublishing, deleting, and a case study's earlier versions to see and
// restore. Plain forms: everything works without JavaScript; the server checks with the schema.

export { WorkspaceError as ErrorBoundary } from "../shell/workspace-error.tsx";

const copy = proofEditor.form;
const { fields: labels } = copy;

export const meta: Route.MetaFunction = ({ loaderData, error }) =>
  workspaceMeta(
    loaderData?.entry
      ? fillTemplate(copy.titleEdit, { entry: loaderData.label })
      : fillTemplate(copy.titleNew, { kind: loaderData ? proofEditor.kinds[loaderData.kind].one : "" }),
  )({ error });

type Done = keyof typeof copy.done;

const isKind = (value: string | undefined): value is ProofKind =>
  (proofKinds as readonly (string | undefined)[]).includes(value);

export async function loader({ request, params }: Route.LoaderArgs) {
  const { db, staff } = await requireContentRight(request, "proof");
  const search = new URL(request.url).searchParams;
  const done = search.get("done");
  const notice = done && done in copy.done ? copy.done[done as Done] : null;
  if (!params.id) {
    if (!isKind(params.kind)) throw data(copy.errors.notFound, { status: 404 });
    return {
      entry: null,
      kind: params.kind,
      label: "",
      versions: [],
      notice,
      confirmDelete: false,
      kept: null,
      shareImage: null,
    };
  }
  const entry = await getProofEntry(db, params.id);
  if (!entry) throw data(copy.errors.notFound, { status: 404 });
  const versions = entry.kind === "case-study" ? await listProofVersions(db, entry.id) : [];
  return {
    entry,
    kind: entry.kind,
    label: entryLabel(entry),
    versions: versions.map((version) => ({
      version: version.version,
      savedAt: shownTime(version.savedAt, zoneOf(staff)),
      savedBy: version.savedBy,
      fields: versionRows(version.fields as Record<string, unknown>, version.consentFrom, version.consentOn),
    })),
    notice,
    // Deleting asks first (?delete): only the confirmation's own post deletes.
    confirmDelete: search.has("delete"),
    // Publishing was refused for its consent, and what came with it was saved (?kept=no-consent).
    kept: search.get("kept") === "no-consent" && !entry.published ? ("no-consent" as const) : null,
    // Only once published: the address answers only what is public.
    shareImage: entry.kind === "case-study" && entry.published ? caseStudyShareImage(entry).path : null,
  };
}

/** A case study's version as label and value, for reading. */
function versionRows(fields: Record<string, unknown>, consentFrom: string, consentOn: string) {
  const figures = (fields.figures as Array<{ value: string; label: string }> | undefined) ?? [];
  const rows: Array<[string, unknown]> = [
    [labels.client, fields.client],
    [labels.industry, fields.industry],
    [labels.title, fields.title],
    [labels.problem, fields.problem],
    [labels.approach, fields.approach],
    [labels.outcome, fields.outcome],
    ...figures.map((figure, index): [string, unknown] => [
      fillTemplate(labels.figure, { number: index + 1 }),
      `${figure.value}: ${figure.label}`,
    ]),
    [labels.consentFrom, consentFrom],
    [labels.consentOn, consentOn],
  ];
  return rows.filter(([, value]) => value).map(([label, value]) => ({ label, value: String(value) }));
}

const intents = ["save", "publish", "unpublish", "delete", "restore"] as const;
type Intent = (typeof intents)[number];

const imageProblems = {
  type: copy.errors.imageType,
  unreadable: copy.errors.imageUnreadable,
  "svg-external": copy.errors.imageExternal,
  pixels: copy.errors.imagePixels,
  busy: copy.errors.imageBusy,
} as const;

export async function action({ request, params }: Route.ActionArgs) {
  // The right first: a member without it gets 403 before any of the body is read.
  const { db, staff } = await requireContentRight(request, "proof");
  const actor = { id: staff.id, email: staff.email };
  const existing = params.id ? await getProofEntry(db, params.id) : null;
  if (params.id && !existing) throw data(copy.errors.notFound, { status: 404 });
  const kind = existing?.kind ?? params.kind;
  if (!isKind(kind)) throw data(copy.errors.notFound, { status: 404 });

  let parsed: Awaited<ReturnType<typeof parseMultipartForm>>;
  try {
    parsed = await parseMultipartForm(request, {
      maxFiles: 1,
      maxTotalFileBytes: maxImageBytes,
      maxBodyBytes: uploadBodyBytes(maxImageBytes),
      maxFieldBytes: 16 * 1024,
      maxFields: 40,
    });
  } catch (error) {
    if (error instanceof MalformedFormError) throw data(copy.errors.summary, { status: 400 });
    throw error;
  }
  const { formData } = parsed;
  const intent = formData.get("intent") as Intent;
  if (!intents.includes(intent)) throw data(copy.errors.notFound, { status: 400 });

  let change: ProofChange;
  let refusedFields: ((reason: Refusal) => SubmissionResult<string[]>) | null = null;
  if (intent === "save" || intent === "publish") {
    const submission = parseWithZod(formData, { schema: proofFormSchemas[kind] });
    const file = formData.get("image");
    let image: ProofInput["image"];
    let imageError: string | null = parsed.fileProblem ? copy.errors.imageTooLarge : null;
    if (!imageError && file instanceof File && file.size > 0 && imageRule[kind] !== "none") {
      try {
        image = await prepareImage(imagePurpose(kind), {
          name: file.name,
          content: new Uint8Array(await file.arrayBuffer()),
        });
      } catch (error) {
        if (!(error instanceof ImageRefusal)) throw error;
        imageError = imageProblems[error.problem];
      }
    } else if (formData.get("removePhoto") === "on" && kind === "member") {
      image = "remove";
    }
    if (submission.status !== "success" || imageError) {
      const result = submission.reply({ fieldErrors: imageError ? { image: [imageError] } : {} });
      return data({ result, formError: copy.errors.summary, chooseAgain: true }, { status: 400 });
    }
    const input = { ...proofInputFrom(kind, submission.value), image };
    change = existing
      ? { intent: "save", id: existing.id, input, publish: intent === "publish" }
      : { intent: "create", kind, input, publish: intent === "publish" };
    // Said once, where it is to be mended: the consent's group, or the image's field.
    refusedFields = (reason) =>
      submission.reply({
        fieldErrors: reason === "no-consent" ? { consent: [copy.errors.noConsent] } : { image: [copy.errors.noImage] },
      });
  } else if (!existing) {
    throw data(copy.errors.notFound, { status: 400 });
  } else if (intent === "delete" && formData.get("confirmed") !== "yes") {
    // Not from the confirmation: ask it first.
    return redirect(`${workspacePaths.proofEntry(existing.id)}?delete`, 303);
  } else if (intent === "restore") {
    change = { intent, id: existing.id, version: Number(formData.get("version")) };
  } else {
    change = { intent, id: existing.id };
  }

  try {
    const entry = await changeProof(db, change, actor).catch(async (error: unknown) => {
      // Refused publishing for its consent, with a new image: the image is not lost. Saved, not
      // published, and the entry's page says what it needs (the file cannot come back to the form).
      if (
        error instanceof ProofRefusal &&
        error.reason === "no-consent" &&
        (change.intent === "create" || change.intent === "save") &&
        typeof change.input.image === "object"
      ) {
        const saved = await changeProof(db, { ...change, publish: false }, actor);
        if (saved) throw redirect(`${workspacePaths.proofEntry(saved.id)}?kept=no-consent`, 303);
      }
      throw error;
    });
    if (!entry) return redirect(`${workspacePaths.proof}?done=deleted`, 303);
    const done: Done =
      change.intent === "create"
        ? change.publish
          ? "published"
          : "created"
        : change.intent === "save"
          ? change.publish
            ? "published"
            : "saved"
          : change.intent === "unpublish"
            ? "unpublished"
            : change.intent === "restore"
              ? "restored"
              : "published";
    return redirect(`${workspacePaths.proofEntry(entry.id)}?done=${done}`, 303);
  } catch (error) {
    if (!(error instanceof ProofRefusal)) throw error;
    if (error.reason === "not-found") throw data(copy.errors.notFound, { status: 404 });
    // The list's publish has no form to mark: the reason, said there.
    return data(
      { result: refusedFields?.(error.reason) ?? null, formError: null, refused: error.reason, chooseAgain: true },
      { status: 409 },
    );
  }
}

type Refusal = "no-consent" | "no-image";

export default function ProofEntryPage({ loaderData, actionData }: Route.ComponentProps) {
  const { entry, kind, label, versions, notice, confirmDelete, kept, shareImage } = loaderData;
  return (
    <Container className="max-w-4xl py-8">
      <Link to={workspacePaths.proof} className="font-semibold text-brand underline underline-offset-4">
        ← {copy.back}
      </Link>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight">
        {entry
          ? fillTemplate(copy.titleEdit, { entry: label })
          : fillTemplate(copy.titleNew, { kind: proofEditor.kinds[kind].one })}
      </h1>
      {entry ? (
        <p className="mt-2 flex flex-wrap items-center gap-4">
          <span className="font-semibold">
            {fillTemplate(copy.state, {
              state: entry.published ? proofEditor.list.published : proofEditor.list.draft,
            })}
          </span>
          <a
            href={workspacePaths.proofPreview(entry.id)}
            className="font-semibold text-brand underline underline-offset-4"
          >
            {copy.preview}
          </a>
          {shareImage ? (
            <a href={shareImage} className="font-semibold text-brand underline underline-offset-4">
              {copy.shareImage}
            </a>
          ) : null}
        </p>
      ) : null}
      {notice ? <Notice tone="done">{notice}</Notice> : null}
      {kept && !actionData ? <Notice tone="done">{copy.done.keptImage}</Notice> : null}
      {entry && confirmDelete ? (
        <ConfirmStep
          id="delete-question"
          question={fillTemplate(copy.deleteConfirm.question, {
            kind: activity.audit.proofKinds[entry.kind],
            entry: label,
          })}
          explanation={copy.actions.deleteHint}
          intent="delete"
          confirm={copy.deleteConfirm.confirm}
          cancel={copy.deleteConfirm.cancel}
          cancelHref={workspacePaths.proofEntry(entry.id)}
        />
      ) : null}
      <EntryForm
        kind={kind}
        entry={entry}
        lastResult={actionData?.result ?? null}
        formError={actionData?.formError ?? null}
        refused={actionData && "refused" in actionData ? actionData.refused : actionData ? null : kept}
        chooseAgain={actionData?.chooseAgain ?? false}
      />
      {entry ? (
        <div className="mt-8 space-y-3">
          <div className="flex flex-wrap gap-3">
            {entry.published ? <IntentButton intent="unpublish" label={copy.actions.unpublish} /> : null}
            {confirmDelete ? null : (
              // Asks first: the confirmation on this page (?delete) is what deletes.
              <AskFirstButton ask="delete" label={copy.actions.delete} />
            )}
          </div>
          <p className="text-sm text-ink-muted">{copy.actions.deleteHint}</p>
        </div>
      ) : null}
      {entry && kind === "case-study" ? (
        <VersionHistory text={proofEditor.versions} versions={versions} current={entry.version} />
      ) : null}
    </Container>
  );
}

type Spec = {
  name: string;
  label: string;
  hint?: string;
  multiline?: boolean;
  /** A line too long for half the form (a case study's title): the whole width. */
  wide?: boolean;
  required?: boolean;
  max: number;
};

const figureSpecs = ([1, 2, 3] as const).flatMap((number): Spec[] => [
  {
    name: `figure${number}Value`,
    label: `${fillTemplate(labels.figure, { number })}: ${labels.figureValue}`,
    max: proofLimits.figureValue,
    hint: number === 1 ? labels.figuresHint : undefined,
  },
  {
    name: `figure${number}Label`,
    label: `${fillTemplate(labels.figure, { number })}: ${labels.figureLabel}`,
    max: proofLimits.figureLabel,
  },
]);

/** Each kind's fields, in the order the form shows them. */
const specs: Record<ProofKind, Spec[]> = {
  logo: [
    { name: "name", label: labels.logoName, hint: labels.logoNameHint, required: true, max: proofLimits.name },
    { name: "url", label: labels.url, hint: labels.urlHint, max: proofLimits.url },
  ],
  "case-study": [
    { name: "client", label: labels.client, required: true, max: proofLimits.name },
    { name: "industry", label: labels.industry, hint: labels.industryHint, max: proofLimits.name },
    { name: "title", label: labels.title, required: true, wide: true, max: proofLimits.line },
    { name: "problem", label: labels.problem, required: true, multiline: true, max: proofLimits.paragraph },
    { name: "approach", label: labels.approach, required: true, multiline: true, max: proofLimits.paragraph },
    { name: "outcome", label: labels.outcome, required: true, multiline: true, max: proofLimits.paragraph },
    ...figureSpecs,
  ],
  testimonial: [
    { name: "quote", label: labels.quote, required: true, multiline: true, max: proofLimits.quote },
    { name: "name", label: labels.personName, required: true, max: proofLimits.name },
    { name: "role", label: labels.role, required: true, max: proofLimits.line },
    { name: "company", label: labels.company, required: true, max: proofLimits.name },
  ],
  member: [
    { name: "name", label: labels.personName, required: true, max: proofLimits.name },
    { name: "role", label: labels.role, required: true, max: proofLimits.line },
    { name: "bio", label: labels.bio, hint: labels.bioHint, multiline: true, max: proofLimits.bio },
    { name: "profileUrl", label: labels.profileUrl, hint: labels.profileUrlHint, max: proofLimits.url },
  ],
};

function EntryForm({
  kind,
  entry,
  lastResult,
  formError,
  refused,
  chooseAgain,
}: {
  kind: ProofKind;
  entry: ProofEntry | null;
  lastResult: SubmissionResult<string[]> | null;
  formError: string | null;
  /** Why publishing was refused: the summary points to the part that says it. */
  refused: Refusal | null;
  chooseAgain: boolean;
}) {
  const [form, fields] = useForm({
    id: "proof-form",
    lastResult,
    defaultValue: entry
      ? { ...proofFormValues(entry), consentFrom: entry.consentFrom, consentOn: showDay(entry.consentOn) }
      : undefined,
    shouldValidate: "onSubmit",
  });
  const field = (name: string) => fields[name as keyof typeof fields];
  const value = (name: string) => (field(name)?.initialValue as string | undefined) ?? "";
  const control = (name: string) => ({
    id: field(name)?.id ?? `proof-form-${name}`,
    errorId: field(name)?.errorId,
    errors: field(name)?.errors,
  });
  const input = (spec: Spec, type = "text") => (
    <div key={spec.name} className={spec.multiline || spec.wide ? "sm:col-span-2" : undefined}>
      <Field {...control(spec.name)} label={spec.label} hint={spec.hint} required={spec.required}>
        {(props) =>
          spec.multiline ? (
            <textarea
              {...props}
              name={spec.name}
              defaultValue={value(spec.name)}
              rows={4}
              required={spec.required}
              maxLength={spec.max}
            />
          ) : (
            <input
              {...props}
              name={spec.name}
              type={type}
              defaultValue={value(spec.name)}
              required={spec.required}
              maxLength={spec.max}
            />
          )
        }
      </Field>
    </div>
  );
  const purpose = imagePurpose(kind);
  const image = imageRule[kind];
  const errors = [formError, ...(form.errors ?? [])].filter(Boolean);
  return (
    <form
      method="post"
      encType="multipart/form-data"
      {...getFormProps(form)}
      noValidate={false}
      className="mt-6 space-y-10 rounded-card border border-line bg-surface p-6"
    >
      {errors.length ? <Notice tone="problem">{errors.join(" ")}</Notice> : null}
      {refused ? (
        <Notice tone="problem">
          <a
            href={refused === "no-consent" ? "#proof-form-consent" : "#proof-form-image"}
            className="underline underline-offset-4"
          >
            {fillTemplate(copy.errors.refused, {
              section: refused === "no-consent" ? copy.sections.consent : copy.sections.image,
            })}
          </a>
        </Notice>
      ) : null}
      <Fieldset legend={copy.sections.entry}>
        {specs[kind].map((spec) => input(spec, /url$/i.test(spec.name) ? "url" : "text"))}
      </Fieldset>
      {image !== "none" ? (
        <Fieldset legend={copy.sections.image}>
          <div className="sm:col-span-2">
            {entry?.image ? (
              <p className="mb-4 flex flex-wrap items-center gap-4">
                <span className="font-semibold">{labels.currentImage}</span>
                <img
                  src={entry.image.src}
                  alt={entryLabel(entry)}
                  width={entry.image.width}
                  height={entry.image.height}
                  className={purpose === "photo" ? "size-20 rounded-full" : "h-9 w-auto"}
                />
                <span className="text-sm text-ink-muted">{labels.keepImage}</span>
              </p>
            ) : null}
            <FileField
              id="proof-form-image"
              errorId="proof-form-image-error"
              label={purpose === "photo" ? labels.photo : labels.logo}
              hint={purpose === "photo" ? labels.photoHint : labels.logoHint}
              errors={lastResult?.error?.image ?? undefined}
              chosenLabel={labels.chosen}
              chooseAgain={chooseAgain ? labels.chooseAgain : null}
              input={{ name: "image", accept: acceptAttribute(proofImageExtensions[purpose]) }}
            />
            {kind === "member" && entry?.image ? (
              <label className="mt-4 flex items-center gap-2 font-semibold">
                <input type="checkbox" name="removePhoto" className="size-5" />
                {labels.removePhoto}
              </label>
            ) : null}
          </div>
        </Fieldset>
      ) : null}
      <Fieldset
        legend={copy.sections.consent}
        id="proof-form-consent"
        errors={
          lastResult?.error?.consent ?? (refused === "no-consent" && !lastResult ? [copy.errors.noConsent] : undefined)
        }
      >
        {input({
          name: "consentFrom",
          label: labels.consentFrom,
          hint: labels.consentFromHint,
          max: proofLimits.consentFrom,
        })}
        {input({ name: "consentOn", label: labels.consentOn, hint: labels.consentOnHint, max: 20 })}
      </Fieldset>
      <ActionBar>
        <Button type="submit" name="intent" value="save">
          {entry ? copy.actions.save : copy.actions.create}
        </Button>
        <Button type="submit" name="intent" value="publish" variant="secondary">
          {copy.actions.publish}
        </Button>
      </ActionBar>
    </form>
  );
}
