import { data } from "react-router";
import { toBuffer } from "#app/platform/db.server.ts";
import type { Route } from "./+types/submission-file";
import { recordAudit } from "../people/audit.server.ts";
import { getFile } from "./inbox.server.ts";
import { requireStaff } from "../sign-in/session.server.ts";

// A visitor's file, always as a download and never rendered in the site's origin: a file that
// claims to be one thing and holds a script stays inert.
export async function loader({ request, params }: Route.LoaderArgs) {
  const { db, staff } = await requireStaff(request);
  const position = Number(params.position);
  const file = Number.isInteger(position) && position >= 0 ? await getFile(db, params.id, position) : null;
  if (!file) throw data("No such file.", { status: 404 });
  await recordAudit(db, { actor: staff, action: "download", target: params.id, detail: `file ${position}` });
  const content = toBuffer(file.content);
  return new Response(new Uint8Array(content), {
    headers: {
      "Content-Type": file.type,
      "Content-Length": String(content.length),
      "Content-Disposition": `attachment; filename*=UTF-8''${encodeURIComponent(file.name)}`,
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "sandbox; default-src 'none'",
      "Cache-Control": "no-store",
    },
  });
}
