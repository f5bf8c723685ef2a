import { data, Form } from "react-router";
import { Button } from "#app/ui/button.tsx";
import { Container } from "#app/ui/container.tsx";
import { eraseAddress } from "#app/privacy/requests.server.ts";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { getServices } from "#app/platform/services.server.ts";
import type { Route } from "./+types/requests-page";
import { recordAudit } from "./audit.server.ts";
import { DataRequestSchema } from "./data-request-schema.ts";
import { fieldClasses, Notice } from "./notice.tsx";
import { requireStaff } from "./session.server.ts";
import { workspace } from "./workspace-content.ts";
import { workspacePaths } from "./workspace-paths.ts";

// A person asks for their data or its erasure (GDPR art. 15, 17): an admin answers here, as
// `npm run privacy -- export|erase` does (the download: requests-export.ts). The trail records
// who answered, never the address.
import { workspaceMeta } from "./workspace-error.tsx";

export { WorkspaceError as ErrorBoundary } from "./workspace-error.tsx";

export const meta: Route.MetaFunction = workspaceMeta(workspace.requests.title);

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, { role: "admin" });
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  const { db, staff } = await requireStaff(request, { role: "admin" });
  const copy = workspace.requests;
  const parsed = DataRequestSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ tone: "problem" as const, message: copy.invalidAddress }, { status: 400 });
  const { address } = parsed.data;
  const { secret } = await getServices();
  const erased = await eraseAddress(db, secret, address);
  await recordAudit(db, { actor: staff, action: "privacy-erase", detail: `${erased.submissions} submissions, ${erased.mail} e-mails, ${erased.meetings} meetings cancelled` });
  const message = fillTemplate(copy.erased, { submissions: erased.submissions, mail: erased.mail });
  return { tone: "done" as const, message: erased.meetings ? `${message} ${fillTemplate(copy.meetingsCancelled, { meetings: erased.meetings })}` : message };
}

export default function Requests({ actionData }: Route.ComponentProps) {
  const copy = workspace.requests;
  return (
    <Container className="max-w-3xl py-8">
      <h1 className="text-3xl font-extrabold tracking-tight">{copy.title}</h1>
      <p className="mt-2 text-ink-muted">{copy.intro}</p>
      {actionData ? <Notice tone={actionData.tone}>{actionData.message}</Notice> : null}
      <Form method="post" className="mt-6 space-y-4 rounded-card border border-line bg-surface p-4">
        <label className="block font-semibold">
          {copy.address}
          <input type="email" name="address" required autoComplete="off" className={fieldClasses} />
        </label>
        <div className="flex flex-wrap items-start gap-4">
          {/* The download is a resource of its own: a page's action answers with a page. */}
          <Button type="submit" formAction={workspacePaths.requestsExport}>
            {copy.export}
          </Button>
          {/* Erasing cannot be undone: it takes a second click, inside the opened part. */}
          <details>
            <summary className="cursor-pointer rounded-control px-3 py-2.5 font-semibold text-danger">{copy.erase}</summary>
            <p className="mt-2 max-w-md text-sm">{copy.eraseWarning}</p>
            <button type="submit" className="mt-2 rounded-control border border-danger/60 px-3 py-1.5 font-semibold text-danger hover:bg-danger/5">
              {copy.eraseConfirm}
            </button>
          </details>
        </div>
      </Form>
    </Container>
  );
}
