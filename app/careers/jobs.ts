import { generatePath } from "react-router";
import { careers } from "./careers-content.ts";
import { pages } from "#app/site/pages.ts";
import { site } from "#app/site/site-content.ts";
import { escapeHtml } from "#app/platform/html.ts";
import { closesAt, type Posting } from "./posting-fields.ts";

// Job postings' addresses, how a posting is named on the pages, and its JobPosting structured
// data. The postings themselves live in the database (postings.server.ts).

/** The careers' addresses: app/routes.ts mounts them, the links below are built from them. */
export const careersRoutes = {
  list: pages.careers.path,
  posting: `${pages.careers.path}/:slug`,
  // Also /careers/apply, a general application: static segments outrank :slug.
  apply: `${pages.careers.path}/:slug?/apply`,
} as const;

export const careersPath = careersRoutes.list;
export const jobPath = (job: { slug: string }) => generatePath(careersRoutes.posting, { slug: job.slug });
export const applyPath = (job?: { slug: string } | null) => generatePath(careersRoutes.apply, { slug: job?.slug });

export { closesAt };

/** What a posting's page and card show, with its description already rendered to safe HTML. */
export type PublicPosting = Omit<Posting, "status" | "opensAt" | "position" | "version" | "createdAt" | "updatedAt"> & {
  descriptionHtml: string;
};

/** "Remote", or where the role is: "San Francisco CA". */
export const locationLabel = (job: Pick<Posting, "locationType" | "locality" | "region">) =>
  job.locationType === "remote" ? careers.remote : [job.locality, job.region].filter(Boolean).join(" ");

export const employmentTypeLabel = (job: Pick<Posting, "employmentType">) =>
  careers.employmentTypes[job.employmentType];

/** schema.org JobPosting, as Google's job search reads it. */
export function jobPostingJsonLd(job: PublicPosting, { siteUrl }: { siteUrl: string }) {
  return {
    "@context": "https://schema.org/",
    "@type": "JobPosting",
    title: job.title,
    description: `<p>${escapeHtml(job.summary)}</p>${job.descriptionHtml}`,
    identifier: { "@type": "PropertyValue", name: site.companyName, value: job.slug },
    datePosted: job.datePosted,
    validThrough: closesAt(job)?.toISOString(),
    employmentType: job.employmentType,
    hiringOrganization: {
      "@type": "Organization",
      name: site.companyName,
      sameAs: siteUrl,
      logo: `${siteUrl}/logo.png`,
    },
    ...(job.locationType === "remote"
      ? {
          jobLocationType: "TELECOMMUTE",
          applicantLocationRequirements: { "@type": "Country", name: job.applicantCountry },
        }
      : {
          jobLocation: {
            "@type": "Place",
            address: {
              "@type": "PostalAddress",
              addressLocality: job.locality,
              ...(job.region ? { addressRegion: job.region } : {}),
              addressCountry: job.country,
            },
          },
        }),
    baseSalary: {
      "@type": "MonetaryAmount",
      currency: job.salaryCurrency,
      value: {
        "@type": "QuantitativeValue",
        minValue: job.salaryMin,
        maxValue: job.salaryMax,
        unitText: job.salaryPeriod,
      },
    },
    directApply: job.directApply,
    url: `${siteUrl}${jobPath(job)}`,
  };
}
