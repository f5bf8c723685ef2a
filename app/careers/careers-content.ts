import type { CareersContent } from "./careers-content-schema.ts";

export const careers = {
  meta: {
    title: "Careers",
    description:
      "Join Lumen Software: remote-first engineering, product, design and education roles with competitive pay, a learning budget and real ownership.",
  },
  intro: {
    headline: "Build what's next with us",
    paragraph:
      "We are a team of engineers, designers and educators who build software for our clients and help developers everywhere land the job they want. We hire people who care about their craft and want to keep learning, wherever they live.",
  },
  reasons: {
    title: "Why work with us",
    items: [
      "Varied, meaningful work: cloud, security, data and AI projects for clients in six industries, and our own app used by thousands of developers.",
      "Senior colleagues who review your work carefully and share what they know.",
      "Remote-first since 2018, with a studio in San Francisco for those who want one.",
      "A say in what we build and how we build it, from your first week.",
    ],
  },
  benefits: {
    title: "Benefits",
    items: [
      {
        title: "Competitive Pay & Equity",
        description: "Salaries at the top of the market and stock options for every employee.",
      },
      {
        title: "Remote-First Flexibility",
        description: "Work from anywhere in your time zone, with core hours for collaboration.",
      },
      {
        title: "Health & Wellbeing",
        description: "Full health, dental and vision cover, plus a monthly wellbeing allowance.",
      },
      {
        title: "Learning Budget",
        description: "$2,000 a year for courses, books and conferences, and time to use it.",
      },
    ],
  },
  culture: {
    title: "Our culture and values",
    values: [
      { title: "Ownership", description: "We take responsibility for outcomes, not just tasks." },
      { title: "Craft", description: "We write code and prose that our future selves will thank us for." },
      { title: "Candour", description: "We say what we think, kindly, and we listen just as carefully." },
      { title: "Curiosity", description: "We ask why, try new things and share what we learn." },
    ],
  },
  openings: {
    title: "Open positions",
    description: "All positions are full-time. Salary ranges are in US dollars per year.",
    applyLabel: "Apply Now",
    salaryLabel: "Salary",
    /** The positions are far down the page: a link near the top goes there. */
    jump: "See the open positions ({count})",
    /** When every posting has closed. */
    none: "No position is open right now. New roles are posted here first, and a general application reaches us at any time.",
  },
  generalApplication: {
    title: "Don't see the right role?",
    description: "Tell us what you do best and we will keep you in mind for future openings.",
    label: "Send General Application",
  },
  posting: {
    backToList: "All open positions",
    detailsTitle: "At a glance",
    labels: {
      department: "Department",
      location: "Location",
      type: "Type",
      salary: "Salary",
      posted: "Posted",
      closes: "Applications close",
    },
    applyTitle: "Interested?",
    applyDescription:
      "Send us your resume and a few words about yourself. We reply to every application within two weeks.",
  },
  closed: {
    title: "This position is closed",
    description: "Thank you for your interest. This posting is no longer open, but these positions are:",
    descriptionNoneOpen:
      "Thank you for your interest. This posting is no longer open, and no other position is open right now. A general application reaches us at any time.",
    openingsTitle: "Open positions",
  },
  shareImage: { label: "Careers", alt: "{company} careers: {title}, {location}, {type}" },
  remote: "Remote",
  employmentTypes: {
    FULL_TIME: "Full-time",
    PART_TIME: "Part-time",
    CONTRACTOR: "Contract",
    TEMPORARY: "Temporary",
    INTERN: "Internship",
  },
  /** After a salary range: nothing for a yearly one, which the brief's ranges are. */
  salaryPeriods: { YEAR: "", MONTH: " a month", WEEK: " a week", DAY: " a day", HOUR: " an hour" },
  application: {
    metaDescription:
      "Apply to join Lumen Software: send your resume, your links and a short note. We reply to every application within two weeks.",
    titleForJob: "Apply: {title}",
    titleGeneral: "Send a general application",
    introForJob: "{department} · {location} · {type} · {salary}",
    introGeneral: "Tell us what you do best; we will keep your application in mind for the right opening.",
    sentTitleForJob: "Application sent: {title}",
    sentTitleGeneral: "General application sent",
    sections: { you: "About you", links: "Your work online", documents: "Resume and note", consent: "Your data" },
    fields: {
      firstName: "First name",
      lastName: "Last name",
      email: "Email",
      phone: "Phone number",
      location: "Where you are based",
      linkedin: "LinkedIn profile",
      github: "GitHub profile",
      portfolio: "Portfolio or website",
      resume: "Resume",
      coverNote: "Cover note",
      consent: "I agree that Lumen Software stores and processes my application to consider me for this position.",
      // {months}: RETENTION_FUTURE_OPENINGS_MONTHS, the period the purge keeps (app/privacy/).
      futureConsent: "Keep my application for up to {months} months and contact me about future openings.",
    },
    resumeHint: "Required. One file of at most 10 MB: PDF, Word (DOC, DOCX), RTF or text (TXT or MD).",
    chosenFiles: "Chosen file",
    chooseFilesAgain: "Please choose your resume again: a browser cannot keep a file when a form comes back.",
    urlHints: {
      linkedin: "For example linkedin.com/in/your-name",
      github: "For example github.com/your-name",
      portfolio: "For example your-site.com",
    },
    submit: "Send application",
    submitting: "Sending…",
    requiredNote: "Fields marked * are required.",
    privacyNote: {
      text: "We use your application only to consider you for our positions.",
      linkLabel: "How we handle your data",
    },
    errors: {
      firstName: "Please enter your first name.",
      lastName: "Please enter your last name.",
      email: "Please enter a valid e-mail address, like name@example.com.",
      phone: "Please enter a phone number using digits, spaces and + ( ) - . only.",
      url: "Please enter a web address, like linkedin.com/in/your-name, or leave this empty.",
      resume: "Please attach your resume.",
      consent: "We can only consider your application with your agreement to store it.",
      tooLong: "This is too long: please shorten it to {max} characters.",
      singleLine: "Please keep this to a single line.",
      tooManyFiles: "Please attach one resume file.",
      filesTooLarge: "Your resume is larger than 10 MB: please attach a smaller file.",
      fileType:
        "{name} is not a file type we accept: please attach a PDF, Word (DOC, DOCX), RTF or text (TXT or MD) file, with its usual ending.",
      emptyFile: "{name} is empty: please choose the file again.",
      summary: "Please correct the fields marked below, then send your application again.",
      rateLimited: "You have sent several forms in a short time. Please wait {minutes} minutes and send again.",
      bodyTooLarge:
        "Your resume was too large to upload (10 MB at most). Your other answers are kept below: please attach a smaller file and send again.",
      malformed: "Your application could not be read. Please try again.",
      unavailable:
        "We could not save your application just now. Nothing was lost: your answers are below. Please send it again in a minute.",
    },
    confirmation: {
      title: "Thank you, your application is on its way",
      message: "We have received your application and reply to every applicant within two weeks.",
      // The posting closed (or was unpublished) between opening the form and sending it.
      closedMeanwhile:
        "This position closed while you were writing, but your application reached our team all the same. We reply to every applicant within two weeks.",
      backToList: "Back to open positions",
    },
  },
} satisfies CareersContent;
