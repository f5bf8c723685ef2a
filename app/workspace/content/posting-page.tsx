import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, Link, redirect } from "react-router";
import {
  employmentTypes,
  locationTypes,
  type Posting,
  postingLimits,
  postingState,
  salaryPeriods,
} from "#app/careers/posting-fields.ts";
import { markdownToHtml } from "#app/careers/markdown.server.ts";
import { getPosting, listVersions, PostingRefusal } from "#app/careers/postings.server.ts";
import { now } from "#app/platform/clock.ts";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { Island } from "#app/site/island.tsx";
import { Button } from "#app/ui/button.tsx";
import { Container } from "#app/ui/container.tsx";
import { Field, Fieldset } from "#app/ui/field.tsx";
import { z } from "zod";
import type { Route } from "./+types/posting-page";
import { type Choice, countryCodeChoices, countryNameChoices, currencyChoices, withCurrent } from "./choices.ts";
import { showDay } from "./day-text.ts";
import { ActionBar, AskFirstButton, ChoiceField, ConfirmStep } from "./editor-parts.tsx";
import { MarkdownEditor } from "./markdown-editor.tsx";
import { IntentButton, VersionHistory } from "./content-versions.tsx";
import { requireContentRight } from "./content-rights.server.ts";
import { Notice } from "../shell/notice.tsx";
import { OpensAtSchema, type PostingForm, PostingFormSchema, postingFieldsFrom } from "./posting-form-schema.ts";
import { changePosting, type PostingChange } from "./postings.server.ts";
import { postingsEditor } from "./postings-content.ts";
import { zoneOf } from "../sign-in/session.server.ts";
import { shownTime } from "../shell/workspace-display.ts";
import { workspaceMeta } from "../shell/workspace-error.tsx";
import { workspacePaths } from "../workspace-paths.ts";

// A posting's form (and a new one's, at /workspace/postings/new): its fields, publishing now or
// at a time, closing and reopening, a copy as a new draft, and its earlier versions to see and
// restore. Plain forms: everything works without JavaScript, the server checks with the schema.

export { WorkspaceError as ErrorBoundary } from "../shell/workspace-error.tsx";

const copy = postingsEditor.form;

export const meta: Route.MetaFunction = ({ loaderData, error }) =>
  workspaceMeta(
    loaderData?.posting ? fillTemplate(copy.titleEdit, { title: loaderData.posting.title }) : copy.titleNew,
  )({ error });

const doneMessages = copy.done;
type Done = keyof typeof doneMessages;

/** A new posting's starting values: a remote, full-time role paid yearly in US dollars. */
const newPostingValues = {
  employmentType: "FULL_TIME",
  locationType: "remote",
  applicantCountry: "United States",
  salaryCurrency: "USD",
  salaryPeriod: "YEAR",
  directApply: "on",
};

const formValues = (posting: Posting) => ({
  ...posting,
  locality: posting.locality ?? "",
  region: posting.region ?? "",
  country: posting.country ?? "",
  applicantCountry: posting.applicantCountry ?? "",
  salaryMin: String(posting.salaryMin),
  salaryMax: String(posting.salaryMax),
  datePosted: posting.datePosted ? showDay(posting.datePosted) : "",
  validThrough: posting.validThrough ? showDay(posting.validThrough) : "",
  directApply: posting.directApply ? "on" : "",
});

export async function loader({ request, params }: Route.LoaderArgs) {
  const { db, staff } = await requireContentRight(request, "postings");
  const search = new URL(request.url).searchParams;
  const done = search.get("done");
  const notice = done && done in doneMessages ? doneMessages[done as Done] : null;
  if (!params.id) return { posting: null, state: null, versions: [], notice, confirmClose: false, descriptionHtml: "" };
  const posting = await getPosting(db, params.id);
  if (!posting) throw data(copy.errors.notFound, { status: 404 });
  const versions = (await listVersions(db, posting.id)).map((version) => ({
    version: version.version,
    savedAt: shownTime(version.savedAt, zoneOf(staff)),
    savedBy: version.savedBy,
    fields: versionRows(version.posting),
  }));
  return {
    posting,
    state: postingState(posting, now()),
    versions,
    notice,
    // Closing asks first (?close): only the confirmation's own post closes.
    confirmClose: search.has("close"),
    descriptionHtml: markdownToHtml(posting.description),
  };
}

/** A version's fields as label and value, for reading. */
function versionRows(posting: Partial<Posting>) {
  const { fields } = copy;
  const rows: Array<[string, unknown]> = [
    [fields.title, posting.title],
    [fields.slug, posting.slug],
    [fields.department, posting.department],
    [fields.summary, posting.summary],
    [fields.description, posting.description],
    [fields.employmentType, posting.employmentType && copy.employmentTypes[posting.employmentType]],
    [fields.locationType, posting.locationType && copy.locationTypes[posting.locationType]],
    [fields.locality, posting.locality],
    [fields.region, posting.region],
    [fields.country, posting.country],
    [fields.applicantCountry, posting.applicantCountry],
    [fields.salaryMin, posting.salaryMin],
    [fields.salaryMax, posting.salaryMax],
    [fields.salaryCurrency, posting.salaryCurrency],
    [fields.salaryPeriod, posting.salaryPeriod && copy.salaryPeriods[posting.salaryPeriod]],
    [fields.datePosted, posting.datePosted],
    [fields.validThrough, posting.validThrough],
  ];
  return rows
    .filter(([, value]) => value !== null && value !== undefined && value !== "")
    .map(([label, value]) => ({ label, value: String(value) }));
}

const intents = [
  "create",
  "save",
  "publish",
  "schedule",
  "close",
  "reopen",
  "duplicate",
  "restore",
  "preview",
] as const;
type Intent = (typeof intents)[number];

export async function action({ request, params }: Route.ActionArgs) {
  const { db, staff } = await requireContentRight(request, "postings");
  const formData = await request.formData();
  const intent = formData.get("intent") as Intent;
  if (!intents.includes(intent)) throw data(copy.errors.notFound, { status: 400 });
  const id = params.id;
  let change: PostingChange;
  let slugTaken: (() => SubmissionResult<string[]>) | null = null;
  if (intent === "preview") {
    // Without JavaScript: the form back as typed, nothing checked or saved, the description previewed.
    const description = String(formData.get("description") ?? "").slice(0, postingLimits.description);
    const typed = parseWithZod(formData, { schema: z.looseObject({}) }).reply();
    return { result: typed, formError: null, previewHtml: markdownToHtml(description) };
  }
  if (intent === "close" && formData.get("confirmed") !== "yes") {
    // Not from the confirmation: ask it first.
    if (!id) throw data(copy.errors.notFound, { status: 400 });
    return redirect(`${workspacePaths.posting(id)}?close`, 303);
  }
  if (intent === "create" || intent === "save" || intent === "publish" || intent === "schedule") {
    const submission = parseWithZod(formData, { schema: PostingFormSchema });
    const opensAt = intent === "schedule" ? OpensAtSchema.safeParse(formData.get("opensAt") ?? undefined) : null;
    if (submission.status !== "success" || (opensAt && !opensAt.success)) {
      const result = submission.reply({
        fieldErrors: opensAt && !opensAt.success ? { opensAt: [copy.errors.opensAt] } : {},
      });
      return data({ result, formError: copy.errors.summary, previewHtml: null }, { status: 400 });
    }
    slugTaken = () => submission.reply({ fieldErrors: { slug: [copy.errors.slugTaken] } });
    const fields = postingFieldsFrom(submission.value);
    if (intent === "schedule" && opensAt?.success) change = { intent, id, fields, opensAt: opensAt.data };
    else if (intent === "save" && id) change = { intent, id, fields };
    else if (intent === "publish") change = { intent, id, fields };
    else change = { intent: "create", fields };
  } else if (!id) {
    throw data(copy.errors.notFound, { status: 400 });
  } else if (intent === "restore") {
    change = { intent, id, version: Number(formData.get("version")) };
  } else {
    change = { intent, id };
  }
  try {
    const posting = await changePosting(db, change, { id: staff.id, email: staff.email });
    const done: Done =
      change.intent === "create"
        ? "created"
        : (
            {
              save: "saved",
              publish: "published",
              schedule: "scheduled",
              close: "closed",
              reopen: "reopened",
              duplicate: "duplicated",
              restore: "restored",
            } as const
          )[change.intent];
    return redirect(`${workspacePaths.posting(posting.id)}?done=${done}`, 303);
  } catch (error) {
    if (!(error instanceof PostingRefusal)) throw error;
    if (error.reason === "not-found") throw data(copy.errors.notFound, { status: 404 });
    return data(
      {
        result: slugTaken?.() ?? null,
        formError: copy.errors.summary,
        previewHtml: null,
      },
      { status: 409 },
    );
  }
}

export default function PostingPage({ loaderData, actionData }: Route.ComponentProps) {
  const { posting, state, versions, notice, confirmClose, descriptionHtml } = loaderData;
  return (
    <Container className="max-w-6xl py-8">
      <Link to={workspacePaths.postings} className="font-semibold text-brand underline underline-offset-4">
        ← {copy.back}
      </Link>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight">
        {posting ? fillTemplate(copy.titleEdit, { title: posting.title }) : copy.titleNew}
      </h1>
      {posting && state ? (
        <p className="mt-2 flex flex-wrap items-center gap-4">
          <span className="font-semibold">{fillTemplate(copy.state, { state: copy.states[state] })}</span>
          <a
            href={workspacePaths.postingPreview(posting.id)}
            className="font-semibold text-brand underline underline-offset-4"
          >
            {copy.preview}
          </a>
        </p>
      ) : null}
      {notice ? <Notice tone="done">{notice}</Notice> : null}
      {posting && confirmClose && (state === "open" || state === "scheduled") ? (
        <ConfirmStep
          id="close-question"
          question={fillTemplate(copy.closeConfirm.question, { title: posting.title })}
          explanation={copy.closeConfirm.explanation}
          intent="close"
          confirm={copy.closeConfirm.confirm}
          cancel={copy.closeConfirm.cancel}
          cancelHref={workspacePaths.posting(posting.id)}
        />
      ) : null}
      <PostingEditor
        posting={posting}
        lastResult={actionData && "result" in actionData ? actionData.result : null}
        formError={actionData?.formError ?? null}
        descriptionHtml={actionData?.previewHtml ?? descriptionHtml}
      />
      {posting && state ? (
        <div className="mt-8 flex flex-wrap gap-3">
          {state === "closed" ? <IntentButton intent="reopen" label={copy.actions.reopen} /> : null}
          <IntentButton intent="duplicate" label={copy.actions.duplicate} />
          {(state === "open" || state === "scheduled") && !confirmClose ? (
            <AskFirstButton ask="close" label={copy.actions.close} />
          ) : null}
        </div>
      ) : null}
      {posting ? <VersionHistory text={postingsEditor.versions} versions={versions} current={posting.version} /> : null}
    </Container>
  );
}

function PostingEditor({
  posting,
  lastResult,
  formError,
  descriptionHtml,
}: {
  posting: Posting | null;
  lastResult: SubmissionResult<string[]> | null | undefined;
  formError: string | null;
  /** The description as its page shows it: the saved one's, or the one the form came back with. */
  descriptionHtml: string;
}) {
  const [form, fields] = useForm<PostingForm>({
    id: "posting-form",
    lastResult,
    defaultValue: posting ? formValues(posting) : newPostingValues,
    shouldValidate: "onSubmit",
  });
  const { fields: labels } = copy;
  const value = (name: keyof typeof fields) => (fields[name].initialValue as string | undefined) ?? "";
  const control = (name: keyof typeof fields) => ({
    id: fields[name].id,
    errorId: fields[name].errorId,
    errors: fields[name].errors,
  });
  const text = (
    name: keyof typeof fields,
    label: string,
    extra: { hint?: string; required?: boolean; max?: number; type?: string } = {},
  ) => (
    <Field {...control(name)} label={label} hint={extra.hint} required={extra.required}>
      {(props) => (
        <input
          {...props}
          name={fields[name].name}
          type={extra.type ?? "text"}
          defaultValue={value(name)}
          required={extra.required}
          maxLength={extra.max}
        />
      )}
    </Field>
  );
  const choose = (
    name: keyof typeof fields,
    label: string,
    choices: Choice[],
    extra: { hint?: string; required?: boolean } = {},
  ) => (
    <ChoiceField
      {...control(name)}
      name={fields[name].name}
      label={label}
      hint={extra.hint}
      required={extra.required}
      placeholder={labels.choose}
      choices={withCurrent(choices, value(name))}
      value={value(name)}
    />
  );
  const select = <Value extends string>(
    name: keyof typeof fields,
    label: string,
    options: readonly Value[],
    names: Record<Value, string>,
  ) =>
    choose(
      name,
      label,
      options.map((option) => ({ value: option, label: names[option] })),
      { required: true },
    );
  const errors = [formError, ...(form.errors ?? [])].filter(Boolean);
  return (
    <form
      method="post"
      {...getFormProps(form)}
      noValidate={false}
      className="mt-6 space-y-10 rounded-card border border-line bg-surface p-6"
    >
      {/* Enter in a field saves, as before the preview's button came first in the form: a form's
          default button is its first. Out of sight and of the tab order; the bar's Save is the one to see. */}
      <button
        type="submit"
        name="intent"
        value={posting ? "save" : "create"}
        tabIndex={-1}
        aria-hidden="true"
        className="sr-only"
      />
      {errors.length ? <Notice tone="problem">{errors.join(" ")}</Notice> : null}
      <Fieldset legend={copy.sections.what}>
        {text("title", labels.title, { required: true, max: postingLimits.title })}
        {text("slug", labels.slug, { hint: labels.slugHint, max: postingLimits.slug })}
        {text("department", labels.department, { required: true, max: postingLimits.department })}
        <div className="sm:col-span-2">
          <Field {...control("summary")} label={labels.summary} hint={labels.summaryHint} required>
            {(props) => (
              <textarea
                {...props}
                name={fields.summary.name}
                defaultValue={value("summary")}
                rows={3}
                required
                maxLength={postingLimits.summary}
              />
            )}
          </Field>
        </div>
        <Island
          name="markdown-editor"
          component={MarkdownEditor}
          props={{
            ...control("description"),
            name: fields.description.name,
            label: labels.description,
            hint: labels.descriptionHint,
            maxLength: postingLimits.description,
            value: value("description"),
            html: descriptionHtml,
            previewUrl: workspacePaths.markdownPreview,
            text: copy.markdownPreview,
          }}
        />
      </Fieldset>
      <Fieldset legend={copy.sections.where}>
        {select("locationType", labels.locationType, locationTypes, copy.locationTypes)}
        {choose("applicantCountry", labels.applicantCountry, countryNameChoices(), {
          hint: labels.applicantCountryHint,
        })}
        {text("locality", labels.locality, { max: postingLimits.place })}
        {text("region", labels.region, { max: postingLimits.place })}
        {choose("country", labels.country, countryCodeChoices(), { hint: labels.countryHint })}
      </Fieldset>
      <Fieldset legend={copy.sections.pay}>
        {select("employmentType", labels.employmentType, employmentTypes, copy.employmentTypes)}
        {select("salaryPeriod", labels.salaryPeriod, salaryPeriods, copy.salaryPeriods)}
        {text("salaryMin", labels.salaryMin, { required: true, type: "number" })}
        {text("salaryMax", labels.salaryMax, { required: true, type: "number" })}
        {choose("salaryCurrency", labels.salaryCurrency, currencyChoices(), {
          required: true,
          hint: labels.salaryCurrencyHint,
        })}
      </Fieldset>
      <Fieldset legend={copy.sections.dates}>
        {text("datePosted", labels.datePosted, { hint: labels.datePostedHint, max: 20 })}
        {text("validThrough", labels.validThrough, { hint: labels.validThroughHint, max: 20 })}
        <label className="flex items-center gap-2 font-semibold sm:col-span-2">
          <input
            type="checkbox"
            name={fields.directApply.name}
            defaultChecked={value("directApply") === "on"}
            className="size-6"
          />
          {labels.directApply}
        </label>
        <Field
          id="posting-opens-at"
          errorId="posting-opens-at-error"
          errors={lastResult?.error?.opensAt ?? undefined}
          label={labels.opensAt}
          hint={labels.opensAtHint}
        >
          {(props) => <input {...props} name="opensAt" type="text" maxLength={30} />}
        </Field>
      </Fieldset>
      <ActionBar>
        <Button type="submit" name="intent" value={posting ? "save" : "create"}>
          {posting ? copy.actions.save : copy.actions.create}
        </Button>
        <Button type="submit" name="intent" value="publish" variant="secondary">
          {copy.actions.publish}
        </Button>
        <Button type="submit" name="intent" value="schedule" variant="secondary">
          {copy.actions.schedule}
        </Button>
      </ActionBar>
    </form>
  );
}
