import { data } from "react-router";
import { previewHandle } from "#app/site/preview-bar.tsx";
import { publicPosting } from "#app/careers/careers-pages.server.ts";
import { PostingArticle } from "#app/careers/posting-article.tsx";
import { getPosting } from "#app/careers/postings.server.ts";
import type { Route } from "./+types/posting-preview-page";
import { requireContentRight } from "./content-rights.server.ts";
import { postingsEditor } from "./postings-content.ts";
import { workspacePaths } from "../workspace-paths.ts";

// A posting exactly as its public page shows it, in the site's own frame, whatever its state
// (a draft too): the same component as /careers/:slug. For the editors only; never cached or
// indexed.

export const handle = previewHandle;

export const headers: Route.HeadersFunction = () => ({
  "Cache-Control": "no-store",
  "X-Robots-Tag": "noindex, nofollow",
});

export async function loader({ request, params }: Route.LoaderArgs) {
  const { db } = await requireContentRight(request, "postings");
  const posting = await getPosting(db, params.id);
  if (!posting) throw data(postingsEditor.form.errors.notFound, { status: 404 });
  const { bar } = postingsEditor.form;
  return {
    job: publicPosting(posting),
    previewBar: { note: bar.note, back: workspacePaths.posting(posting.id), backLabel: bar.back },
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.job.title ?? postingsEditor.form.preview },
  { name: "robots", content: "noindex, nofollow" },
];

export default function PostingPreview({ loaderData }: Route.ComponentProps) {
  return <PostingArticle job={loaderData.job} />;
}
