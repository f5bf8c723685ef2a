import { Link } from "react-router";
import { careersEnv } from "./careers-env.server.ts";
import { ApplicationForm } from "./application-form.tsx";
import { PostingError } from "./closed-posting.tsx";
import { Confirmation } from "#app/ui/confirmation.tsx";
import { Container } from "#app/ui/container.tsx";
import { careers } from "./careers-content.ts";
import { fillMessage } from "#app/forms/field-rules.ts";
import { formatSalaryRange } from "./salary-range.ts";
import { careersPath, employmentTypeLabel, jobPath, locationLabel } from "./jobs.ts";
import { findAppliedPosting, postingTitles, requireOpenPosting } from "./careers-pages.server.ts";
import { postingState } from "./posting-fields.ts";
import { now } from "#app/platform/clock.ts";
import { data } from "react-router";
import { Island } from "#app/site/island.tsx";
import { pageMeta } from "#app/site/seo.ts";
import { submitApplication } from "./application.server.ts";
import { issueFormStamp } from "#app/forms/form-guard.server.ts";
import { getServices } from "#app/platform/services.server.ts";
import type { Route } from "./+types/job-application-page";

// /careers/apply (a general application) and /careers/:slug/apply (one posting).

// Rendered per request: the form carries a stamp of its own for each visit.
export async function loader({ params, request }: Route.LoaderArgs) {
  const { db, secret } = await getServices();
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  // Once sent, the confirmation stands whatever the posting became meanwhile (decision 044).
  const job = !params.slug
    ? undefined
    : sent || formCameBack.has(request.signal)
      ? await requireAppliedPosting(db, params.slug)
      : await requireOpenPosting(db, params.slug, { suffix: "/apply", rendered: true });
  return {
    // The posting stopped taking applications while the visitor wrote: they are told it arrived.
    closedMeanwhile: Boolean(job && postingState(job, now()) !== "open"),
    job: job
      ? {
          slug: job.slug,
          title: job.title,
          intro: fillMessage(careers.application.introForJob, {
            department: job.department,
            location: locationLabel(job),
            type: employmentTypeLabel(job),
            salary: formatSalaryRange(job),
          }),
        }
      : null,
    sent,
    stamp: issueFormStamp(secret, "application"),
    // The period the future-openings box names, the one the purge keeps.
    futureOpeningsMonths: careersEnv.RETENTION_FUTURE_OPENINGS_MONTHS,
  };
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

// The posts to a posting's form: when one comes back (a field to correct), the page renders that
// form again whatever the posting became meanwhile, not the closed page or a move to its new
// address. React Router hands the loader that runs after an action a request of its own with the
// action request's signal: the signal names the post.
const formCameBack = new WeakSet<AbortSignal>();

async function requireAppliedPosting(db: Awaited<ReturnType<typeof getServices>>["db"], slug: string) {
  const posting = await findAppliedPosting(db, slug);
  if (!posting) throw data(null, { status: 404 });
  return posting;
}

// An application is kept whatever its posting became while the visitor wrote: closed, unpublished
// or renamed (decision 044). Only an address no posting ever had answers 404.
export async function action({ params, request }: Route.ActionArgs) {
  if (!params.slug) return submitApplication(request, undefined);
  const { db } = await getServices();
  const posting = await requireAppliedPosting(db, params.slug);
  formCameBack.add(request.signal);
  const state = postingState(posting, now());
  return submitApplication(request, { posting, titles: await postingTitles(db, posting), state });
}

function pageTitle(job: { title: string } | null | undefined, sent = false) {
  const { application } = careers;
  if (!job) return sent ? application.sentTitleGeneral : application.titleGeneral;
  return fillMessage(sent ? application.sentTitleForJob : application.titleForJob, { title: job.title });
}

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: pageTitle(args.loaderData?.job, args.loaderData?.sent),
    description: careers.application.metaDescription,
  });

export default function JobApplication({ loaderData, actionData }: Route.ComponentProps) {
  const { application } = careers;
  const { job } = loaderData;
  // Once sent, a general application's invitation would repeat the confirmation: the posting's facts stay.
  const intro = job ? job.intro : loaderData.sent ? null : application.introGeneral;
  return (
    <Container className="max-w-3xl py-12 sm:py-16">
      <Link
        to={job && !loaderData.closedMeanwhile ? jobPath(job) : careersPath}
        className="inline-flex min-h-11 items-center font-semibold text-brand underline-offset-4 hover:underline"
      >
        ← {job && !loaderData.closedMeanwhile ? job.title : careers.posting.backToList}
      </Link>
      <div className="mt-4 mb-10">
        <h1 className="text-display tracking-tight">{pageTitle(job, loaderData.sent)}</h1>
        {intro && <p className="mt-4 text-lead text-ink-muted">{intro}</p>}
      </div>
      {loaderData.sent ? (
        <Confirmation
          title={application.confirmation.title}
          message={
            loaderData.closedMeanwhile ? application.confirmation.closedMeanwhile : application.confirmation.message
          }
          action={{ href: careersPath, label: application.confirmation.backToList }}
        />
      ) : (
        // Checks as the visitor types: the form hydrates at the first interaction.
        <Island
          name="application"
          component={ApplicationForm}
          props={{
            content: application,
            futureOpeningsMonths: loaderData.futureOpeningsMonths,
            stamp: loaderData.stamp,
            postingTitle: job?.title ?? null,
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
