import { describe, expect, test } from "vitest";
import { careers } from "#app/careers/careers-content.ts";
import {
  closesAt,
  dependsOnPostings,
  isOpen,
  jobPostingJsonLd,
  openJobs,
  postingsChangeAfter,
  requireOpenJob,
} from "#app/careers/jobs.ts";

const siteUrl = "https://www.example.org";
const isoDate = /^\d{4}-\d{2}-\d{2}$/;
const isoDateTime = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/;
const validDate = (value: string) => !Number.isNaN(new Date(value).getTime());

describe("JobPosting structured data", () => {
  test.each(careers.jobs.map((job) => [job.title, job] as const))(
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
          value: { "@type": "QuantitativeValue", minValue: job.salary.min, maxValue: job.salary.max, unitText: "YEAR" },
        },
      });
      expect(data.description).toContain(job.description);
      for (const item of [...job.responsibilities, ...job.requirements]) expect(data.description).toContain(item);
      expect(data.datePosted).toMatch(isoDate);
      expect(validDate(data.datePosted)).toBe(true);
      expect(data.validThrough).toMatch(isoDateTime);
      expect(validDate(data.validThrough)).toBe(true);
      expect(new Date(data.validThrough).getTime()).toBeGreaterThan(new Date(data.datePosted).getTime());
      if (job.location === "Remote") {
        expect(data).toMatchObject({
          jobLocationType: "TELECOMMUTE",
          applicantLocationRequirements: { "@type": "Country" },
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
});

describe("open and closed postings", () => {
  const closed = careers.jobs.find((job) => job.slug === "frontend-engineer");

  test("a posting is open through the whole of its validThrough day (UTC)", () => {
    if (!closed) throw new Error("the closed example posting is missing");
    expect(closesAt(closed).toISOString()).toBe("2026-10-31T23:59:59.999Z");
    expect(isOpen(closed, new Date("2026-10-31T23:59:59.000Z"))).toBe(true);
    expect(isOpen(closed, new Date("2026-11-01T00:00:00.000Z"))).toBe(false);
  });

  test("the brief's six postings are open and the expired one is not", () => {
    expect(openJobs(new Date("2026-11-21T12:00:00Z")).map((job) => job.title)).toEqual([
      "Senior Mobile Engineer",
      "Product Manager",
      "Content Creator",
      "Data Scientist",
      "UX/UI Designer",
      "Marketing Manager",
    ]);
  });

  test("a closed posting answers 404 with what is still open", () => {
    const now = new Date("2026-11-21T12:00:00Z");
    expect(requireOpenJob("product-manager", now).title).toBe("Product Manager");
    // An address typed in another case finds the posting too.
    expect(requireOpenJob("Product-Manager", now).slug).toBe("product-manager");
    try {
      requireOpenJob("frontend-engineer", now);
      throw new Error("expected a 404");
    } catch (error) {
      const response = error as { init: { status: number }; data: { closed: string; openings: string[] } };
      expect(response.init.status).toBe(404);
      expect(response.data.closed).toBe("Frontend Engineer");
      expect(response.data.openings).toHaveLength(6);
    }
  });

  test("prerendered careers pages are current until the first open posting closes", () => {
    expect(postingsChangeAfter(new Date("2026-10-01T00:00:00Z"))?.toISOString()).toBe("2026-10-31T23:59:59.999Z");
    expect(postingsChangeAfter(new Date("2026-11-21T00:00:00Z"))?.toISOString()).toBe("2027-05-31T23:59:59.999Z");
    for (const path of [
      "/careers",
      "/careers.data",
      "/careers/product-manager",
      "/careers/product-manager.data",
      "/sitemap.xml",
    ]) {
      expect(dependsOnPostings(path), path).toBe(true);
    }
    for (const path of ["/", "/about", "/careersx", "/contact"]) expect(dependsOnPostings(path), path).toBe(false);
  });
});
