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
import { showDay } from "./day-text.ts";
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
    consentOn: entry.consentOn ? showDay(entry.consentOn) : "",
    published: entry.published,
    image: entry.image ? { src: entry.image.src, width: entry.image.width, height: entry.image.height } : null,
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
    // A moved entry's button keeps the focus on the page that comes back (its new place).
    const moved = intent === "move-up" || intent === "move-down" ? { id, intent } : null;
    return { done: proofEditor.form.done[done], problem: null, moved };
  } catch (error) {
    if (!(error instanceof ProofRefusal)) throw error;
    if (error.reason === "not-found") throw data(proofEditor.form.errors.notFound, { status: 404 });
    const problem = error.reason === "no-consent" ? proofEditor.form.errors.noConsent : proofEditor.form.errors.noImage;
    return data({ done: null, problem, moved: null }, { status: 409 });
  }
}

function EntryButton({
  id,
  intent,
  label,
  text,
  focus = false,
}: {
  id: string;
  intent: string;
  label: string;
  text: string;
  /** The button just used, on the page its post brought back: the keyboard stays where it was. */
  focus?: boolean;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        aria-label={label}
        // biome-ignore lint/a11y/noAutofocus: the focus stays on the control that was pressed, in its row's new place
        autoFocus={focus}
        className="min-h-9 rounded-control border border-line px-3 py-1 font-semibold hover:bg-surface"
      >
        {text}
      </button>
    </Form>
  );
}

/**
 * The columns' widths, the same in every kind's table so they line up down the page; from 640 px
 * only, where the rows are a table (under it each row is a card, its cells the card's width).
 */
const columnWidths = ["sm:w-[36%]", "sm:w-[26%]", "sm:w-[14%]", "sm:w-[12%]", "sm:w-[12%]"] as const;

/** An entry's image as a thumbnail: a logo at its shape, a photo round; nothing for the kinds without. */
function Thumbnail({ image, kind }: { image: { src: string; width: number; height: number } | null; kind: string }) {
  if (!image) return <span className="inline-block h-10 w-16 shrink-0" aria-hidden="true" />;
  return (
    <img
      src={image.src}
      alt=""
      width={image.width}
      height={image.height}
      className={
        kind === "member"
          ? "size-10 shrink-0 rounded-full object-cover"
          : "h-10 w-16 shrink-0 rounded-control border border-line bg-white object-contain p-1"
      }
    />
  );
}

export default function ProofPage({ loaderData, actionData }: Route.ComponentProps) {
  const moved = actionData?.moved ?? null;
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
                  <tr key={entry.id} className="border-b border-line align-middle">
                    <td className={`${columnWidths[0]} py-2 pr-4`}>
                      <span className="flex items-center gap-3">
                        {kind === "logo" || kind === "member" ? <Thumbnail image={entry.image} kind={kind} /> : null}
                        <Link
                          to={workspacePaths.proofEntry(entry.id)}
                          className="min-w-0 font-semibold break-words text-brand underline underline-offset-4"
                        >
                          {entry.label}
                        </Link>
                      </span>
                    </td>
                    <td className={`${columnWidths[1]} py-2 pr-4`}>
                      {entry.consentFrom && entry.consentOn
                        ? fillTemplate(copy.consentGiven, { from: entry.consentFrom, day: entry.consentOn })
                        : copy.consentMissing}
                    </td>
                    <td className={`${columnWidths[2]} py-2 pr-4`}>{entry.published ? copy.published : copy.draft}</td>
                    <td className={`${columnWidths[3]} py-2 pr-4`}>
                      {/* Nothing to order in a list of one: the cell stays empty (and out of its card). */}
                      {entries.length > 1 ? (
                        <div className="flex flex-wrap gap-2">
                          {index > 0 ? (
                            <EntryButton
                              id={entry.id}
                              intent="move-up"
                              label={fillTemplate(copy.moveUp, { entry: entry.label })}
                              text={copy.up}
                              focus={
                                moved?.id === entry.id && (moved.intent === "move-up" || index === entries.length - 1)
                              }
                            />
                          ) : null}
                          {index < entries.length - 1 ? (
                            <EntryButton
                              id={entry.id}
                              intent="move-down"
                              label={fillTemplate(copy.moveDown, { entry: entry.label })}
                              text={copy.down}
                              focus={moved?.id === entry.id && (moved.intent === "move-down" || index === 0)}
                            />
                          ) : null}
                        </div>
                      ) : null}
                    </td>
                    <td className={`${columnWidths[4]} py-2 pr-4`}>
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
