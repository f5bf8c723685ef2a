import { Link } from "react-router";
import { Container } from "#app/ui/container.tsx";
import { fillTemplate } from "#app/platform/fill-template.ts";
import type { Route } from "./+types/audit-page";
import { auditActions, type AuditAction } from "./audit-actions.ts";
import { listAudit } from "./audit.server.ts";
import { requireStaff } from "./session.server.ts";
import { listStaff } from "./staff.server.ts";
import { workspace } from "./workspace-content.ts";
import { WorkspaceTable } from "./workspace-table.tsx";
import { formatTime } from "./workspace-display.ts";
import { workspacePaths } from "./workspace-paths.ts";
import { workspaceMeta } from "./workspace-error.tsx";

export { WorkspaceError as ErrorBoundary } from "./workspace-error.tsx";

export const meta: Route.MetaFunction = workspaceMeta(workspace.audit.title);

const shown = 200;
/** Events whose target is a person; the others name a submission. */
const personActions = new Set<AuditAction>([
  "invite",
  "enrol",
  "admit",
  "remove",
  "role",
  "passkey-add",
  "passkey-remove",
  "content-rights",
]);
/** Events whose target is a content entry, with where it is edited (each content page adds its own). */
const contentTargets: Partial<Record<AuditAction, { label: string; href: (id: string) => string }>> =
  Object.fromEntries(
    (
      [
        "posting-create",
        "posting-save",
        "posting-publish",
        "posting-schedule",
        "posting-close",
        "posting-reopen",
        "posting-duplicate",
        "posting-restore",
      ] as const
    ).map((action) => [action, { label: workspace.audit.posting, href: workspacePaths.posting }]),
  );
const proofTargets: typeof contentTargets = Object.fromEntries(
  (
    [
      "proof-create",
      "proof-save",
      "proof-publish",
      "proof-unpublish",
      "proof-move",
      "proof-restore",
      "proof-delete",
    ] as const
  ).map((action) => [action, { label: workspace.audit.proofEntry, href: workspacePaths.proofEntry }]),
);
const isAction = (value: string): value is AuditAction => (auditActions as readonly string[]).includes(value);

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireStaff(request, { role: "admin" });
  const [events, people] = await Promise.all([listAudit(db, { limit: shown }), listStaff(db)]);
  const emails = new Map(people.map((person) => [person.id, person.email]));
  const copy = workspace.audit;
  return {
    events: events.map((event) => {
      const action = isAction(event.action) ? event.action : null;
      const aboutPerson = action !== null && personActions.has(action);
      const content = action ? (contentTargets[action] ?? proofTargets[action]) : undefined;
      return {
        id: event.id,
        at: event.at,
        who: event.actor_email ?? (event.action === "enrol" ? copy.system : copy.operator),
        action: action ? copy.actions[action] : event.action,
        target: !event.target
          ? null
          : aboutPerson
            ? { label: emails.get(event.target) ?? copy.removedPerson, href: null }
            : content
              ? { label: content.label, href: content.href(event.target) }
              : { label: copy.submission, href: workspacePaths.submission(event.target) },
        detail: event.detail,
      };
    }),
  };
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const copy = workspace.audit;
  return (
    <Container className="py-8">
      <h1 className="text-3xl font-extrabold tracking-tight">{copy.title}</h1>
      <p className="mt-2 text-ink-muted">{fillTemplate(copy.intro, { count: shown })}</p>
      {loaderData.events.length === 0 ? (
        <p className="mt-8 text-ink-muted">{copy.empty}</p>
      ) : (
        <WorkspaceTable columns={Object.values(copy.columns)}>
          {loaderData.events.map((event) => (
            <tr key={event.id} className="border-b border-line align-top">
              <td className="py-2 pr-4 whitespace-nowrap">{formatTime(event.at)}</td>
              <td className="py-2 pr-4 break-all">{event.who}</td>
              <td className="py-2 pr-4">{event.action}</td>
              <td className="py-2 pr-4">
                {event.target?.href ? (
                  <Link to={event.target.href} className="text-brand underline underline-offset-4">
                    {event.target.label}
                  </Link>
                ) : (
                  (event.target?.label ?? "")
                )}
              </td>
              <td className="py-2 pr-4">{event.detail ?? ""}</td>
            </tr>
          ))}
        </WorkspaceTable>
      )}
    </Container>
  );
}
