import { submissionPagePath } from "#app/forms/submission-fields.ts";

// The workspace's addresses, shared by its routes, pages and e-mails.
export const workspacePaths = {
  inbox: "/workspace",
  signIn: "/workspace/sign-in",
  signInPasskey: "/workspace/sign-in/passkey",
  openIdCallback: "/workspace/sign-in/openid/callback",
  signOut: "/workspace/sign-out",
  enrol: (token: string) => `/workspace/enrol/${token}`,
  enrolPasskey: (token: string) => `/workspace/enrol/${token}/passkey`,
  export: (format: "csv" | "json", filters: URLSearchParams) => `/workspace/export/${format}?${filters}`,
  passkeys: "/workspace/passkeys",
  addPasskey: "/workspace/passkeys/new",
  people: "/workspace/people",
  audit: "/workspace/audit",
  requests: "/workspace/requests",
  requestsExport: "/workspace/requests/export",
  submission: submissionPagePath,
  file: (id: string, position: number) => `/workspace/submissions/${id}/files/${position}`,
} as const;
