import type { SubmissionFields } from "#app/forms/submission-fields.ts";
import { findJob } from "./jobs.ts";
import { formatSalaryRange } from "./salary-range.ts";

const generalApplication = "General application";

/** A job application as the team reads it (offered to the workspace and the command line). */
export const applicationFields: SubmissionFields = {
  label: "Application",
  chatSummary: (_fields, jobSlug) => (jobSlug && findJob(jobSlug)?.title) || generalApplication,
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
    { key: "futureConsent", label: "Keep for future openings", values: { yes: "Yes", no: "No" } },
    { key: "futureConsentWording", label: "Words agreed to" },
  ],
  longText: { key: "coverNote", label: "Cover note" },
  typed: ["firstName", "lastName", "email", "phone", "location", "linkedin", "github", "portfolio", "coverNote"],
  notification: {
    to: "careers",
    subject: (sender, jobSlug) =>
      `Application: ${(jobSlug && findJob(jobSlug)?.title) || generalApplication}, ${sender.name}`,
    intro: "A new application arrived (reference {id}). Reply to this e-mail to answer the applicant.",
    context: (jobSlug) => {
      const job = jobSlug ? findJob(jobSlug) : undefined;
      const position = job
        ? `${job.title} (${job.department}, ${job.location}, ${formatSalaryRange(job.salary)})`
        : (jobSlug ?? generalApplication);
      return [{ label: "Position", value: position }];
    },
  },
};
