// What a job posting is made of, as the workspace edits it, `npm run content` moves it and the
// careers pages show it (app/careers/postings.server.ts stores it). Offered to the workspace.

/** JobPosting's employmentType values (schema.org, as Google reads them). */
export const employmentTypes = ["FULL_TIME", "PART_TIME", "CONTRACTOR", "TEMPORARY", "INTERN"] as const;
export type EmploymentType = (typeof employmentTypes)[number];

/** QuantitativeValue unitText of a salary. */
export const salaryPeriods = ["YEAR", "MONTH", "WEEK", "DAY", "HOUR"] as const;
export type SalaryPeriod = (typeof salaryPeriods)[number];

/** On site (an address) or remote (where applicants may live). */
export const locationTypes = ["onsite", "remote"] as const;
export type LocationType = (typeof locationTypes)[number];

/** The longest each field may be: the form's schema checks it, its inputs carry it. */
export const postingLimits = {
  title: 120,
  slug: 80,
  department: 80,
  summary: 300,
  description: 20_000,
  place: 80,
  salary: 10_000_000,
} as const;

/** How long a posting stays open when its form leaves "valid through" empty, from the day it is published. */
export const defaultOpenDays = 60;

/** An address segment: lower-case words joined by hyphens. "apply" is the general application's. */
export const slugPattern = /^[a-z0-9]+(-[a-z0-9]+)*$/;
export const reservedSlugs = ["apply"];

/** A posting's address from its title: "UX/UI Designer" → "ux-ui-designer". */
export const slugify = (title: string) =>
  title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, postingLimits.slug)
    .replace(/-+$/, "") || "posting";

/** The fields an editor writes. Dates are ISO days (YYYY-MM-DD); empty ones are filled at publishing. */
export type PostingFields = {
  title: string;
  slug: string;
  department: string;
  summary: string;
  /** Markdown: headings, lists, links, emphasis (app/careers/markdown.server.ts). */
  description: string;
  employmentType: EmploymentType;
  locationType: LocationType;
  locality: string | null;
  region: string | null;
  /** ISO 3166 code of the on-site address ("US"). */
  country: string | null;
  /** Where a remote role may be held ("United States"). */
  applicantCountry: string | null;
  salaryMin: number;
  salaryMax: number;
  /** ISO 4217 ("USD"). */
  salaryCurrency: string;
  salaryPeriod: SalaryPeriod;
  datePosted: string | null;
  validThrough: string | null;
  directApply: boolean;
};

export type PostingStatus = "draft" | "published" | "closed";
/** Where a posting is for visitors: a draft, scheduled to open, open, or closed. */
export type PostingState = "draft" | "scheduled" | "open" | "closed";
export const postingStates = ["open", "scheduled", "draft", "closed"] as const satisfies readonly PostingState[];

export type Posting = PostingFields & {
  id: string;
  status: PostingStatus;
  /** When a published posting opens (ISO time); scheduled until then. */
  opensAt: string | null;
  position: number;
  version: number;
  createdAt: string;
  updatedAt: string;
};

/** A posting is open until the end of its validThrough day (UTC). */
export const closesAt = (posting: Pick<PostingFields, "validThrough">) =>
  posting.validThrough ? new Date(`${posting.validThrough}T23:59:59.999Z`) : null;

export function postingState(posting: Pick<Posting, "status" | "opensAt" | "validThrough">, now: Date): PostingState {
  if (posting.status === "draft") return "draft";
  if (posting.status === "closed") return "closed";
  if (posting.opensAt && Date.parse(posting.opensAt) > now.getTime()) return "scheduled";
  const closes = closesAt(posting);
  return closes && now.getTime() > closes.getTime() ? "closed" : "open";
}
