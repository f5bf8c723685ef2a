import type { StaffRole } from "#app/platform/db.server.ts";

// What the workspace's people pages and its server code both need to know about staff.

export const staffRoles = ["admin", "member"] as const satisfies readonly StaffRole[];

/** How long an invitation link works. */
export const invitationHours = 24;
