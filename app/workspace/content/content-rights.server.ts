import { data } from "react-router";
import { requireStaff } from "../sign-in/session.server.ts";
import type { ContentRight } from "../people/staff-rules.ts";
import { workspace } from "../shell/workspace-content.ts";

// The content pages of the workspace (postings, proof) are for the people an admin gave that
// right (People page), and for admins. Everyone else gets 403 on every such page and action.

/** The signed-in person (as `requireStaff` gives it) when they may edit `right`; else 403 (or the way to sign in). */
export async function requireContentRight(request: Request, right: ContentRight) {
  const signedIn = await requireStaff(request);
  if (!signedIn.staff.contentRights.includes(right)) throw data(workspace.contentRightOnly, { status: 403 });
  return signedIn;
}
