import { data, Form, Link } from "react-router";
import { Button } from "#app/ui/button.tsx";
import { Container } from "#app/ui/container.tsx";
import { eraseAddress, findAddress, type Mention } from "#app/privacy/requests.server.ts";
import { env } from "#app/platform/env.server.ts";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { getServices } from "#app/platform/services.server.ts";
import type { Route } from "./+types/requests-page";
import { recordAudit } from "../people/audit.server.ts";
import { DataRequestSchema } from "./data-request-schema.ts";
import { kindFields } from "../inbox/inbox.server.ts";
import { fieldClasses, Notice, Warning } from "../shell/notice.tsx";
import { purgeNotice } from "./purge-notice.server.ts";
import { requireStaff, zoneOf } from "../sign-in/session.server.ts";
import { formatTime } from "../shell/workspace-display.ts";
import { workspace } from "../shell/workspace-content.ts";
import { workspacePaths } from "../workspace-paths.ts";
import { workspaceMeta } from "../shell/workspace-error.tsx";

// A person asks for their data or its erasure (GDPR art. 15, 17): an admin answers here, as
// `npm run privacy -- export|erase` does (the download: requests-export.ts). Other people's
// submissions that only mention the address are listed, linked, for the admin to review. The
// trail records who answered, never the address.

export { WorkspaceError as ErrorBoundary } from "../shell/workspace-error.tsx";

export const meta: Route.MetaFunction = workspaceMeta(workspace.requests.title);

export async function loader({ request }: Route.LoaderArgs) {
  const { db, staff } = await requireStaff(request, { role: "admin" });
  return { purge: await purgeNotice(db, zoneOf(staff)) };
}

/** Other people's submissions that mention the address, as links: kind and date, nothing they wrote. */
const mentionLinks = (mentions: Mention[], zone: string) =>
  mentions.map((mention) => ({
    id: mention.id,
    label: fillTemplate(workspace.requests.mention, {
      kind: kindFields[mention.kind].label,
      time: formatTime(mention.receivedAt, zone),
    }),
  }));

export async function action({ request }: Route.ActionArgs) {
  const { db, staff } = await requireStaff(request, { role: "admin" });
  const copy = workspace.requests;
  const form = await request.formData();
  const parsed = DataRequestSchema.safeParse(Object.fromEntries(form));
  if (!parsed.success)
    return data({ tone: "problem" as const, message: copy.invalidAddress, mentions: [] }, { status: 400 });
  const { address } = parsed.data;
  // Finding changes nothing and shows no field of anyone's: counts and links only. The address
  // stays in its field for the download or the erasure that follows. Only the erase button's
  // own intent erases.
  if (form.get("intent") !== "erase") {
    const found = await findAddress(db, address);
    const message = fillTemplate(copy.found, { submissions: found.submissions, mail: found.mail });
    return { tone: "done" as const, message, mentions: mentionLinks(found.mentions, zoneOf(staff)), address };
  }
  const { secret } = await getServices();
  const erased = await eraseAddress(db, secret, address, { dataDir: env.DATA_DIR });
  const detail = `${erased.submissions} submissions, ${erased.mail} e-mails, ${erased.meetings} meetings cancelled, ${erased.mentions.length} mentions left for review`;
  await recordAudit(db, { actor: staff, action: "privacy-erase", detail });
  const message = fillTemplate(copy.erased, { submissions: erased.submissions, mail: erased.mail });
  return {
    tone: "done" as const,
    message: erased.meetings
      ? `${message} ${fillTemplate(copy.meetingsCancelled, { meetings: erased.meetings })}`
      : message,
    mentions: mentionLinks(erased.mentions, zoneOf(staff)),
  };
}

export default function Requests({ loaderData, actionData }: Route.ComponentProps) {
  const copy = workspace.requests;
  return (
    <Container className="max-w-3xl py-8">
      <h1 className="text-3xl font-extrabold tracking-tight">{copy.title}</h1>
      <p className="mt-2 text-sm text-ink-muted">{loaderData.purge.last}</p>
      {loaderData.purge.late ? <Warning>{loaderData.purge.late}</Warning> : null}
      <p className="mt-1 text-sm text-ink-muted">{loaderData.purge.backupLast}</p>
      {loaderData.purge.backupLate ? <Warning>{loaderData.purge.backupLate}</Warning> : null}
      <p className="mt-2 text-ink-muted">{copy.intro}</p>
      <p className="mt-2 text-ink-muted">{copy.mentionsIntro}</p>
      {actionData ? <Notice tone={actionData.tone}>{actionData.message}</Notice> : null}
      {actionData?.mentions.length ? (
        <section aria-labelledby="mentions" className="mt-4 rounded-card border border-line bg-surface p-4">
          <h2 id="mentions" className="font-semibold">
            {fillTemplate(copy.mentions, { count: actionData.mentions.length })}
          </h2>
          <p className="mt-1 text-sm">{copy.mentionsReview}</p>
          <ul className="mt-2 list-disc space-y-1 pl-5">
            {actionData.mentions.map((mention) => (
              <li key={mention.id}>
                <Link
                  to={workspacePaths.submission(mention.id)}
                  className="font-semibold text-brand underline underline-offset-4"
                >
                  {mention.label}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      <Form method="post" className="mt-6 space-y-4 rounded-card border border-line bg-surface p-4">
        <label className="block font-semibold">
          {copy.address}
          <input
            type="email"
            name="address"
            required
            autoComplete="off"
            defaultValue={actionData && "address" in actionData ? actionData.address : undefined}
            className={fieldClasses}
          />
        </label>
        <div className="flex flex-wrap items-start gap-4">
          {/* First, so that Enter finds rather than downloads or erases. */}
          <Button type="submit" name="intent" value="find" variant="secondary">
            {copy.find}
          </Button>
          {/* The download is a resource of its own: a page's action answers with a page. */}
          <Button type="submit" formAction={workspacePaths.requestsExport}>
            {copy.export}
          </Button>
          {/* Erasing cannot be undone: it takes a second click, inside the opened part. */}
          <details>
            <summary className="cursor-pointer rounded-control px-3 py-2.5 font-semibold text-danger">
              {copy.erase}
            </summary>
            <p className="mt-2 max-w-md text-sm">{copy.eraseWarning}</p>
            <button
              type="submit"
              name="intent"
              value="erase"
              className="mt-2 rounded-control border border-danger/60 px-3 py-1.5 font-semibold text-danger hover:bg-danger/5"
            >
              {copy.eraseConfirm}
            </button>
          </details>
        </div>
      </Form>
    </Container>
  );
}
