import { data, Link, redirect } from "react-router";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { getPageCopy, listCopyVersions } from "#app/site/page-copy.server.ts";
import type { PageCopy } from "#app/site/page-copy.ts";
import { Button } from "#app/ui/button.tsx";
import { Container } from "#app/ui/container.tsx";
import { Field } from "#app/ui/field.tsx";
import type { Route } from "./+types/page-copy-page";
import { requireContentRight } from "./content-rights.server.ts";
import { IntentButton, VersionHistory } from "./content-versions.tsx";
import {
  applyCopyIntent,
  checkCopy,
  type CopyNode,
  changedFields,
  copyForm,
  copyFromForm,
  parseCopyIntent,
  shaped,
} from "./copy-form.ts";
import { ActionBar } from "./editor-parts.tsx";
import { editablePage } from "./page-copies.ts";
import { changePageCopy } from "./page-copy.server.ts";
import { pageNames, pagesEditor, partNames } from "./pages-editor-content.ts";
import { Notice } from "../shell/notice.tsx";
import { shownTime } from "../shell/workspace-display.ts";
import { workspaceMeta } from "../shell/workspace-error.tsx";
import { zoneOf } from "../sign-in/session.server.ts";
import { workspacePaths } from "../workspace-paths.ts";

// One page's copy as a form made from its schema (copy-form.ts): every field with its limit, the
// lists with their buttons, "Back to the original" beside each field that differs from the
// spec's words, a draft to save and preview, Publish, and the published versions to restore.
// A plain form: the server applies each button and shows the form again, no JavaScript needed.

export { WorkspaceError as ErrorBoundary } from "../shell/workspace-error.tsx";

const copy = pagesEditor.form;
const pageName = (page: string) => pageNames[page] ?? page;

export const meta: Route.MetaFunction = ({ loaderData, error }) =>
  workspaceMeta(fillTemplate(copy.title, { page: pageName(loaderData?.page ?? "") }))({ error });

const doneMessages = copy.done;
type Done = keyof typeof doneMessages;

function pageOf(page: string | undefined) {
  const entry = editablePage(page);
  if (!entry) throw data(copy.errors.notFound, { status: 404 });
  return entry;
}

/** A version's changed fields, for reading beside it. */
const versionRows = (entry: PageCopy<unknown>, version: unknown) =>
  changedFields(entry.original, version).map((name) => ({
    label: name,
    value: fieldText(version, name),
  }));

function fieldText(value: unknown, name: string) {
  const path = name.match(/[A-Za-z]\w*|\d+/g) ?? [];
  let at: unknown = value;
  for (const segment of path) at = (at as Record<string, unknown> | undefined)?.[segment];
  return typeof at === "string" ? at : JSON.stringify(at ?? "");
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const { db, staff } = await requireContentRight(request, "pages");
  const entry = pageOf(params.page);
  const stored = await getPageCopy(db, entry.page);
  const done = new URL(request.url).searchParams.get("done");
  const current = shaped(entry.schema, stored?.draft ?? stored?.published ?? entry.original);
  const versions = (await listCopyVersions(db, entry.page)).map((version) => ({
    version: version.version,
    savedAt: shownTime(version.savedAt, zoneOf(staff)),
    savedBy: version.savedBy,
    fields: versionRows(entry, version.copy),
  }));
  return {
    page: entry.page,
    path: entry.path,
    version: stored?.version ?? 0,
    hasDraft: stored?.draft !== null && stored?.draft !== undefined,
    form: copyForm(entry.schema, current, entry.original),
    versions,
    notice: done && done in doneMessages ? doneMessages[done as Done] : null,
  };
}

export async function action({ request, params }: Route.ActionArgs) {
  const { db, staff } = await requireContentRight(request, "pages");
  const entry = pageOf(params.page);
  const formData = await request.formData();
  const intent = String(formData.get("intent") ?? "");
  const actor = { id: staff.id, email: staff.email };
  const again = (value: unknown, errors: Record<string, string> = {}, status = 200) =>
    data({ form: copyForm(entry.schema, value, entry.original), errors, unsaved: true }, { status });
  const finish = async (change: Parameters<typeof changePageCopy>[2], done: Done) => {
    if (!(await changePageCopy(db, entry, change, actor))) throw data(copy.errors.notFound, { status: 404 });
    return redirect(`${workspacePaths.pageCopy(entry.page)}?done=${done}`, 303);
  };
  if (intent === "discard") return finish({ intent: "discard" }, "discarded");
  if (intent === "restore") {
    const version = Number(formData.get("version"));
    if (!Number.isInteger(version) || version < 1) throw data(copy.errors.notFound, { status: 400 });
    return finish({ intent: "restore", version }, "restored");
  }
  if (intent === "all-original") return again(shaped(entry.schema, entry.original));
  const posted = copyFromForm(entry.schema, formData);
  if (intent === "save" || intent === "publish") {
    const checked = checkCopy(entry.schema, posted, copy.errors);
    if (!checked.ok) return again(posted, checked.errors, 400);
    return finish({ intent, copy: checked.copy }, intent === "save" ? "saved" : "published");
  }
  const asked = parseCopyIntent(intent);
  if (!asked) throw data(copy.errors.notFound, { status: 400 });
  return again(applyCopyIntent(entry.schema, posted, entry.original, asked));
}

export default function PageCopyPage({ loaderData, actionData }: Route.ComponentProps) {
  const { page, path, version, hasDraft, versions, notice } = loaderData;
  const nodes = actionData?.form ?? loaderData.form;
  const errors = actionData?.errors ?? {};
  const state = hasDraft
    ? pagesEditor.states.draft
    : version
      ? fillTemplate(pagesEditor.states.published, { version })
      : pagesEditor.states.original;
  return (
    <Container className="max-w-4xl py-8">
      <Link to={workspacePaths.pageCopies} className="font-semibold text-brand underline underline-offset-4">
        ← {copy.back}
      </Link>
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight">
        {fillTemplate(copy.title, { page: pageName(page) })}
      </h1>
      <p className="mt-2 flex flex-wrap items-center gap-x-4 gap-y-2">
        <span className="font-semibold">{fillTemplate(copy.state, { state })}</span>
        <a
          href={workspacePaths.pageCopyPreview(page)}
          className="font-semibold text-brand underline underline-offset-4"
        >
          {copy.preview}
        </a>
        <a href={path} className="font-semibold text-brand underline underline-offset-4">
          {copy.publicPage}
        </a>
      </p>
      {notice ? <Notice tone="done">{notice}</Notice> : null}
      {Object.keys(errors).length ? <Notice tone="problem">{copy.errors.summary}</Notice> : null}
      {actionData?.unsaved && !Object.keys(errors).length ? <Notice tone="done">{copy.unsaved}</Notice> : null}
      <form method="post" className="mt-6 space-y-10 rounded-card border border-line bg-surface p-6">
        {/* Enter in a field saves the draft: a form's default button is its first. Out of sight
            and of the tab order; the bar's Save is the one to see. */}
        <button type="submit" name="intent" value="save" tabIndex={-1} aria-hidden="true" className="sr-only" />
        {nodes.map((node) => (
          <CopyFields key={node.name} node={node} label={nameOfKey(node.key)} errors={errors} top />
        ))}
        <ActionBar>
          <Button type="submit" name="intent" value="save">
            {copy.actions.save}
          </Button>
          <Button type="submit" name="intent" value="publish" variant="secondary">
            {copy.actions.publish}
          </Button>
          <Button type="submit" name="intent" value="all-original" variant="ghost" formNoValidate>
            {copy.actions.allOriginal}
          </Button>
        </ActionBar>
      </form>
      {hasDraft ? (
        <div className="mt-8 flex flex-wrap gap-3">
          <IntentButton intent="discard" label={copy.actions.discard} />
        </div>
      ) : null}
      {versions.length ? <VersionHistory text={pagesEditor.versions} versions={versions} current={version} /> : null}
    </Container>
  );
}

/** A part of the copy by its key: the editor's own name for it, or the key in words ("quickLinksTitle" → "Quick links title"). */
function nameOfKey(key: string | number) {
  const text = String(key);
  const named = partNames[text];
  if (named) return named;
  const words = text.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const fieldId = (name: string) => `copy-${name.replace(/[^\w]+/g, "-")}`;

const smallButton =
  "inline-flex min-h-9 items-center rounded-control border border-line px-3 text-sm font-semibold hover:border-brand hover:text-brand";

/** A list named only "items" (or cards, values, steps) is named by the part it is in: "Benefits". */
const genericLists = new Set(["items", "cards", "values", "steps", "screens", "details"]);

function CopyFields({
  node,
  label: ownLabel,
  errors,
  top = false,
  parent,
}: {
  node: CopyNode;
  label: string;
  errors: Record<string, string>;
  top?: boolean;
  /** The label of the group it is in. */
  parent?: string;
}) {
  const label = node.kind === "list" && parent && genericLists.has(String(node.key)) ? parent : ownLabel;
  if (node.kind === "text") {
    const error = errors[node.name];
    const hint = node.max ? fillTemplate(copy.limit, { max: node.max }) : undefined;
    return (
      <div>
        <Field id={fieldId(node.name)} label={label} hint={hint} errors={error ? [error] : undefined} required>
          {(props) =>
            node.multiline ? (
              <textarea
                {...props}
                // As tall as its text where the browser can (Chromium), else a height for its limit.
                className={`${props.className} field-sizing-content`}
                name={node.name}
                defaultValue={node.value}
                rows={Math.min(8, Math.max(2, Math.ceil((node.max ?? 200) / 90)))}
                maxLength={node.max ?? undefined}
                required
              />
            ) : (
              <input {...props} name={node.name} defaultValue={node.value} maxLength={node.max ?? undefined} required />
            )
          }
        </Field>
        {node.changed ? (
          <button
            type="submit"
            name="intent"
            value={`original:${node.name}`}
            formNoValidate
            aria-label={fillTemplate(copy.originalOf, { field: label })}
            className={`mt-2 ${smallButton}`}
          >
            {copy.original}
          </button>
        ) : null}
      </div>
    );
  }
  if (node.kind === "group") {
    return (
      <fieldset className={top ? "grid gap-5" : "grid gap-5 rounded-card border border-line p-3 sm:p-4"}>
        <legend className={top ? "mb-4 font-display text-heading" : "px-1 font-bold"}>{label}</legend>
        {node.children.map((child) => (
          <CopyFields key={child.name} node={child} label={nameOfKey(child.key)} errors={errors} parent={label} />
        ))}
      </fieldset>
    );
  }
  const error = errors[node.name];
  const fixed = node.max !== null && node.min === node.max;
  return (
    <fieldset
      className={top ? "grid gap-4" : "grid gap-4 rounded-card border border-line p-3 sm:p-4"}
      aria-describedby={error ? `${fieldId(node.name)}-error` : undefined}
    >
      <legend className={top ? "mb-4 font-display text-heading" : "px-1 font-bold"}>{label}</legend>
      {node.max !== null && !fixed ? (
        <p className="-mt-2 text-sm text-ink-muted">
          {fillTemplate(copy.list.limits, { min: node.min, max: node.max })}
        </p>
      ) : null}
      {error ? (
        <p id={`${fieldId(node.name)}-error`} className="text-sm font-semibold text-danger">
          {error}
        </p>
      ) : null}
      <ol className="grid gap-4">
        {node.items.map((item, index) => {
          const itemLabel = fillTemplate(copy.list.item, { list: label, number: index + 1 });
          return (
            <li key={item.name} className="rounded-card border border-line bg-canvas p-3 sm:p-4">
              {item.kind === "text" ? (
                <CopyFields node={item} label={itemLabel} errors={errors} />
              ) : item.kind === "group" ? (
                <fieldset className="grid gap-5">
                  <legend className="mb-3 font-bold">{itemLabel}</legend>
                  {item.children.map((child) => (
                    <CopyFields
                      key={child.name}
                      node={child}
                      label={nameOfKey(child.key)}
                      errors={errors}
                      parent={itemLabel}
                    />
                  ))}
                </fieldset>
              ) : (
                <CopyFields node={item} label={itemLabel} errors={errors} />
              )}
              <div className="mt-3 flex flex-wrap gap-2">
                {index > 0 ? <ItemButton intent={`up:${item.name}`} label={copy.list.up} of={itemLabel} /> : null}
                {index < node.items.length - 1 ? (
                  <ItemButton intent={`down:${item.name}`} label={copy.list.down} of={itemLabel} />
                ) : null}
                {node.items.length > node.min ? (
                  <ItemButton intent={`remove:${item.name}`} label={copy.list.remove} of={itemLabel} />
                ) : null}
              </div>
            </li>
          );
        })}
      </ol>
      <div className="flex flex-wrap gap-2">
        {node.max === null || node.items.length < node.max ? (
          <button type="submit" name="intent" value={`add:${node.name}`} formNoValidate className={smallButton}>
            {fillTemplate(copy.list.add, { list: label })}
          </button>
        ) : null}
        {node.changed ? (
          <button
            type="submit"
            name="intent"
            value={`original:${node.name}`}
            formNoValidate
            aria-label={fillTemplate(copy.originalListOf, { list: label })}
            className={smallButton}
          >
            {copy.originalList}
          </button>
        ) : null}
      </div>
    </fieldset>
  );
}

function ItemButton({ intent, label, of }: { intent: string; label: string; of: string }) {
  return (
    <button
      type="submit"
      name="intent"
      value={intent}
      formNoValidate
      aria-label={`${label}: ${of}`}
      className={smallButton}
    >
      {label}
    </button>
  );
}
