import { describe, expect, test } from "vitest";
import { employmentTypeLabel, jobPostingJsonLd, locationLabel, type PublicPosting } from "#app/careers/jobs.ts";
import { closesAt, postingState, slugify } from "#app/careers/posting-fields.ts";
import { formatSalaryRange } from "#app/careers/salary-range.ts";
import {
  initialDescription,
  initialPlaces,
  initialPostings,
  initialSections,
} from "#app/platform/migrations/initial-postings.ts";

// The postings live in the database (tests/server/postings.test.ts); what is said of one here is
// pure: its JobPosting data, when it is open, how its facts read.

const siteUrl = "https://www.example.org";
const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;
const validDate = (value: string) => !Number.isNaN(new Date(value).getTime());

/** One of the brief's postings as the first start stores it (migration 0016), its description as rendered HTML. */
const asSeeded = (posting: (typeof initialPostings)[number]): PublicPosting => {
  const onsite = posting.location === "onsite";
  return {
    id: posting.slug,
    slug: posting.slug,
    title: posting.title,
    department: posting.department,
    summary: posting.summary,
    description: initialDescription(posting),
    descriptionHtml: `<h2>${initialSections.responsibilities}</h2><ul>${posting.responsibilities.map((item) => `<li>${item}</li>`).join("")}</ul>`,
    employmentType: "FULL_TIME",
    locationType: posting.location,
    locality: onsite ? initialPlaces.onsite.locality : null,
    region: onsite ? initialPlaces.onsite.region : null,
    country: onsite ? initialPlaces.onsite.country : null,
    applicantCountry: onsite ? null : initialPlaces.remoteCountry,
    salaryMin: posting.salary.min,
    salaryMax: posting.salary.max,
    salaryCurrency: "USD",
    salaryPeriod: "YEAR",
    datePosted: "2026-11-21",
    validThrough: "2027-01-20",
    directApply: true,
  };
};

describe("JobPosting structured data", () => {
  test.each(initialPostings.map((posting) => [posting.title, asSeeded(posting)] as const))(
    "%s has Google's required and recommended properties",
    (_title, job) => {
      const data = jobPostingJsonLd(job, { siteUrl });
      expect(data).toMatchObject({
        "@context": "https://schema.org/",
        "@type": "JobPosting",
        title: job.title,
        employmentType: "FULL_TIME",
        directApply: true,
        identifier: { "@type": "PropertyValue", value: job.slug },
        hiringOrganization: {
          "@type": "Organization",
          name: expect.any(String),
          sameAs: siteUrl,
          logo: `${siteUrl}/logo.png`,
        },
        baseSalary: {
          "@type": "MonetaryAmount",
          currency: "USD",
          value: { "@type": "QuantitativeValue", minValue: job.salaryMin, maxValue: job.salaryMax, unitText: "YEAR" },
        },
        url: `${siteUrl}/careers/${job.slug}`,
      });
      expect(data.description).toBe(`<p>${job.summary}</p>${job.descriptionHtml}`);
      expect(data.datePosted).toMatch(isoDate);
      expect(validDate(data.datePosted ?? "")).toBe(true);
      expect(data.validThrough).toMatch(isoDateTime);
      expect(new Date(data.validThrough ?? "").getTime()).toBeGreaterThan(new Date(data.datePosted ?? "").getTime());
      if (job.locationType === "remote") {
        expect(data).toMatchObject({
          jobLocationType: "TELECOMMUTE",
          applicantLocationRequirements: { "@type": "Country", name: "United States" },
        });
        expect(data).not.toHaveProperty("jobLocation");
      } else {
        expect(data).toMatchObject({
          jobLocation: {
            "@type": "Place",
            address: { addressLocality: "San Francisco", addressRegion: "CA", addressCountry: "US" },
          },
        });
      }
    },
  );

  test("a summary that looks like markup stays text in the description", () => {
    const job = { ...asSeeded(initialPostings[0]!), summary: "Fast & <b>bold</b>" };
    expect(jobPostingJsonLd(job, { siteUrl }).description).toContain("<p>Fast &amp; &lt;b&gt;bold&lt;/b&gt;</p>");
  });
});

describe("when a posting is open", () => {
  const published = { status: "published" as const, opensAt: "2026-11-01T09:00:00.000Z", validThrough: "2026-11-30" };

  test("open through the whole of its validThrough day (UTC)", () => {
    expect(closesAt(published)?.toISOString()).toBe("2026-11-30T23:59:59.999Z");
    expect(postingState(published, new Date("2026-11-30T23:59:59.000Z"))).toBe("open");
    expect(postingState(published, new Date("2026-12-01T00:00:00.000Z"))).toBe("closed");
  });

  test("scheduled until it opens; drafts and closed ones are never open", () => {
    expect(postingState(published, new Date("2026-11-01T08:59:59.000Z"))).toBe("scheduled");
    expect(postingState(published, new Date("2026-11-01T09:00:00.000Z"))).toBe("open");
    expect(postingState({ ...published, status: "draft" }, new Date("2026-11-10"))).toBe("draft");
    expect(postingState({ ...published, status: "closed" }, new Date("2026-11-10"))).toBe("closed");
  });
});

test("a posting's facts as the pages show them", () => {
  const [mobile, manager] = initialPostings.map(asSeeded) as [PublicPosting, PublicPosting];
  expect([locationLabel(mobile), locationLabel(manager)]).toEqual(["Remote", "San Francisco CA"]);
  expect(employmentTypeLabel({ employmentType: "CONTRACTOR" })).toBe("Contract");
  expect(slugify("UX/UI Designer")).toBe("ux-ui-designer");
  expect(slugify("Ingénieur·e Données")).toBe("ingenieur-e-donnees");
  expect(slugify("!!!")).toBe("posting");
  expect(formatSalaryRange({ salaryMin: 45, salaryMax: 60, salaryCurrency: "EUR", salaryPeriod: "HOUR" })).toBe(
    "€45-€60 an hour",
  );
});
