import { contact } from "./contact-content.ts";
import { pages } from "#app/site/pages.ts";
import { contactFormSchema, contactUploads } from "./contact-schema.ts";
import { handleFormPost } from "#app/forms/form-submission.server.ts";
import { inquiryFields } from "./inquiry-fields.ts";

export const contactSentPath = `${pages.contact.path}?sent=1`;

export function submitContactForm(request: Request) {
  return handleFormPost({
    request,
    schema: contactFormSchema(),
    purpose: "contact",
    filesField: "attachments",
    uploads: contactUploads,
    messages: contact.form.errors,
    successPath: contactSentPath,
    description: inquiryFields,
    toSubmission: (value) => ({
      kind: "contact",
      fields: {
        name: value.name,
        email: value.email,
        phone: value.phone ?? null,
        company: value.company ?? null,
        project: value.project,
        budget: value.budget,
        source: value.source ?? null,
      },
    }),
  });
}
