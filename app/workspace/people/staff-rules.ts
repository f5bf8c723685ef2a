import type { StaffRole } from "#app/platform/db.server.ts";

// What the workspace's people pages and its server code both need to know about staff.

export const staffRoles = ["admin", "member"] as const satisfies readonly StaffRole[];

/** How long an invitation link works. */
export const invitationHours = 24;

/** The content a person may be given the right to edit in the workspace; admins may edit all of it. */
export const contentRights = ["postings", "proof", "app", "pages"] as const;
export type ContentRight = (typeof contentRights)[number];

/** The rights stored in `staff.content_rights` ("postings proof"), known ones only, in their order. */
export const parseContentRights = (stored: string): ContentRight[] =>
  contentRights.filter((right) => stored.split(/\s+/).includes(right));

/** What a person may edit: everything for an admin, else the rights they were given. */
export const effectiveContentRights = (role: StaffRole, stored: string): ContentRight[] =>
  role === "admin" ? [...contentRights] : parseContentRights(stored);
