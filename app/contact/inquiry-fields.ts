import type { SubmissionFields } from "#app/forms/submission-fields.ts";
import { contact } from "./contact-content.ts";

/** A contact inquiry as the team reads it (offered to the workspace and the command line). */
export const inquiryFields: SubmissionFields = {
  label: "Inquiry",
  sender: (fields) => ({ name: fields.name ?? "", email: fields.email ?? "", company: fields.company ?? null }),
  rows: [
    { key: "name", label: "Name" },
    { key: "email", label: "E-mail" },
    { key: "phone", label: "Phone" },
    { key: "company", label: "Company" },
    { key: "budget", label: "Budget", values: Object.fromEntries(contact.form.budgets.map((budget) => [budget.value, budget.label])) },
    { key: "source", label: "Heard of us through" },
  ],
  longText: { key: "project", label: "Project" },
};
