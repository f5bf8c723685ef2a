import type { SubmissionFields } from "#app/forms/submission-fields.ts";

/**
 * A booked meeting as the team reads it (offered to the workspace and the command line). The
 * times are stored as the visitor booked them, in the company's words and in theirs, beside the
 * exact instant, so the team never converts a zone by hand.
 */
export const meetingFields: SubmissionFields = {
  label: "Meeting",
  // When it is, in the company's time: nothing about who booked it.
  chatSummary: (fields) => fields.when ?? null,
  sender: (fields) => ({ name: fields.name ?? "", email: fields.email ?? "", company: fields.company ?? null }),
  rows: [
    { key: "when", label: "Meeting (our time)" },
    { key: "visitorWhen", label: "Meeting (their time)" },
    { key: "start", label: "Starts (UTC)", time: true },
    { key: "name", label: "Name" },
    { key: "email", label: "E-mail" },
    { key: "company", label: "Company" },
  ],
  longText: { key: "topic", label: "What to discuss" },
  // Not the times: moving the meeting changes those, never what the visitor typed.
  typed: ["name", "email", "company", "topic"],
  notification: {
    to: "contact",
    subject: (sender) => `New meeting booked by ${sender.name}${sender.company ? ` (${sender.company})` : ""}`,
    intro:
      "A visitor booked a 30-minute meeting through the booking page (reference {id}). Reply to this e-mail to write to them.",
  },
};
