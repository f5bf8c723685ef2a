import type { SubmissionFields } from "#app/forms/submission-fields.ts";

const generalApplication = "General application";

/** A job application as the team reads it (offered to the workspace and the command line). */
export const applicationFields: SubmissionFields = {
  label: "Application",
  chatSummary: (_fields, jobTitle) => jobTitle || generalApplication,
  sender: (fields) => ({
    name: [fields.firstName, fields.lastName].filter(Boolean).join(" "),
    email: fields.email ?? "",
    company: null,
  }),
  rows: [
    { key: "firstName", label: "First name" },
    { key: "lastName", label: "Last name" },
    { key: "email", label: "E-mail" },
    { key: "phone", label: "Phone" },
    { key: "location", label: "Location" },
    { key: "linkedin", label: "LinkedIn" },
    { key: "github", label: "GitHub" },
    { key: "portfolio", label: "Portfolio" },
    // Set when the posting stopped taking applications while the applicant wrote (decision 044).
    {
      key: "postingWhenSent",
      label: "Posting when sent",
      values: {
        closed: "Closed while the applicant wrote",
        draft: "Unpublished while the applicant wrote",
        scheduled: "Not open yet when sent",
      },
    },
    { key: "futureConsent", label: "Keep for future openings", values: { yes: "Yes", no: "No" } },
    { key: "futureConsentWording", label: "Words agreed to" },
  ],
  longText: { key: "coverNote", label: "Cover note" },
  typed: ["firstName", "lastName", "email", "phone", "location", "linkedin", "github", "portfolio", "coverNote"],
  notification: {
    to: "careers",
    subject: (sender, jobTitle) => `Application: ${jobTitle || generalApplication}, ${sender.name}`,
    intro: "A new application arrived (reference {id}). Reply to this e-mail to answer the applicant.",
    context: (jobTitle) => [{ label: "Position", value: jobTitle || generalApplication }],
  },
};
