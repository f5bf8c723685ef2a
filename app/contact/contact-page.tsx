import { Link } from "react-router";
import { Confirmation } from "#app/ui/confirmation.tsx";
import { ContactForm } from "./contact-form.tsx";
import { Card } from "#app/ui/card.tsx";
import { Container } from "#app/ui/container.tsx";
import { Icon } from "#app/ui/illustrations.tsx";
import { PageHead } from "#app/ui/section.tsx";
import { contact } from "./contact-content.ts";
import type { ContactPageContent } from "./contact-content-schema.ts";
import { contactCopy } from "./contact-page-copy.ts";
import { publishedCopy } from "#app/site/page-copy.server.ts";
import { pages } from "#app/site/pages.ts";
import { Island } from "#app/site/island.tsx";
import { pageMeta } from "#app/site/seo.ts";
import { submitContactForm } from "./contact.server.ts";
import { issueFormStamp } from "#app/forms/form-guard.server.ts";
import { getServices } from "#app/platform/services.server.ts";
import type { Route } from "./+types/contact-page";

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, args.loaderData?.copy.meta ?? contactCopy.original.meta);

export async function loader({ request }: Route.LoaderArgs) {
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  const { secret } = await getServices();
  return { sent, stamp: issueFormStamp(secret, "contact"), copy: publishedCopy(contactCopy) };
}

// The rate limit's Retry-After travels on the page's response.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export function action({ request }: Route.ActionArgs) {
  return submitContactForm(request);
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const page = loaderData.copy;
  const { nextSteps } = page;
  // Once sent, the page says what was received and what happens next once, in the confirmation.
  const hero = loaderData.sent ? page.sentHero : page.hero;
  return (
    <>
      <PageHead title={hero.headline}>
        <p className="mt-4 max-w-2xl text-lead text-ink-muted">{hero.intro}</p>
      </PageHead>
      {loaderData.sent ? (
        <Container className="grid gap-10 py-12 lg:grid-cols-[1.6fr_1fr] lg:py-16">
          <Confirmation
            title={contact.confirmation.title}
            message={contact.confirmation.message}
            action={{ href: pages.contact.path, label: contact.confirmation.another }}
          >
            <h3 className="mt-8 font-bold">{contact.confirmation.nextStepsTitle}</h3>
            <NextSteps steps={nextSteps.steps} level="h4" className="mt-4" />
          </Confirmation>
          <aside aria-label={nextSteps.meeting.title}>
            <MeetingCard meeting={nextSteps.meeting} />
          </aside>
        </Container>
      ) : (
        <Container className="grid gap-10 py-12 lg:grid-cols-[1fr_1.6fr] lg:py-16">
          <aside aria-labelledby="next-steps-title" className="space-y-6">
            <h2 id="next-steps-title" className="text-title">
              {nextSteps.title}
            </h2>
            <p className="flex items-center gap-3 rounded-card bg-accent-soft p-4 font-semibold text-accent">
              <Icon name="clock" />
              {nextSteps.reply}
            </p>
            <NextSteps steps={nextSteps.steps} level="h3" />
            <MeetingCard meeting={nextSteps.meeting} />
          </aside>
          {/* Checks as the visitor types: the form hydrates at the first interaction. */}
          <Island
            name="contact"
            component={ContactForm}
            props={{
              content: contact.form,
              stamp: loaderData.stamp,
              lastResult: actionData?.result,
              formError: actionData?.formError,
            }}
          />
        </Container>
      )}
    </>
  );
}

/** The three steps, their titles one level under the heading they sit beneath. */
function NextSteps({
  steps,
  level,
  className = "",
}: {
  steps: ContactPageContent["nextSteps"]["steps"];
  level: "h3" | "h4";
  className?: string;
}) {
  const StepTitle = level;
  return (
    <ol className={`space-y-5 ${className}`}>
      {steps.map((step, index) => (
        <li key={step.title} className="flex gap-4">
          <span
            className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand font-display font-bold text-brand-ink"
            aria-hidden="true"
          >
            {index + 1}
          </span>
          <div>
            <StepTitle className="font-bold">{step.title}</StepTitle>
            <p className="text-ink-muted">{step.description}</p>
          </div>
        </li>
      ))}
    </ol>
  );
}

function MeetingCard({ meeting }: { meeting: ContactPageContent["nextSteps"]["meeting"] }) {
  return (
    <Card>
      <div className="flex items-center gap-3">
        <span className="inline-flex size-11 items-center justify-center rounded-control bg-brand-soft text-brand">
          <Icon name="video" />
        </span>
        <h3 className="text-lg font-bold">{meeting.title}</h3>
      </div>
      <p className="mt-3 text-ink-muted">{meeting.description}</p>
      <Link
        to={pages.meeting.path}
        className="mt-4 flex items-center gap-2 rounded-control border border-line px-4 py-3 font-semibold text-brand underline-offset-4 hover:border-brand hover:underline"
      >
        <Icon name="calendar" />
        {meeting.dayLabel}
      </Link>
    </Card>
  );
}
