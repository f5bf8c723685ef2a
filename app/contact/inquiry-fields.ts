import type { SubmissionFields } from "#app/forms/submission-fields.ts";
import { contact } from "./contact-content.ts";

/** "$10k-$25k" as the team writes a range: "$10k–$25k". */
const asRange = (label: string) => label.replace(/(\dk?)-(\$?\d)/g, "$1–$2");

const budgetLabels: Record<string, string> = Object.fromEntries(
  contact.form.budgets.map((budget) => [budget.value, asRange(budget.label)]),
);

/** A contact inquiry as the team reads it (offered to the workspace and the command line). */
export const inquiryFields: SubmissionFields = {
  label: "Inquiry",
  chatSummary: (fields) => (fields.budget ? `budget ${budgetLabels[fields.budget] ?? fields.budget}` : null),
  sender: (fields) => ({ name: fields.name ?? "", email: fields.email ?? "", company: fields.company ?? null }),
  rows: [
    { key: "name", label: "Name" },
    { key: "email", label: "E-mail" },
    { key: "phone", label: "Phone" },
    { key: "company", label: "Company" },
    { key: "budget", label: "Budget", values: budgetLabels },
    { key: "source", label: "Heard of us through" },
  ],
  longText: { key: "project", label: "Project" },
  typed: ["name", "email", "phone", "company", "source", "project"],
  notification: {
    to: "contact",
    subject: (sender) => `New inquiry from ${sender.name}${sender.company ? ` (${sender.company})` : ""}`,
    intro:
      "A new inquiry arrived through the contact form (reference {id}). Reply to this e-mail to answer the visitor.",
  },
};
