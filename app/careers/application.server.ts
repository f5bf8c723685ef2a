import { careersEnv } from "./careers-env.server.ts";
import { careers } from "./careers-content.ts";
import type { Posting, PostingState } from "./posting-fields.ts";
import { applicationFormSchema, resumeUploads } from "./application-schema.ts";
import { applyPath } from "./jobs.ts";
import { fillMessage } from "#app/forms/field-rules.ts";
import { handleFormPost } from "#app/forms/form-submission.server.ts";
import { applicationFields } from "./application-fields.ts";

/**
 * How the posting stood when the application arrived, for one that stopped taking applications
 * while the visitor wrote (decision 044): the application is kept, with this said beside it.
 */
export type AppliedTo = { posting: Posting; titles: Set<string>; state: PostingState };

/** A job application, for one posting or (without a job) a general one: the contact pipeline. */
export function submitApplication(request: Request, applied: AppliedTo | undefined) {
  const job = applied?.posting;
  return handleFormPost({
    request,
    schema: applicationFormSchema(),
    purpose: "application",
    filesField: "resume",
    uploads: resumeUploads,
    messages: careers.application.errors,
    successPath: `${applyPath(job)}?sent=1`,
    description: applicationFields,
    toSubmission: (value) => ({
      kind: "application",
      jobSlug: job?.slug ?? null,
      // The title the applicant saw: the application keeps it whatever the posting becomes.
      // The form carries the title it showed; only one the posting really had is believed.
      jobTitle: applied ? titleAsSeen(applied, value.postingTitle) : null,
      fields: {
        firstName: value.firstName,
        lastName: value.lastName,
        email: value.email,
        phone: value.phone ?? null,
        location: value.location ?? null,
        linkedin: value.linkedin ?? null,
        github: value.github ?? null,
        portfolio: value.portfolio ?? null,
        coverNote: value.coverNote ?? null,
        consent: "yes",
        postingWhenSent: applied && applied.state !== "open" ? applied.state : null,
        futureConsent: value.futureConsent ? "yes" : "no",
        // The words the applicant agreed to, as the form showed them (the period then configured):
        // the choice's version, kept with it; its time is the application's.
        futureConsentWording: value.futureConsent
          ? fillMessage(careers.application.fields.futureConsent, {
              months: careersEnv.RETENTION_FUTURE_OPENINGS_MONTHS,
            })
          : null,
      },
    }),
  });
}

function titleAsSeen({ posting, titles }: AppliedTo, shown: string | undefined) {
  return shown && titles.has(shown) ? shown : posting.title;
}
