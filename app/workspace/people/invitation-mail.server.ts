import type { Kysely } from "kysely";
import type { Schema } from "#app/platform/db.server.ts";
import { escapeHtml } from "#app/platform/html.ts";
import { queueMail } from "#app/platform/outbox.server.ts";
import { site } from "#app/site/site-content.ts";
import { invitationHours } from "./staff-rules.ts";
import { workspacePaths } from "../workspace-paths.ts";

/** The e-mail that carries an invitation link. It names no visitor and nothing of the inbox. */
export function invitationMail({ link, expiresAt }: { link: string; expiresAt: Date }) {
  const subject = `Your invitation to the ${site.companyName} workspace`;
  const lines = [
    `You are invited to the ${site.companyName} workspace, where the team reads inquiries and applications.`,
    `Open this link and create a passkey (it replaces a password) within ${invitationHours} hours, by ${expiresAt.toISOString().slice(0, 16).replace("T", " ")} UTC:`,
  ];
  const note = "The link works once. If it has expired, ask an admin for a new invitation.";
  return {
    subject,
    text: [...lines, link, "", note].join("\n"),
    html: [
      ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
      `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`,
      `<p>${escapeHtml(note)}</p>`,
    ].join("\n"),
  };
}

/**
 * The link of a new invitation, put in the outbox for its person when mail is configured; the
 * link is shown to whoever invited either way (the page, the command line).
 */
export async function sendInvitation(
  db: Kysely<Schema>,
  invitation: { token: string; staff: { email: string }; expiresAt: Date },
  { siteUrl, mail }: { siteUrl: string; mail: boolean },
) {
  const link = `${siteUrl}${workspacePaths.enrol(invitation.token)}`;
  if (mail) {
    const message = invitationMail({ link, expiresAt: invitation.expiresAt });
    await queueMail(db, {
      kind: "staff-invitation",
      recipientRole: "staff",
      recipient: invitation.staff.email,
      messageIdDomain: new URL(siteUrl).hostname,
      ...message,
    });
  }
  return { link, mailed: mail };
}
