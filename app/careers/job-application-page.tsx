import { Link } from "react-router";
import { ApplicationForm } from "./application-form.tsx";
import { PostingError } from "./closed-posting.tsx";
import { Confirmation } from "#app/ui/confirmation.tsx";
import { Container } from "#app/ui/container.tsx";
import { careers } from "./careers-content.ts";
import { fillMessage } from "#app/forms/field-rules.ts";
import { formatSalaryRange } from "./salary-range.ts";
import { careersPath, findJob, jobPath, requireOpenJob } from "./jobs.ts";
import { Island } from "#app/site/island.tsx";
import { pageMeta } from "#app/site/seo.ts";
import { useSiteConfig } from "#app/site/use-site-config.ts";
import { submitApplication } from "./application.server.ts";
import { issueFormStamp } from "#app/forms/form-guard.server.ts";
import { getServices } from "#app/platform/services.server.ts";
import type { Route } from "./+types/job-application-page";

// /careers/apply (a general application) and /careers/:slug/apply (one posting).

export async function loader({ params, request }: Route.LoaderArgs) {
  const job = params.slug ? requireOpenJob(params.slug) : undefined;
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  const { secret } = await getServices();
  return { slug: job?.slug ?? null, sent, stamp: issueFormStamp(secret, "application") };
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export function action({ params, request }: Route.ActionArgs) {
  return submitApplication(request, params.slug ? requireOpenJob(params.slug) : undefined);
}

function pageTitle(slug: string | null | undefined, sent = false) {
  const { application } = careers;
  const job = findJob(slug ?? undefined);
  if (!job) return sent ? application.sentTitleGeneral : application.titleGeneral;
  return fillMessage(sent ? application.sentTitleForJob : application.titleForJob, { title: job.title });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: pageTitle(args.loaderData?.slug, args.loaderData?.sent),
    description: careers.application.metaDescription,
  });

export default function JobApplication({ loaderData, actionData }: Route.ComponentProps) {
  const { application } = careers;
  const config = useSiteConfig();
  const job = findJob(loaderData.slug ?? undefined);
  // Once sent, a general application's invitation would repeat the confirmation: the posting's facts stay.
  const intro = job
    ? fillMessage(application.introForJob, {
        department: job.department,
        location: job.location,
        type: job.type,
        salary: formatSalaryRange(job.salary),
      })
    : loaderData.sent
      ? null
      : application.introGeneral;
  return (
    <Container className="max-w-3xl py-12 sm:py-16">
      <Link
        to={job ? jobPath(job) : careersPath}
        className="inline-flex min-h-11 items-center font-semibold text-brand underline-offset-4 hover:underline"
      >
        ← {job ? job.title : careers.posting.backToList}
      </Link>
      <div className="mt-4 mb-10">
        <h1 className="text-display tracking-tight">{pageTitle(loaderData.slug, loaderData.sent)}</h1>
        {intro && <p className="mt-4 text-lead text-ink-muted">{intro}</p>}
      </div>
      {loaderData.sent ? (
        <Confirmation
          title={application.confirmation.title}
          message={application.confirmation.message}
          action={{ href: careersPath, label: application.confirmation.backToList }}
        />
      ) : (
        // Checks as the visitor types: the form hydrates at the first interaction.
        <Island
          name="application"
          component={ApplicationForm}
          props={{
            content: application,
            futureOpeningsMonths: config.retentionFutureOpeningsMonths,
            stamp: loaderData.stamp,
            lastResult: actionData?.result,
            formError: actionData?.formError,
          }}
        />
      )}
    </Container>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <PostingError error={error} />;
}
