/** Everything the audit trail records, by the name stored with each event. */
export const auditActions = [
  "invite",
  "enrol",
  "sign-in",
  "sign-in-refused",
  "admit",
  "sign-out",
  "remove",
  "revoke",
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
  "passkey-rename",
  "privacy-export",
  "privacy-erase",
] as const;

export type AuditAction = (typeof auditActions)[number];
