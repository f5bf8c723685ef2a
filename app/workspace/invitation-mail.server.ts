import { escapeHtml } from "#app/platform/html.ts";
import { site } from "#app/site/site-content.ts";
import { invitationHours } from "./staff.server.ts";

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
    html: [...lines.map((line) => `<p>${escapeHtml(line)}</p>`), `<p><a href="${escapeHtml(link)}">${escapeHtml(link)}</a></p>`, `<p>${escapeHtml(note)}</p>`].join("\n"),
  };
}
