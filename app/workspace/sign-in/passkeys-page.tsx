import { type PublicKeyCredentialCreationOptionsJSON, startRegistration } from "@simplewebauthn/browser";
import { data, Form } from "react-router";
import { z } from "zod";
import { Container } from "#app/ui/container.tsx";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { currentZoneName, isTimeZoneName } from "#app/platform/time-zones.ts";
import { hydrateHandle } from "#app/site/hydration.ts";
import type { Route } from "./+types/passkeys-page";
import { activity } from "../shell/activity-content.ts";
import { fieldClasses, Notice } from "../shell/notice.tsx";
import { postStep, usePasskeyCeremony } from "./passkey-client.ts";
import { PasskeyForm, PasskeyNameField } from "./passkey-form.tsx";
import { suggestedPasskeyName } from "./passkey-names.ts";
import { listPasskeys, removePasskey, renamePasskey } from "./passkeys.server.ts";
import { requireStaff, zoneOf } from "./session.server.ts";
import { setTimeZone } from "../people/staff.server.ts";
import { Time } from "../shell/time.tsx";
import { workspace } from "../shell/workspace-content.ts";
import { WorkspaceTable } from "../shell/workspace-table.tsx";
import { shownTime, timeZoneChoices } from "../shell/workspace-display.ts";
import { passkeyNameMaxLength } from "../shell/workspace-limits.ts";
import { workspacePaths } from "../workspace-paths.ts";

// A person's own passkeys, one per device or password manager, each with the name they gave it
// and when it was last used, and the time zone their times are shown in. Adding a passkey is a
// passkey ceremony (JavaScript); renaming or removing one and choosing the zone are plain forms.
// The last passkey stays.

export const handle = hydrateHandle;
import { workspaceMeta } from "../shell/workspace-error.tsx";

export { WorkspaceError as ErrorBoundary } from "../shell/workspace-error.tsx";

export const meta: Route.MetaFunction = workspaceMeta(workspace.passkeys.title);

export async function loader({ request }: Route.LoaderArgs) {
  const { db, staff } = await requireStaff(request);
  const zone = zoneOf(staff);
  return {
    passkeys: (await listPasskeys(db, staff.id)).map((passkey) => ({
      ...passkey,
      createdAt: shownTime(passkey.createdAt, zone),
      lastUsedAt: passkey.lastUsedAt ? shownTime(passkey.lastUsedAt, zone) : null,
    })),
    added: new URL(request.url).searchParams.get("added") === "1",
    suggestedName: suggestedPasskeyName(request.headers.get("user-agent")),
    // The list is the server's, so the page reads the same before and after hydration.
    // A zone stored by an old name ("Asia/Calcutta", as Chromium reports Kolkata) is chosen by its current one.
    zone: staff.timeZone ? zone : null,
    zones: timeZoneChoices(),
  };
}

const ChangeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("remove"), passkey: z.string().min(1).max(1024) }),
  z.object({
    intent: z.literal("rename"),
    passkey: z.string().min(1).max(1024),
    name: z.string().trim().min(1).max(passkeyNameMaxLength),
  }),
  z.object({ intent: z.literal("time-zone"), zone: z.string().refine(isTimeZoneName) }),
]);

type Outcome = { tone: "done" | "problem"; message: string };
const answer = (outcome: Outcome, status = 200) => data(outcome, { status });

export async function action({ request }: Route.ActionArgs) {
  const { db, staff } = await requireStaff(request);
  const form = Object.fromEntries(await request.formData());
  const parsed = ChangeSchema.safeParse(form);
  const copy = workspace.passkeys;
  if (!parsed.success) {
    if (form.intent === "time-zone") return answer({ tone: "problem", message: activity.timeZone.invalid }, 400);
    if (form.intent === "rename") return answer({ tone: "problem", message: copy.nameMissing }, 400);
    throw data("Unknown change.", { status: 400 });
  }
  const change = parsed.data;
  switch (change.intent) {
    case "time-zone": {
      const zone = currentZoneName(change.zone);
      await setTimeZone(db, staff.id, zone);
      return answer({ tone: "done", message: fillTemplate(activity.timeZone.saved, { zone }) });
    }
    case "rename":
      if (!(await renamePasskey(db, staff, change.passkey, change.name)))
        return answer({ tone: "problem", message: copy.notFound }, 404);
      return answer({ tone: "done", message: fillTemplate(copy.renamed, { name: change.name }) });
    case "remove": {
      const result = await removePasskey(db, staff, change.passkey);
      if (result === "last") return answer({ tone: "problem", message: copy.lastOne }, 409);
      if (result === "not-found") return answer({ tone: "problem", message: copy.notFound }, 404);
      return answer({ tone: "done", message: copy.removed });
    }
  }
}

const smallButton = "rounded-control border border-line px-3 py-1.5 font-semibold hover:bg-surface";

export default function Passkeys({ loaderData, actionData }: Route.ComponentProps) {
  const copy = workspace.passkeys;
  const zoneCopy = activity.timeZone;
  const adding = usePasskeyCeremony(add, copy.failed);

  async function add(form: HTMLFormElement) {
    const name = String(new FormData(form).get("name") ?? "");
    const options = await postStep<PublicKeyCredentialCreationOptionsJSON>(workspacePaths.addPasskey, {
      step: "options",
    });
    if (!options.ok) throw new Error(`options ${options.status}`);
    const response = await startRegistration({ optionsJSON: options.data });
    const added = await postStep<{ added: boolean }>(workspacePaths.addPasskey, { step: "verify", response, name });
    if (!added.ok) throw new Error(`verify ${added.status}`);
    window.location.assign(`${workspacePaths.passkeys}?added=1`);
  }

  return (
    <Container className="max-w-4xl py-8">
      <h1 className="text-3xl font-extrabold tracking-tight">{copy.title}</h1>
      <p className="mt-2 text-ink-muted">{copy.intro}</p>
      {actionData ? <Notice tone={actionData.tone}>{actionData.message}</Notice> : null}
      {loaderData.added && !actionData ? <Notice tone="done">{copy.added}</Notice> : null}

      <WorkspaceTable columns={Object.values(copy.columns)} className="mt-6">
        {loaderData.passkeys.map((passkey) => (
          <tr key={passkey.id} className="border-b border-line align-top">
            <td className="py-2 pr-4">
              <Form method="post" className="flex flex-wrap items-end gap-2">
                <input type="hidden" name="intent" value="rename" />
                <input type="hidden" name="passkey" value={passkey.id} />
                <label>
                  <span className="sr-only">{fillTemplate(copy.renameLabel, { name: passkey.name })}</span>
                  <input
                    name="name"
                    required
                    defaultValue={passkey.name}
                    maxLength={passkeyNameMaxLength}
                    className="rounded-control border border-line bg-raised px-2 py-1.5"
                  />
                </label>
                <button
                  type="submit"
                  aria-label={fillTemplate(copy.renameLabel, { name: passkey.name })}
                  className={smallButton}
                >
                  {copy.rename}
                </button>
              </Form>
            </td>
            <td className="py-2 pr-4 whitespace-nowrap">
              <Time value={passkey.createdAt} />
            </td>
            <td className="py-2 pr-4 whitespace-nowrap">
              {passkey.lastUsedAt ? <Time value={passkey.lastUsedAt} /> : copy.neverUsed}
            </td>
            <td className="py-2 pr-4">
              <Form method="post">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="passkey" value={passkey.id} />
                <button
                  type="submit"
                  aria-label={fillTemplate(copy.removeLabel, { name: passkey.name })}
                  className={smallButton}
                >
                  {copy.remove}
                </button>
              </Form>
            </td>
          </tr>
        ))}
      </WorkspaceTable>

      <PasskeyForm ceremony={adding} label={copy.add} workingLabel={copy.adding} needsJavaScript={copy.needsJavaScript}>
        <PasskeyNameField defaultValue={loaderData.suggestedName} />
      </PasskeyForm>

      <section aria-labelledby="time-zone" className="mt-10">
        <h2 id="time-zone" className="text-xl font-bold">
          {zoneCopy.title}
        </h2>
        <p className="mt-1 text-ink-muted">{loaderData.zone ? zoneCopy.intro : zoneCopy.unset}</p>
        <Form method="post" className="mt-3 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="time-zone" />
          <label className="font-semibold">
            {zoneCopy.label}
            <select name="zone" defaultValue={loaderData.zone ?? "UTC"} className={fieldClasses}>
              {loaderData.zones.map((zone) => (
                <option key={zone} value={zone}>
                  {zone}
                </option>
              ))}
            </select>
          </label>
          <button type="submit" className={smallButton}>
            {zoneCopy.save}
          </button>
        </Form>
      </section>
    </Container>
  );
}
