import { data, Form } from "react-router";
import { z } from "zod";
import { Button } from "#app/ui/button.tsx";
import { Container } from "#app/ui/container.tsx";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { env } from "#app/platform/env.server.ts";
import type { Route } from "./+types/people-page";
import { sendInvitation } from "./invitation-mail.server.ts";
import { fieldClasses, Notice } from "../shell/notice.tsx";
import { requireStaff, zoneOf } from "../sign-in/session.server.ts";
import { contentRights, invitationHours, staffRoles } from "./staff-rules.ts";
import {
  findStaffByEmail,
  inviteStaff,
  listStaff,
  removeStaff,
  revokeInvitation,
  setContentRights,
  setStaffRole,
} from "./staff.server.ts";
import { Time } from "../shell/time.tsx";
import { workspace } from "../shell/workspace-content.ts";
import { WorkspaceTable } from "../shell/workspace-table.tsx";
import { type ShownTime, shownTime } from "../shell/workspace-display.ts";

// Admins manage who may sign in: invite (or invite again after a lost passkey), change a role,
// remove. The workspace always keeps one admin.
import { workspaceMeta } from "../shell/workspace-error.tsx";

export { WorkspaceError as ErrorBoundary } from "../shell/workspace-error.tsx";

export const meta: Route.MetaFunction = workspaceMeta(workspace.people.title);

export async function loader({ request }: Route.LoaderArgs) {
  const { db, staff } = await requireStaff(request, { role: "admin" });
  const zone = zoneOf(staff);
  const people = (await listStaff(db)).map((person) => ({
    ...person,
    since: shownTime(person.createdAt, zone),
    invitation: person.invitation && { ...person.invitation, until: shownTime(person.invitation.expiresAt, zone) },
  }));
  return { people, me: staff.id };
}

const ChangeSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("invite"), email: z.string().trim().pipe(z.email()), role: z.enum(staffRoles) }),
  z.object({ intent: z.literal("role"), email: z.string(), role: z.enum(staffRoles) }),
  z.object({ intent: z.literal("remove"), email: z.string() }),
  z.object({ intent: z.literal("resend"), email: z.string() }),
  z.object({ intent: z.literal("revoke"), email: z.string() }),
  z.object({ intent: z.literal("rights"), email: z.string(), rights: z.array(z.enum(contentRights)) }),
]);

type Outcome = { tone: "done" | "problem"; message: string; link?: string; mailed?: boolean };

export async function action({ request }: Route.ActionArgs) {
  const { db, staff } = await requireStaff(request, { role: "admin" });
  const formData = await request.formData();
  // The rights are checkboxes: one value each, none when all are cleared.
  const form: Record<string, unknown> = { ...Object.fromEntries(formData), rights: formData.getAll("rights") };
  const parsed = ChangeSchema.safeParse(form);
  const copy = workspace.people;
  const answer = (outcome: Outcome, status = 200) => data(outcome, { status });
  if (!parsed.success) {
    if (form.intent === "invite") return answer({ tone: "problem", message: copy.invite.invalidEmail }, 400);
    throw data("Unknown change.", { status: 400 });
  }
  const change = parsed.data;
  const actor = { id: staff.id, email: staff.email };
  switch (change.intent) {
    case "invite":
    case "resend": {
      // Inviting someone again (a lost passkey, a link that expired) keeps their role: roles change through the role form.
      const known = await findStaffByEmail(db, change.email);
      if (!known && change.intent === "resend") return answer({ tone: "problem", message: copy.notFound }, 404);
      const role = known || change.intent === "resend" ? undefined : change.role;
      const invitation = await inviteStaff(db, { email: change.email, role, actor });
      const { link, mailed } = await sendInvitation(db, invitation, {
        siteUrl: env.SITE_URL,
        mail: Boolean(env.SMTP_URL),
      });
      return answer({
        tone: "done",
        message: fillTemplate(copy.invite.created, { email: invitation.staff.email, hours: invitationHours }),
        link,
        mailed,
      });
    }
    case "role": {
      const result = await setStaffRole(db, change.email, change.role, actor);
      if (result === "not-found") return answer({ tone: "problem", message: copy.notFound }, 404);
      if (result === "last-admin") return answer({ tone: "problem", message: copy.lastAdmin }, 409);
      return answer({ tone: "done", message: copy.roleSaved });
    }
    case "revoke": {
      const result = await revokeInvitation(db, change.email, actor);
      if (result === "not-found") return answer({ tone: "problem", message: copy.notFound }, 404);
      if (result === "last-admin") return answer({ tone: "problem", message: copy.lastAdmin }, 409);
      return answer({ tone: "done", message: fillTemplate(copy.invitations.revoked, { email: change.email }) });
    }
    case "rights": {
      const result = await setContentRights(db, change.email, change.rights, actor);
      if (result === "not-found") return answer({ tone: "problem", message: copy.notFound }, 404);
      return answer({ tone: "done", message: copy.rights.saved });
    }
    case "remove": {
      const result = await removeStaff(db, change.email, actor);
      if (result === "not-found") return answer({ tone: "problem", message: copy.notFound }, 404);
      if (result === "last-admin") return answer({ tone: "problem", message: copy.lastAdmin }, 409);
      return answer({ tone: "done", message: fillTemplate(copy.removed, { email: change.email }) });
    }
  }
}

/** A person's unused invitation: until when its link works (or that it expired), to send again or withdraw. */
function InvitationState({ email, invitation }: { email: string; invitation: { expired: boolean; until: ShownTime } }) {
  const copy = workspace.people.invitations;
  return (
    <div className="space-y-2">
      <p className={invitation.expired ? "font-semibold text-danger" : "font-semibold"}>
        {invitation.expired ? copy.expired : copy.pending} <Time value={invitation.until} />
      </p>
      <div className="flex flex-wrap gap-2">
        <Form method="post">
          <input type="hidden" name="intent" value="resend" />
          <input type="hidden" name="email" value={email} />
          <button
            type="submit"
            aria-label={fillTemplate(copy.resendLabel, { email })}
            className="rounded-control border border-line px-3 py-1.5 font-semibold hover:bg-surface"
          >
            {copy.resend}
          </button>
        </Form>
        {invitation.expired ? null : (
          <Form method="post">
            <input type="hidden" name="intent" value="revoke" />
            <input type="hidden" name="email" value={email} />
            <button
              type="submit"
              aria-label={fillTemplate(copy.revokeLabel, { email })}
              className="rounded-control border border-line px-3 py-1.5 font-semibold hover:bg-surface"
            >
              {copy.revoke}
            </button>
          </Form>
        )}
      </div>
    </div>
  );
}

function RoleOptions() {
  return staffRoles.map((role) => (
    <option key={role} value={role}>
      {workspace.people.roles[role]}
    </option>
  ));
}

export default function People({ loaderData, actionData }: Route.ComponentProps) {
  const copy = workspace.people;
  const { people, me } = loaderData;
  return (
    <Container className="py-8">
      <h1 className="text-3xl font-extrabold tracking-tight">{copy.title}</h1>
      <p className="mt-2 max-w-3xl text-ink-muted">{copy.intro}</p>
      {actionData ? (
        <Notice tone={actionData.tone}>
          <p>{actionData.message}</p>
          {actionData.link ? (
            <>
              <p className="mt-2 text-sm font-normal">
                <code className="break-all">{actionData.link}</code>
              </p>
              <p className="mt-2 font-normal">{actionData.mailed ? copy.invite.mailed : copy.invite.notMailed}</p>
            </>
          ) : null}
        </Notice>
      ) : null}

      <Form
        method="post"
        className="mt-6 grid gap-4 rounded-card border border-line bg-surface p-4 sm:grid-cols-[1fr_12rem_auto] sm:items-end"
      >
        <input type="hidden" name="intent" value="invite" />
        <h2 className="text-xl font-bold sm:col-span-3">{copy.invite.legend}</h2>
        <label className="font-semibold">
          {copy.invite.email}
          <input type="email" name="email" required autoComplete="off" className={fieldClasses} />
        </label>
        <label className="font-semibold">
          {copy.invite.role}
          <select name="role" defaultValue="member" className={fieldClasses}>
            <RoleOptions />
          </select>
        </label>
        <Button type="submit">{copy.invite.button}</Button>
        <p className="text-sm text-ink-muted sm:col-span-3">
          {fillTemplate(copy.invite.hint, { hours: invitationHours })}
        </p>
      </Form>

      <WorkspaceTable
        columns={[copy.columns.email, copy.columns.role, copy.rights.column, ...Object.values(copy.columns).slice(2)]}
      >
        {people.map((person) => (
          <tr key={person.id} className="border-b border-line align-top">
            <td className="py-3 pr-4 font-semibold break-all">
              {person.email} {person.id === me ? <span className="font-normal text-ink-muted">{copy.you}</span> : null}
            </td>
            <td className="py-3 pr-4">{copy.roles[person.role]}</td>
            <td className="py-3 pr-4">
              {person.role === "admin" ? (
                copy.rights.admin
              ) : (
                <Form method="post">
                  <input type="hidden" name="intent" value="rights" />
                  <input type="hidden" name="email" value={person.email} />
                  <fieldset>
                    <legend className="sr-only">{fillTemplate(copy.rights.label, { email: person.email })}</legend>
                    {contentRights.map((right) => (
                      <label key={right} className="flex min-h-8 items-center gap-2 whitespace-nowrap">
                        <input
                          type="checkbox"
                          name="rights"
                          value={right}
                          defaultChecked={person.contentRights.includes(right)}
                          className="size-6"
                          aria-label={`${copy.rights.names[right]} (${person.email})`}
                        />
                        {copy.rights.short[right]}
                      </label>
                    ))}
                  </fieldset>
                  <button
                    type="submit"
                    className="mt-2 rounded-control border border-line px-3 py-1.5 font-semibold hover:bg-surface"
                  >
                    {copy.rights.save}
                  </button>
                </Form>
              )}
            </td>
            <td className="py-3 pr-4">
              {person.invitation && !person.canSignIn ? null : person.passkeys}
              {person.invitation ? <InvitationState email={person.email} invitation={person.invitation} /> : null}
            </td>
            <td className="py-3 pr-4 whitespace-nowrap">
              <Time value={person.since} />
            </td>
            <td className="py-3 pr-4">
              <div className="flex flex-wrap items-end gap-3">
                <Form method="post" className="flex items-end gap-2">
                  <input type="hidden" name="intent" value="role" />
                  <input type="hidden" name="email" value={person.email} />
                  <label>
                    <span className="sr-only">{fillTemplate(copy.changeRoleLabel, { email: person.email })}</span>
                    <select
                      name="role"
                      defaultValue={person.role}
                      className="rounded-control border border-line bg-raised px-2 py-1.5"
                    >
                      <RoleOptions />
                    </select>
                  </label>
                  <button
                    type="submit"
                    className="rounded-control border border-line px-3 py-1.5 font-semibold hover:bg-surface"
                  >
                    {copy.saveRole}
                  </button>
                </Form>
                {/* Removing takes a second click, inside the opened part: it cannot be undone. */}
                <details>
                  <summary className="cursor-pointer rounded-control px-3 py-1.5 font-semibold text-danger">
                    {copy.remove}
                  </summary>
                  <Form method="post" className="mt-2">
                    <input type="hidden" name="intent" value="remove" />
                    <input type="hidden" name="email" value={person.email} />
                    <button
                      type="submit"
                      className="rounded-control border border-danger/60 px-3 py-1.5 font-semibold text-danger hover:bg-danger/5"
                    >
                      {fillTemplate(copy.removeLabel, { email: person.email })}
                    </button>
                  </Form>
                </details>
              </div>
            </td>
          </tr>
        ))}
      </WorkspaceTable>
    </Container>
  );
}
