import { type PublicKeyCredentialCreationOptionsJSON, startRegistration } from "@simplewebauthn/browser";
import { data, Form } from "react-router";
import { z } from "zod";
import { Container } from "#app/ui/container.tsx";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { hydrateHandle } from "#app/site/hydration.ts";
import type { Route } from "./+types/passkeys-page";
import { Notice } from "./notice.tsx";
import { postStep, usePasskeyCeremony } from "./passkey-client.ts";
import { PasskeyForm } from "./passkey-form.tsx";
import { listPasskeys, removePasskey } from "./passkeys.server.ts";
import { requireStaff } from "./session.server.ts";
import { workspace } from "./workspace-content.ts";
import { WorkspaceTable } from "./workspace-table.tsx";
import { formatTime } from "./workspace-display.ts";
import { workspacePaths } from "./workspace-paths.ts";

// A person's own passkeys: one per device or password manager. Adding one is a passkey
// ceremony (JavaScript); removing one is a plain form. The last passkey stays.

export const handle = hydrateHandle;
import { workspaceMeta } from "./workspace-error.tsx";

export { WorkspaceError as ErrorBoundary } from "./workspace-error.tsx";

export const meta: Route.MetaFunction = workspaceMeta(workspace.passkeys.title);

export async function loader({ request }: Route.LoaderArgs) {
  const { db, staff } = await requireStaff(request);
  return {
    passkeys: (await listPasskeys(db, staff.id)).map((passkey) => ({
      ...passkey,
      createdAt: formatTime(passkey.createdAt),
      lastUsedAt: passkey.lastUsedAt ? formatTime(passkey.lastUsedAt) : null,
    })),
    added: new URL(request.url).searchParams.get("added") === "1",
  };
}

const RemoveSchema = z.object({ intent: z.literal("remove"), passkey: z.string().min(1).max(1024) });

export async function action({ request }: Route.ActionArgs) {
  const { db, staff } = await requireStaff(request);
  const parsed = RemoveSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) throw data("Unknown change.", { status: 400 });
  const copy = workspace.passkeys;
  const result = await removePasskey(db, staff, parsed.data.passkey);
  if (result === "last") return data({ tone: "problem" as const, message: copy.lastOne }, { status: 409 });
  if (result === "not-found") return data({ tone: "problem" as const, message: copy.notFound }, { status: 404 });
  return { tone: "done" as const, message: copy.removed };
}

export default function Passkeys({ loaderData, actionData }: Route.ComponentProps) {
  const copy = workspace.passkeys;
  const adding = usePasskeyCeremony(add, copy.failed);

  async function add() {
    const options = await postStep<PublicKeyCredentialCreationOptionsJSON>(workspacePaths.addPasskey, {
      step: "options",
    });
    if (!options.ok) throw new Error(`options ${options.status}`);
    const response = await startRegistration({ optionsJSON: options.data });
    const added = await postStep<{ added: boolean }>(workspacePaths.addPasskey, { step: "verify", response });
    if (!added.ok) throw new Error(`verify ${added.status}`);
    window.location.assign(`${workspacePaths.passkeys}?added=1`);
  }

  return (
    <Container className="max-w-3xl py-8">
      <h1 className="text-3xl font-extrabold tracking-tight">{copy.title}</h1>
      <p className="mt-2 text-ink-muted">{copy.intro}</p>
      {actionData ? <Notice tone={actionData.tone}>{actionData.message}</Notice> : null}
      {loaderData.added && !actionData ? <Notice tone="done">{copy.added}</Notice> : null}

      <WorkspaceTable columns={Object.values(copy.columns)} className="mt-6">
        {loaderData.passkeys.map((passkey) => (
          <tr key={passkey.id} className="border-b border-line">
            <td className="py-2 pr-4">{passkey.createdAt}</td>
            <td className="py-2 pr-4">{passkey.lastUsedAt ?? copy.neverUsed}</td>
            <td className="py-2 pr-4">
              <Form method="post">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="passkey" value={passkey.id} />
                <button
                  type="submit"
                  aria-label={fillTemplate(copy.removeLabel, { added: passkey.createdAt })}
                  className="rounded-control border border-line px-3 py-1.5 font-semibold hover:bg-surface"
                >
                  {copy.remove}
                </button>
              </Form>
            </td>
          </tr>
        ))}
      </WorkspaceTable>

      <PasskeyForm
        ceremony={adding}
        label={copy.add}
        workingLabel={copy.adding}
        needsJavaScript={copy.needsJavaScript}
      />
    </Container>
  );
}
