import { data } from "react-router";
import { markdownToHtml } from "#app/careers/markdown.server.ts";
import { postingLimits } from "#app/careers/posting-fields.ts";
import type { Route } from "./+types/markdown-preview";
import { requireContentRight } from "./content-rights.server.ts";

// The posting editor's live preview: a description's Markdown as the HTML its page will show,
// made by the page's own renderer and sanitiser, for those who may edit postings. A POST, like
// the form it serves: the Markdown can be longer than an address holds.

export async function action({ request }: Route.ActionArgs) {
  await requireContentRight(request, "postings");
  const markdown = (await request.formData()).get("markdown");
  if (typeof markdown !== "string" || markdown.length > postingLimits.description) throw data(null, { status: 400 });
  return Response.json({ html: markdownToHtml(markdown) }, { headers: { "Cache-Control": "no-store" } });
}
