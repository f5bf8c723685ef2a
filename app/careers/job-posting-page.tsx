import { PostingError } from "./closed-posting.tsx";
import { jobPostingJsonLd, locationLabel } from "./jobs.ts";
import { PostingArticle } from "./posting-article.tsx";
import { pageMeta, rootData } from "#app/site/seo.ts";
import { getServices } from "#app/platform/services.server.ts";
import { publicPosting, requireOpenPosting } from "./careers-pages.server.ts";
import { postingShareImage } from "./posting-share.server.ts";
import type { Route } from "./+types/job-posting-page";

// Rendered into memory by the server while the posting is open (server/live-pages.ts); a closed,
// renamed or unknown address reaches the loader per request.
export async function loader({ params }: Route.LoaderArgs) {
  const { db } = await getServices();
  const posting = await requireOpenPosting(db, params.slug);
  return { job: publicPosting(posting), shareImage: postingShareImage(posting) };
}

export const meta: Route.MetaFunction = (args) => {
  const job = args.loaderData?.job;
  if (!job) return [];
  const siteUrl = rootData(args.matches)?.config.siteUrl ?? "";
  return pageMeta(
    args,
    { title: `${job.title} (${locationLabel(job)})`, description: job.summary },
    [{ "script:ld+json": jobPostingJsonLd(job, { siteUrl }) }],
    args.loaderData?.shareImage,
  );
};

export default function JobPostingPage({ loaderData }: Route.ComponentProps) {
  return <PostingArticle job={loaderData.job} />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PostingError error={error} />;
}
