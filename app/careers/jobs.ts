import { data, generatePath } from "react-router";
import { careers } from "./careers-content.ts";
import { generatedFiles, pages } from "#app/site/pages.ts";
import type { JobPosting } from "./careers-content-schema.ts";
import { site } from "#app/site/site-content.ts";
import { now } from "#app/platform/clock.ts";

// Job postings: which are open, where they live, and their JobPosting structured data, all from
// the one record in app/careers/careers-content.ts.

/** The careers' addresses: app/routes.ts mounts them, the links below are built from them. */
export const careersRoutes = {
  list: pages.careers.path,
  posting: `${pages.careers.path}/:slug`,
  // Also /careers/apply, a general application: static segments outrank :slug.
  apply: `${pages.careers.path}/:slug?/apply`,
} as const;

export const careersPath = careersRoutes.list;
export const jobPath = (job: Pick<JobPosting, "slug">) => generatePath(careersRoutes.posting, { slug: job.slug });
export const applyPath = (job?: Pick<JobPosting, "slug">) => generatePath(careersRoutes.apply, { slug: job?.slug });

/** A posting is open until the end of its validThrough day (UTC). */
export const closesAt = (job: JobPosting) => new Date(`${job.validThrough}T23:59:59.999Z`);
export const isOpen = (job: JobPosting, now: Date) => now.getTime() <= closesAt(job).getTime();

export const openJobs = (now: Date) => careers.jobs.filter((job) => isOpen(job, now));
/** A posting by its slug, in any case (slugs are lower case; React Router matches paths in any case). */
export const findJob = (slug: string | undefined) => {
  const wanted = slug?.toLowerCase();
  return careers.jobs.find((job) => job.slug === wanted);
};

/** Throws the 404 of a posting that does not exist or has closed; shared with the apply page. */
export function requireOpenJob(slug: string | undefined, at = now()) {
  const job = findJob(slug);
  if (!job) throw data(null, { status: 404 });
  if (!isOpen(job, at)) {
    throw data({ closed: job.title, openings: openJobs(at).map((open) => open.slug) }, { status: 404 });
  }
  return job;
}

/** Pages and data whose content depends on which postings are open (sitemap included). */
export function dependsOnPostings(pathname: string) {
  return (
    pathname === careersPath ||
    pathname.startsWith(`${careersPath}/`) ||
    pathname.startsWith(`${careersPath}.`) ||
    pathname.startsWith(generatedFiles.sitemap)
  );
}

/** When the postings open at `since` next change: the moment the first of them closes. */
export function postingsChangeAfter(since: Date) {
  const closing = openJobs(since).map((job) => closesAt(job).getTime());
  return closing.length ? new Date(Math.min(...closing)) : null;
}

/** schema.org JobPosting, as Google's job search reads it. */
export function jobPostingJsonLd(job: JobPosting, { siteUrl }: { siteUrl: string }) {
  const description = [
    `<p>${job.description}</p>`,
    `<h3>${careers.posting.responsibilitiesTitle}</h3><ul>${job.responsibilities.map((item) => `<li>${item}</li>`).join("")}</ul>`,
    `<h3>${careers.posting.requirementsTitle}</h3><ul>${job.requirements.map((item) => `<li>${item}</li>`).join("")}</ul>`,
  ].join("");
  const remote = job.location === "Remote";
  return {
    "@context": "https://schema.org/",
    "@type": "JobPosting",
    title: job.title,
    description,
    identifier: { "@type": "PropertyValue", name: site.companyName, value: job.slug },
    datePosted: job.datePosted,
    validThrough: closesAt(job).toISOString(),
    employmentType: "FULL_TIME",
    hiringOrganization: {
      "@type": "Organization",
      name: site.companyName,
      sameAs: siteUrl,
      logo: `${siteUrl}/logo.png`,
    },
    ...(remote
      ? {
          jobLocationType: "TELECOMMUTE",
          applicantLocationRequirements: { "@type": "Country", name: careers.remoteCountry },
        }
      : {
          jobLocation: {
            "@type": "Place",
            address: {
              "@type": "PostalAddress",
              addressLocality: "San Francisco",
              addressRegion: "CA",
              addressCountry: "US",
            },
          },
        }),
    baseSalary: {
      "@type": "MonetaryAmount",
      currency: "USD",
      value: { "@type": "QuantitativeValue", minValue: job.salary.min, maxValue: job.salary.max, unitText: "YEAR" },
    },
    directApply: true,
    url: `${siteUrl}${jobPath(job)}`,
  };
}
