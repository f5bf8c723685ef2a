import { env } from "#app/platform/env.server.ts";
import { contact } from "./contact-content.ts";
import { pages } from "#app/site/pages.ts";
import { ContactFormSchema, contactUploads } from "./contact-schema.ts";
import { handleFormPost } from "#app/forms/form-submission.server.ts";
import { buildNotification } from "#app/forms/notification.server.ts";
import { submissionPagePath } from "#app/forms/submission-fields.ts";

export const contactSentPath = `${pages.contact.path}?sent=1`;

export function submitContactForm(request: Request) {
  return handleFormPost({
    request,
    schema: ContactFormSchema,
    purpose: "contact",
    filesField: "attachments",
    uploads: contactUploads,
    messages: contact.form.errors,
    successPath: contactSentPath,
    toSubmission: (value) => {
      const fields = {
        name: value.name,
        email: value.email,
        phone: value.phone ?? null,
        company: value.company ?? null,
        project: value.project,
        budget: value.budget,
        source: value.source ?? null,
      };
      const budgetLabel = contact.form.budgets.find((budget) => budget.value === value.budget)?.label ?? value.budget;
      const labels = contact.form.fields;
      return {
        kind: "contact",
        fields,
        notification: ({ id, files }) =>
          buildNotification({
            recipient: env.CONTACT_EMAIL,
            replyTo: value.email,
            subject: `New inquiry from ${value.name}${value.company ? ` (${value.company})` : ""}`,
            intro: `A new inquiry arrived through the contact form (reference ${id}). Reply to this e-mail to answer the visitor.`,
            rows: [
              [labels.name.label, value.name],
              [labels.email.label, value.email],
              [labels.phone.label, value.phone],
              [labels.company.label, value.company],
              [labels.budget.label, budgetLabel],
              [labels.source.label, value.source],
            ],
            longText: { label: labels.project.label, value: value.project },
            files,
            link: `${env.SITE_URL}${submissionPagePath(id)}`,
          }),
      };
    },
  });
}
