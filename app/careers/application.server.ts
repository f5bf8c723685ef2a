import { careersEnv } from "./careers-env.server.ts";
import { careers } from "./careers-content.ts";
import type { Posting } from "./posting-fields.ts";
import { applicationFormSchema, resumeUploads } from "./application-schema.ts";
import { applyPath } from "./jobs.ts";
import { fillMessage } from "#app/forms/field-rules.ts";
import { handleFormPost } from "#app/forms/form-submission.server.ts";
import { applicationFields } from "./application-fields.ts";

/** A job application, for one posting or (without a job) a general one: the contact pipeline. */
export function submitApplication(request: Request, job: Posting | undefined) {
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
      // The title as it is now: the application keeps it whatever the posting becomes.
      jobTitle: job?.title ?? null,
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
