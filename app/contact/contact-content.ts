import type { ContactContent } from "./contact-content-schema.ts";

export const contact = {
  meta: {
    title: "Contact us",
    description:
      "Tell us about your project: we reply within 24 hours and offer a free 30-minute technical consultation with our engineers.",
  },
  hero: {
    headline: "Tell us about your project",
    intro: "Share a few details and the right engineers will get back to you.",
  },
  sentHero: {
    headline: "Your project is with us",
    intro: "Here is what we do with your message, step by step.",
  },
  nextSteps: {
    title: "What will happen next?",
    reply: "We'll get back to you within 24 hours.",
    steps: [
      {
        title: "Free technical consultation",
        description: "A 30-minute call with a senior engineer to understand your goals and constraints.",
      },
      {
        title: "Connect with our tech team",
        description: "We introduce the engineers best suited to your stack and propose a plan.",
      },
      {
        title: "Onboarding the team",
        description: "Your new team members join your tools and rituals and start delivering.",
      },
    ],
    meeting: {
      title: "30 Min Meeting",
      description: "A free consultation by video call with one of our senior engineers.",
      dayLabel: "Select a day",
    },
  },
  form: {
    title: "Send us a message",
    sections: { you: "About you", project: "Your project", more: "One more thing" },
    fields: {
      name: { label: "Your Name" },
      email: { label: "Your Email" },
      phone: { label: "Your Phone Number" },
      company: { label: "Company Name or Website" },
      project: { label: "Describe Your Project Briefly" },
      budget: { label: "Please Choose the Budget" },
      attachments: { label: "Upload Files", hint: "Optional: briefs, specifications or designs." },
      source: { label: "How Did You Hear About Us" },
    },
    budgetPlaceholder: "Select a budget range",
    budgets: [
      { value: "under-10k", label: "Under $10k" },
      { value: "10k-25k", label: "$10k-$25k" },
      { value: "25k-50k", label: "$25k-$50k" },
      { value: "50k-100k", label: "$50k-$100k" },
      { value: "over-100k", label: "Over $100k" },
    ],
    submit: "Send message",
    submitting: "Sending…",
    requiredNote: "Fields marked * are required.",
    privacyNote: { text: "We use what you send only to answer you.", linkLabel: "How we handle your data" },
    attachmentLimits:
      "Up to 5 files, 10 MB in total: PDF, Word, PowerPoint, Excel, text (TXT, MD or CSV), PNG, JPG or ZIP.",
    chosenFiles: "Chosen files",
    chooseFilesAgain:
      "If you had attached files, please choose them again: a browser cannot keep them when a form comes back.",
    errors: {
      name: "Please enter your name.",
      email: "Please enter a valid e-mail address, like name@example.com.",
      phone: "Please enter a phone number using digits, spaces and + ( ) - . only.",
      project: "Please describe your project in a few words.",
      budget: "Please choose a budget range.",
      tooLong: "This is too long: please shorten it to {max} characters.",
      singleLine: "Please keep this to a single line.",
      tooManyFiles: "Please attach at most 5 files.",
      filesTooLarge: "Your files add up to more than 10 MB: please attach smaller or fewer files.",
      fileType:
        "{name} is not a file type we accept: please attach PDF, Word, PowerPoint, Excel, text (TXT, MD or CSV), PNG, JPG or ZIP files, each with its usual ending.",
      emptyFile: "{name} is empty: please choose the file again.",
      summary: "Please correct the fields marked below, then send the form again.",
      rateLimited:
        "You have sent several messages in a short time. Please wait {minutes} minutes and send again, or e-mail us directly.",
      bodyTooLarge:
        "Your files were too large to upload (10 MB in total). Your other answers are kept below: please attach smaller files and send again.",
      malformed: "Your form could not be read. Please try again.",
      unavailable:
        "We could not save your message just now. Nothing was lost: your answers are below. Please send the form again in a minute.",
    },
  },
  confirmation: {
    title: "Thank you, your message is on its way",
    message: "We have received your inquiry and will get back to you within 24 hours.",
    nextStepsTitle: "What happens next",
    another: "Send another message",
  },
} satisfies ContactContent;
