import { Link } from "react-router";
import { listPostings } from "#app/careers/postings.server.ts";
import { closesAt, postingState, postingStates } from "#app/careers/posting-fields.ts";
import { locationLabel } from "#app/careers/jobs.ts";
import { now } from "#app/platform/clock.ts";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { ButtonLink } from "#app/ui/button-link.tsx";
import { Container } from "#app/ui/container.tsx";
import type { Route } from "./+types/postings-page";
import { requireContentRight } from "./content-rights.server.ts";
import { postingsEditor } from "./postings-content.ts";
import { zoneOf } from "../sign-in/session.server.ts";
import { formatTime } from "../shell/workspace-display.ts";
import { workspaceMeta } from "../shell/workspace-error.tsx";
import { workspacePaths } from "../workspace-paths.ts";
import { WorkspaceTable } from "../shell/workspace-table.tsx";

// The job postings, by where they are for visitors: open, scheduled, drafts, closed.

export { WorkspaceError as ErrorBoundary } from "../shell/workspace-error.tsx";

export const meta: Route.MetaFunction = workspaceMeta(postingsEditor.list.title);

export async function loader({ request }: Route.LoaderArgs) {
  const { db, staff } = await requireContentRight(request, "postings");
  const at = now();
  const postings = (await listPostings(db)).map((posting) => ({
    id: posting.id,
    title: posting.title,
    department: posting.department,
    location: locationLabel(posting),
    state: postingState(posting, at),
    opensAt: posting.opensAt,
    closesAt: closesAt(posting)?.toISOString() ?? null,
  }));
  return {
    zone: zoneOf(staff),
    groups: postingStates.map((state) => ({ state, postings: postings.filter((p) => p.state === state) })),
  };
}

export default function Postings({ loaderData }: Route.ComponentProps) {
  const copy = postingsEditor.list;
  return (
    <Container className="py-8">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h1 className="text-3xl font-extrabold tracking-tight">{copy.title}</h1>
        <ButtonLink href={workspacePaths.newPosting}>{copy.create}</ButtonLink>
      </div>
      <p className="mt-2 max-w-3xl text-ink-muted">{copy.intro}</p>
      {loaderData.groups.map((group) => (
        <section key={group.state} aria-labelledby={`postings-${group.state}`} className="mt-10">
          <h2 id={`postings-${group.state}`} className="text-xl font-bold">
            {copy.states[group.state]} ({group.postings.length})
          </h2>
          {group.postings.length === 0 ? (
            <p className="mt-2 text-ink-muted">{copy.empty}</p>
          ) : (
            <WorkspaceTable
              className="mt-3"
              columns={[copy.columns.title, copy.columns.department, copy.columns.location, copy.columns.dates]}
            >
              {group.postings.map((posting) => (
                <tr key={posting.id} className="border-b border-line align-top">
                  <td className="py-2 pr-4">
                    <Link
                      to={workspacePaths.posting(posting.id)}
                      className="font-semibold text-brand underline underline-offset-4"
                    >
                      {posting.title}
                    </Link>
                  </td>
                  <td className="py-2 pr-4">{posting.department}</td>
                  <td className="py-2 pr-4">{posting.location}</td>
                  <td className="py-2 pr-4">
                    {posting.state === "scheduled" && posting.opensAt
                      ? fillTemplate(copy.opensOn, { date: formatTime(posting.opensAt, loaderData.zone) })
                      : posting.closesAt && posting.state !== "closed"
                        ? fillTemplate(copy.closesOn, { date: formatTime(posting.closesAt, loaderData.zone) })
                        : ""}
                  </td>
                </tr>
              ))}
            </WorkspaceTable>
          )}
        </section>
      ))}
    </Container>
  );
}
