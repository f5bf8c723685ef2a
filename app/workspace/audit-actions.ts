/** Everything the audit trail records, by the name stored with each event. */
export const auditActions = [
  "invite",
  "enrol",
  "sign-in",
  "sign-in-refused",
  "admit",
  "sign-out",
  "remove",
  "role",
  "status",
  "note",
  "spam",
  "not-spam",
  "download",
  "export",
  "retry-mail",
  "redeliver-webhooks",
  "passkey-add",
  "passkey-remove",
  "privacy-export",
  "privacy-erase",
  "owner",
  "replied",
  "analytics-access",
] as const;

export type AuditAction = (typeof auditActions)[number];
