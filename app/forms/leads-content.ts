import type { LeadsContent } from "./leads-content-schema.ts";

// The receipt a visitor gets after an inquiry or application, and the line the team's chat gets
// for each event. Fixed text only: nothing the visitor typed (not even their name) is ever put
// in a receipt, so the form cannot be used to send a stranger someone else's words.
export const leads = {
  receipt: {
    companyName: "Lumen Software",
    greeting: "Hello,",
    contact: {
      subject: "We received your inquiry",
      received: "Thank you for writing to Lumen Software. Your inquiry arrived on {time} (reference {reference}).",
      promise: "We answer every inquiry within 24 hours.",
      nextStepsTitle: "What happens next",
      nextSteps: [
        "An engineer reads your inquiry and replies to you by e-mail.",
        "We offer a free 30-minute technical consultation with a senior engineer, to understand your goals and constraints.",
        "We introduce the engineers best suited to your stack and propose a plan.",
      ],
    },
    application: {
      subject: "We received your application",
      received: "Thank you for applying to Lumen Software. Your application arrived on {time} (reference {reference}).",
      promise: "We reply to every applicant within two weeks.",
    },
    reply: "To add something, reply to this e-mail: it reaches the team.",
    notYou: "If you did not send this, someone else used your address: you can ignore this e-mail.",
    signature: "The Lumen Software team",
  },
  chat: {
    kinds: { contact: "inquiry", application: "application", meeting: "meeting" },
    created: "New {kind}",
    cancelled: "Meeting cancelled",
    overdue: "Inquiry still unanswered after {hours} hours",
    open: "open in the workspace",
  },
} satisfies LeadsContent;
