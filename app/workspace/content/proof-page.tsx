import { data, Form, Link } from "react-router";
import { entryLabel, proofKinds } from "#app/pages/proof-fields.ts";
import { listProof, ProofRefusal } from "#app/pages/proof.server.ts";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { ButtonLink } from "#app/ui/button-link.tsx";
import { Container } from "#app/ui/container.tsx";
import type { Route } from "./+types/proof-page";
import { requireContentRight } from "./content-rights.server.ts";
import { Notice } from "../shell/notice.tsx";
import { proofEditor } from "./proof-editor-content.ts";
import { changeProof } from "./proof.server.ts";
import { workspaceMeta } from "../shell/workspace-error.tsx";
import { workspacePaths } from "../workspace-paths.ts";
import { WorkspaceTable } from "../shell/workspace-table.tsx";

// The proof by kind, each in the order the site shows it: its consent, whether it is published,
// and the buttons to move it, publish or unpublish it. Plain forms: no JavaScript needed.

export { WorkspaceError as ErrorBoundary } from "../shell/workspace-error.tsx";

const copy = proofEditor.list;

export const meta: Route.MetaFunction = workspaceMeta(copy.title);

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireContentRight(request, "proof");
  const entries = (await listProof(db)).map((entry) => ({
    id: entry.id,
    kind: entry.kind,
    label: entryLabel(entry),
    consentFrom: entry.consentFrom,
    consentOn: entry.consentOn,
    published: entry.published,
  }));
  // Back from an entry's page (deleted, say): what happened.
  const done = new URL(request.url).searchParams.get("done");
  const notice = done && done in proofEditor.form.done ? proofEditor.form.done[done as Done] : null;
  return {
    kinds: proofKinds.map((kind) => ({ kind, entries: entries.filter((entry) => entry.kind === kind) })),
    notice,
  };
}

type Done = keyof typeof proofEditor.form.done;

const intents = ["move-up", "move-down", "publish", "unpublish"] as const;

export async function action({ request }: Route.ActionArgs) {
  const { db, staff } = await requireContentRight(request, "proof");
  const form = await request.formData();
  const intent = form.get("intent");
  const id = String(form.get("id") ?? "");
  if (!intents.includes(intent as (typeof intents)[number]) || !id)
    throw data(proofEditor.form.errors.notFound, { status: 400 });
  try {
    await changeProof(
      db,
      intent === "move-up" || intent === "move-down"
        ? { intent: "move", id, direction: intent === "move-up" ? "up" : "down" }
        : { intent: intent as "publish" | "unpublish", id },
      { id: staff.id, email: staff.email },
    );
    const done = intent === "publish" ? "published" : intent === "unpublish" ? "unpublished" : "moved";
    return { done: proofEditor.form.done[done], problem: null };
  } catch (error) {
    if (!(error instanceof ProofRefusal)) throw error;
    if (error.reason === "not-found") throw data(proofEditor.form.errors.notFound, { status: 404 });
    const problem = error.reason === "no-consent" ? proofEditor.form.errors.noConsent : proofEditor.form.errors.noImage;
    return data({ done: null, problem }, { status: 409 });
  }
}

function EntryButton({ id, intent, label, text }: { id: string; intent: string; label: string; text: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        aria-label={label}
        className="min-h-9 rounded-control border border-line px-3 py-1 font-semibold hover:bg-surface"
      >
        {text}
      </button>
    </Form>
  );
}

export default function ProofPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <Container className="py-8">
      <h1 className="text-3xl font-extrabold tracking-tight">{copy.title}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{copy.intro}</p>
      {(actionData?.done ?? loaderData.notice) ? (
        <Notice tone="done">{actionData?.done ?? loaderData.notice}</Notice>
      ) : null}
      {actionData?.problem ? <Notice tone="problem">{actionData.problem}</Notice> : null}
      {loaderData.kinds.map(({ kind, entries }) => {
        const names = proofEditor.kinds[kind];
        return (
          <section key={kind} aria-labelledby={`proof-${kind}`} className="mt-10">
            <div className="flex flex-wrap items-center justify-between gap-4">
              <h2 id={`proof-${kind}`} className="text-xl font-bold">
                {names.plural} ({entries.length})
              </h2>
              <ButtonLink href={workspacePaths.newProofEntry(kind)} variant="secondary">
                {fillTemplate(copy.add, { kind: names.one })}
              </ButtonLink>
            </div>
            <p className="mt-1 text-sm text-ink-muted">{names.where}</p>
            {entries.length === 0 ? (
              <p className="mt-2 text-ink-muted">{copy.empty}</p>
            ) : (
              <WorkspaceTable
                className="mt-3"
                columns={[
                  copy.columns.entry,
                  copy.columns.consent,
                  copy.columns.state,
                  copy.columns.order,
                  copy.columns.actions,
                ]}
              >
                {entries.map((entry, index) => (
                  <tr key={entry.id} className="border-b border-line align-top">
                    <td className="py-2 pr-4">
                      <Link
                        to={workspacePaths.proofEntry(entry.id)}
                        className="font-semibold text-brand underline underline-offset-4"
                      >
                        {entry.label}
                      </Link>
                    </td>
                    <td className="py-2 pr-4">
                      {entry.consentFrom && entry.consentOn
                        ? fillTemplate(copy.consentGiven, { from: entry.consentFrom, day: entry.consentOn })
                        : copy.consentMissing}
                    </td>
                    <td className="py-2 pr-4">{entry.published ? copy.published : copy.draft}</td>
                    <td className="py-2 pr-4">
                      <div className="flex flex-wrap gap-2">
                        {index > 0 ? (
                          <EntryButton
                            id={entry.id}
                            intent="move-up"
                            label={fillTemplate(copy.moveUp, { entry: entry.label })}
                            text={copy.up}
                          />
                        ) : null}
                        {index < entries.length - 1 ? (
                          <EntryButton
                            id={entry.id}
                            intent="move-down"
                            label={fillTemplate(copy.moveDown, { entry: entry.label })}
                            text={copy.down}
                          />
                        ) : null}
                      </div>
                    </td>
                    <td className="py-2 pr-4">
                      <div className="flex flex-wrap gap-2">
                        {entry.published ? (
                          <EntryButton
                            id={entry.id}
                            intent="unpublish"
                            label={fillTemplate(copy.unpublish, { entry: entry.label })}
                            text={proofEditor.form.actions.unpublish}
                          />
                        ) : (
                          <EntryButton
                            id={entry.id}
                            intent="publish"
                            label={fillTemplate(copy.publish, { entry: entry.label })}
                            text={copy.publishShort}
                          />
                        )}
                      </div>
                    </td>
                  </tr>
                ))}
              </WorkspaceTable>
            )}
          </section>
        );
      })}
    </Container>
  );
}
