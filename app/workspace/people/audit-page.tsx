import { Container } from "#app/ui/container.tsx";
import { fillTemplate } from "#app/platform/fill-template.ts";
import type { Route } from "./+types/audit-page";
import { activity } from "../shell/activity-content.ts";
import { listAudit } from "./audit.server.ts";
import { readableAudit } from "./audit-sentences.server.ts";
import { Sentence } from "../shell/sentence.tsx";
import { requireStaff, zoneOf } from "../sign-in/session.server.ts";
import { Time } from "../shell/time.tsx";
import { workspace } from "../shell/workspace-content.ts";
import { WorkspaceTable } from "../shell/workspace-table.tsx";
import { workspaceMeta } from "../shell/workspace-error.tsx";

export { WorkspaceError as ErrorBoundary } from "../shell/workspace-error.tsx";

export const meta: Route.MetaFunction = workspaceMeta(workspace.audit.title);

const shown = 200;

export async function loader({ request }: Route.LoaderArgs) {
  const { db, staff } = await requireStaff(request, { role: "admin" });
  const zone = zoneOf(staff);
  return { events: await readableAudit(db, await listAudit(db, { limit: shown }), zone), zone };
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const copy = activity.audit;
  return (
    <Container className="py-8">
      <h1 className="text-3xl font-extrabold tracking-tight">{workspace.audit.title}</h1>
      <p className="mt-2 text-ink-muted">{fillTemplate(copy.intro, { count: shown, zone: loaderData.zone })}</p>
      {loaderData.events.length === 0 ? (
        <p className="mt-8 text-ink-muted">{workspace.audit.empty}</p>
      ) : (
        <WorkspaceTable columns={Object.values(copy.columns)}>
          {loaderData.events.map((event) => (
            <tr key={event.id} className="border-b border-line align-top">
              <td className="py-2 pr-4 whitespace-nowrap">
                <Time value={event.at} />
              </td>
              <td className="py-2 pr-4 break-all">{event.who}</td>
              <td className="py-2 pr-4">
                <Sentence parts={event.sentence} />
              </td>
            </tr>
          ))}
        </WorkspaceTable>
      )}
    </Container>
  );
}
