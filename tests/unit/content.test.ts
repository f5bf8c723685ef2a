import { describe, expect, test } from "vitest";
import type { z } from "zod";
import { about } from "#app/pages/about-content.ts";
import { careers } from "#app/careers/careers-content.ts";
import { booking } from "#app/booking/booking-content.ts";
import { contact } from "#app/contact/contact-content.ts";
import { consent } from "#app/consent/consent-content.ts";
import { download } from "#app/pages/download-content.ts";
import { errorPages } from "#app/site/error-pages-content.ts";
import { features } from "#app/pages/features-content.ts";
import { home } from "#app/pages/home-content.ts";
import { login } from "#app/pages/login-content.ts";
import { pageList } from "#app/site/pages.ts";
import { BookingSchema } from "#app/booking/booking-content-schema.ts";
import { CareersSchema } from "#app/careers/careers-content-schema.ts";
import { ConsentSchema } from "#app/consent/consent-content-schema.ts";
import { ContactSchema } from "#app/contact/contact-content-schema.ts";
import {
  AboutSchema,
  DownloadSchema,
  FeaturesSchema,
  HomeSchema,
  LoginSchema,
  ProofSchema,
} from "#app/pages/pages-content-schema.ts";
import { proof } from "#app/pages/proof-content.ts";
import { ErrorPagesSchema, SiteSchema } from "#app/site/content-schema.ts";
import { workspace } from "#app/workspace/shell/workspace-content.ts";
import { WorkspaceSchema } from "#app/workspace/shell/workspace-content-schema.ts";
import { activity } from "#app/workspace/shell/activity-content.ts";
import { ActivitySchema } from "#app/workspace/shell/activity-content-schema.ts";
import { postingsEditor } from "#app/workspace/content/postings-content.ts";
import { PostingsEditorSchema } from "#app/workspace/content/postings-content-schema.ts";
import { appEditor } from "#app/workspace/content/app-editor-content.ts";
import { AppEditorSchema } from "#app/workspace/content/app-editor-content-schema.ts";
import { pagesEditor } from "#app/workspace/content/pages-editor-content.ts";
import { PagesEditorSchema } from "#app/workspace/content/pages-editor-content-schema.ts";
import { proofEditor } from "#app/workspace/content/proof-editor-content.ts";
import { ProofEditorSchema } from "#app/workspace/content/proof-editor-content-schema.ts";
import { analyticsCopy } from "#app/workspace/insights/analytics-content.ts";
import { AnalyticsContentSchema } from "#app/workspace/insights/analytics-content-schema.ts";
import { site } from "#app/site/site-content.ts";
import { privacy } from "#app/privacy/privacy-content.ts";
import { PrivacySchema } from "#app/privacy/privacy-content-schema.ts";
import { leads } from "#app/forms/leads-content.ts";
import { LeadsSchema } from "#app/forms/leads-content-schema.ts";
import { formatSalaryRange } from "#app/careers/salary-range.ts";
import { initialPostings } from "#app/platform/migrations/initial-postings.ts";

const modules: Array<[string, z.ZodType, unknown]> = [
  ["site", SiteSchema, site],
  ["home", HomeSchema, home],
  ["about", AboutSchema, about],
  ["proof", ProofSchema, proof],
  ["features", FeaturesSchema, features],
  ["careers", CareersSchema, careers],
  ["login", LoginSchema, login],
  ["contact", ContactSchema, contact],
  ["booking", BookingSchema, booking],
  ["consent", ConsentSchema, consent],
  ["download", DownloadSchema, download],
  ["error pages", ErrorPagesSchema, errorPages],
  ["workspace", WorkspaceSchema, workspace],
  ["workspace activity", ActivitySchema, activity],
  ["postings editor", PostingsEditorSchema, postingsEditor],
  ["pages editor", PagesEditorSchema, pagesEditor],
  ["proof editor", ProofEditorSchema, proofEditor],
  ["app editor", AppEditorSchema, appEditor],
  ["analytics", AnalyticsContentSchema, analyticsCopy],
  ["privacy", PrivacySchema, privacy],
  ["leads", LeadsSchema, leads],
];

describe("content modules", () => {
  test.each(modules)("%s matches its schema", (_name, schema, content) => {
    const result = schema.safeParse(content);
    expect(result.error?.issues ?? []).toEqual([]);
  });

  test("the receipt names the company and keeps the contact page's promise", () => {
    expect(leads.receipt.companyName).toBe(site.companyName);
    expect(leads.receipt.contact.received).toContain(site.companyName);
    expect(leads.receipt.contact.promise).toContain(`within ${site.replyWithinHours} hours`);
  });

  test("every page path is unique and internal links point at pages", () => {
    const paths = pageList.map((page) => page.path);
    expect(new Set(paths).size).toBe(paths.length);
    const links = [
      site.navigation.about,
      site.navigation.getStarted,
      ...site.footer.quickLinks,
      ...site.footer.moreLinks,
    ];
    for (const link of links) expect(paths).toContain(link.href);
  });
});

describe("the brief's constants", () => {
  test("the six job postings with department, location, type and salary", () => {
    // The first content of a fresh database (migration 0016), all full-time and paid yearly in US dollars.
    expect(
      initialPostings.map((job) => [
        job.title,
        job.department,
        job.location === "remote" ? "Remote" : "San Francisco CA",
        "Full-time",
        formatSalaryRange({
          salaryMin: job.salary.min,
          salaryMax: job.salary.max,
          salaryCurrency: "USD",
          salaryPeriod: "YEAR",
        }),
      ]),
    ).toEqual([
      ["Senior Mobile Engineer", "Engineering", "Remote", "Full-time", "$120k-$180k"],
      ["Product Manager", "Product", "San Francisco CA", "Full-time", "$130k-$200k"],
      ["Content Creator", "Education", "Remote", "Full-time", "$80k-$120k"],
      ["Data Scientist", "Engineering", "Remote", "Full-time", "$110k-$160k"],
      ["UX/UI Designer", "Design", "Remote", "Full-time", "$90k-$140k"],
      ["Marketing Manager", "Marketing", "Remote", "Full-time", "$85k-$130k"],
    ]);
  });

  test("the budget values, in order", () => {
    expect(contact.form.budgets.map((budget) => budget.value)).toEqual([
      "under-10k",
      "10k-25k",
      "25k-50k",
      "50k-100k",
      "over-100k",
    ]);
  });

  test("the business constants", () => {
    expect(site.copyrightYear).toBe(2024);
    expect(site.foundedYear).toBe(2018);
    expect(site.replyWithinHours).toBe(24);
    expect(site.meetingMinutes).toBe(30);
    expect(contact.nextSteps.reply).toContain("24 hours");
    expect(contact.nextSteps.meeting.title).toBe("30 Min Meeting");
    expect(about.facts.items.map((fact) => fact.value)).toEqual([
      String(site.foundedYear),
      "6",
      `${site.replyWithinHours} h`,
    ]);
    expect(features.featureBlocks[0]?.details.join(" ")).toContain("Over 500 problems");
    expect(features.extraFeatures[0]?.description).toContain("5-15 minutes");
  });
});
