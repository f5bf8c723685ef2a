import { generatePath } from "react-router";

// The workspace's addresses, written here only: app/routes.ts mounts each pattern, and every link
// into the workspace is built from them (its pages and e-mails; the team's notification and the
// webhooks' events, app/forms/; the command line). tests/unit/architecture.test.ts fails on a
// workspace address written anywhere else.
export const workspaceRoutes = {
  inbox: "/workspace",
  signIn: "/workspace/sign-in",
  signInPasskey: "/workspace/sign-in/passkey",
  openIdCallback: "/workspace/sign-in/openid/callback",
  signOut: "/workspace/sign-out",
  enrol: "/workspace/enrol/:token",
  enrolPasskey: "/workspace/enrol/:token/passkey",
  export: "/workspace/export/:format",
  submission: "/workspace/submissions/:id",
  moveMeeting: "/workspace/submissions/:id/move",
  file: "/workspace/submissions/:id/files/:position",
  passkeys: "/workspace/passkeys",
  addPasskey: "/workspace/passkeys/new",
  people: "/workspace/people",
  audit: "/workspace/audit",
  requests: "/workspace/requests",
  requestsExport: "/workspace/requests/export",
  timeZone: "/workspace/time-zone",
  agenda: "/workspace/agenda",
  postings: "/workspace/postings",
  newPosting: "/workspace/postings/new",
  posting: "/workspace/postings/:id",
  postingPreview: "/workspace/postings/:id/preview",
  markdownPreview: "/workspace/postings/markdown-preview",
  proof: "/workspace/proof",
  newProofEntry: "/workspace/proof/new/:kind",
  proofEntry: "/workspace/proof/:id",
  proofPreview: "/workspace/proof/:id/preview",
  app: "/workspace/app",
  pageCopies: "/workspace/pages",
  pageCopy: "/workspace/pages/:page",
  pageCopyPreview: "/workspace/pages/:page/preview",
  analytics: "/workspace/analytics",
  analyticsExport: "/workspace/analytics/export",
} as const;

export const workspacePaths = {
  inbox: workspaceRoutes.inbox,
  signIn: workspaceRoutes.signIn,
  signInPasskey: workspaceRoutes.signInPasskey,
  openIdCallback: workspaceRoutes.openIdCallback,
  signOut: workspaceRoutes.signOut,
  enrol: (token: string) => generatePath(workspaceRoutes.enrol, { token }),
  enrolPasskey: (token: string) => generatePath(workspaceRoutes.enrolPasskey, { token }),
  export: (format: "csv" | "json", filters: URLSearchParams) =>
    `${generatePath(workspaceRoutes.export, { format })}?${filters}`,
  passkeys: workspaceRoutes.passkeys,
  addPasskey: workspaceRoutes.addPasskey,
  people: workspaceRoutes.people,
  audit: workspaceRoutes.audit,
  requests: workspaceRoutes.requests,
  requestsExport: workspaceRoutes.requestsExport,
  timeZone: workspaceRoutes.timeZone,
  agenda: workspaceRoutes.agenda,
  postings: workspaceRoutes.postings,
  newPosting: workspaceRoutes.newPosting,
  /** A posting's form in the workspace, with its actions and earlier versions. */
  posting: (id: string) => generatePath(workspaceRoutes.posting, { id }),
  postingPreview: (id: string) => generatePath(workspaceRoutes.postingPreview, { id }),
  /** A description's Markdown in, the posting page's HTML out (POST), for the editor's preview. */
  markdownPreview: workspaceRoutes.markdownPreview,
  proof: workspaceRoutes.proof,
  /** A new client logo, case study, testimonial or team member ("logo", "case-study", "testimonial", "member"). */
  newProofEntry: (kind: string) => generatePath(workspaceRoutes.newProofEntry, { kind }),
  /** A proof entry's form in the workspace, with its actions (and a case study's earlier versions). */
  proofEntry: (id: string) => generatePath(workspaceRoutes.proofEntry, { id }),
  proofPreview: (id: string) => generatePath(workspaceRoutes.proofPreview, { id }),
  /** The app's screenshots and store links. */
  app: workspaceRoutes.app,
  pageCopies: workspaceRoutes.pageCopies,
  /** A page's copy form ("home", "footer"…, app/site/page-copy.ts), with its versions. */
  pageCopy: (page: string) => generatePath(workspaceRoutes.pageCopy, { page }),
  pageCopyPreview: (page: string) => generatePath(workspaceRoutes.pageCopyPreview, { page }),
  analytics: (range?: URLSearchParams) =>
    range?.size ? `${workspaceRoutes.analytics}?${range}` : workspaceRoutes.analytics,
  analyticsExport: (range: URLSearchParams) => `${workspaceRoutes.analyticsExport}?${range}`,
  /** Where the team reads a stored submission. */
  submission: (id: string) => generatePath(workspaceRoutes.submission, { id }),
  /** Where the team moves a submission's meeting to another free time. */
  moveMeeting: (id: string) => generatePath(workspaceRoutes.moveMeeting, { id }),
  file: (id: string, position: number) => generatePath(workspaceRoutes.file, { id, position: String(position) }),
} as const;
