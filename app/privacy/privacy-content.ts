import type { PrivacyContent } from "./privacy-content-schema.ts";

// The privacy notice (GDPR art. 13): who answers for the data, what each form collects and why,
// who else receives it, how long it is kept (the configured periods, which the purge keeps), the
// rights and how to use them. An operator reviews it with their counsel before going live.
export const privacy = {
  meta: {
    title: "Privacy notice",
    description:
      "What we collect through this site, why, who receives it, how long we keep it, and how to see, correct or erase it.",
  },
  title: "Privacy notice",
  intro:
    "This notice explains what {controller} does with the personal data you send through this website: the contact form, meeting bookings, job applications, your cookie choice, and how we count the pages people view. We collect only what we need to answer you, and we delete it when we no longer need it.",
  controller: {
    title: "Who is responsible",
    text: "{controller} is responsible for your data (the controller).",
    address: "Postal address",
    email: "E-mail for privacy questions",
    dpo: "Data-protection officer",
  },
  collections: {
    title: "What we collect, why, and how long we keep it",
    columns: { what: "What", why: "Why", basis: "Legal basis", kept: "Kept for" },
    items: [
      {
        name: "Contact form",
        what: "Your name, e-mail address, phone number and company if you give them, your project description, budget, how you heard of us, and any files you attach.",
        why: "To answer your inquiry and prepare an offer.",
        basis: "Steps you asked for before a contract (GDPR art. 6(1)(b)).",
        kept: "{inquiryMonths} months after it arrives, then deleted with its files.",
      },
      {
        name: "Job applications",
        what: "Your name, e-mail address, phone number, location and profile links if you give them, your résumé and cover note, and your choices about your application.",
        why: "To consider you for the position you applied for, or for our open positions.",
        basis:
          "Steps before an employment contract (art. 6(1)(b)); keeping it for future openings only with your consent (art. 6(1)(a)), which you can withdraw at any time.",
        kept: "{applicationMonths} months after it arrives, or {futureMonths} months if you asked us to keep it for future openings, then deleted with its files.",
      },
      {
        name: "Meeting bookings",
        what: "Your name, e-mail address, company if you give it, what you would like to discuss, and the time you booked.",
        why: "To hold the meeting and prepare for it.",
        basis: "Steps you asked for before a contract (art. 6(1)(b)).",
        kept: "{meetingMonths} months after the meeting, then deleted.",
      },
      {
        name: "Messages our spam checks stop",
        what: "Whatever was sent, as it was sent.",
        why: "To find a genuine message our checks stopped by mistake.",
        basis: "Our legitimate interest in a working contact form (art. 6(1)(f)).",
        kept: "{spamDays} days, then deleted.",
      },
      {
        name: "Our e-mails about what you sent",
        what: "The copy of the notification our team receives about your message or application.",
        why: "To resend it if delivery failed.",
        basis: "As for what you sent.",
        kept: "{mailDays} days after it was sent.",
      },
      {
        name: "Your network address",
        what: "The address your device connects from, with the time of each form you send.",
        why: "To stop floods of automated messages.",
        basis: "Our legitimate interest in a site that keeps working (art. 6(1)(f)).",
        kept: "Only as long as the limit it counts for: minutes.",
      },
      {
        name: "Counting page views, without cookies",
        what: "When your browser opens a page, our server counts it: the page, the site you came from (its name only), the campaign named in the link (utm_source, utm_medium, utm_campaign), whether you use a phone, a tablet or a computer, and whether you came from another of our pages (a visit counts once, however many of our pages it opens). Your network address is not used for it, and your browser type only to tell a phone from a computer; neither is stored. Nothing is stored on or read from your device: no cookie, no script. Crawlers and automated checks are not counted.",
        why: "To know which pages help visitors, where they come from, and how many of those who open a form send it. No consent is needed: nothing is stored on or read from your device, and what we keep are counts that cannot tell who you are, or link one visit to another.",
        basis: "Our legitimate interest in knowing how our site is used (art. 6(1)(f)).",
        kept: "Only counts (so many views of a page, so many from a site), which say nothing about anyone: three days as they are written, then as totals per day.",
      },
      {
        name: "Your cookie choice",
        what: "Which kinds of cookies you accepted, when, and a random number; never your name or address.",
        why: "To respect your choice and to show that you made it.",
        basis: "Our legal obligation to demonstrate consent (art. 7(1) and 6(1)(c)).",
        kept: "As proof of the choice while it applies.",
      },
    ],
    backups:
      "Our backups of the site's data, which hold copies of the above, are made once a day and each is deleted after {backupDays} days. When we restore one, what you asked us to erase is erased again before the site is back.",
  },
  recipients: {
    title: "Who else receives it",
    mail: "Our e-mail provider, which carries the notifications about your message to our team.",
    embeds:
      "The provider of the newsletter and sign-in forms shown in frames on some pages ({hosts}): it receives what you type into those forms, and loads only after you accept third-party forms.",
    embedsNone: "No third-party forms are embedded on this site at the moment.",
    hosting: "The company that hosts this website and its database, bound by a data-processing agreement.",
    notSold: "Nothing you send is sold or used for advertising.",
  },
  rights: {
    title: "Your rights",
    items: [
      "to know what data we hold about you and receive a copy (art. 15), in a common format you can take elsewhere (art. 20);",
      "to have wrong data corrected (art. 16) and your data erased (art. 17);",
      "to restrict how we use it (art. 18) and to object to uses based on our legitimate interest (art. 21);",
      "to withdraw a consent at any time, without affecting what was done before (art. 7(3)).",
    ],
    howTo:
      "Write to {email} from the address you used with us. We answer within one month, and tell you if we need longer (at most two further months, art. 12(3)).",
  },
  complaint: {
    title: "The right to complain",
    text: "You may complain to a data-protection supervisory authority, in particular where you live, where you work, or where you think your rights were infringed.",
    configured: "The authority responsible for us is {authority}.",
  },
  cookies: {
    title: "Cookies",
    text: "We set only the cookies the site needs: one that keeps your cookie choice and, for a day after you book a meeting, one that lets this browser add it to your calendar. Third-party forms load only if you accept them.",
    // With no third-party form configured, nothing to accept.
    textNoEmbeds:
      "We set only the cookies the site needs: one that keeps your cookie choice and, for a day after you book a meeting, one that lets this browser add it to your calendar.",
    link: "Change your cookie settings",
  },
} satisfies PrivacyContent;
