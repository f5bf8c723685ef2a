import { expect, test } from "vitest";
import { initialPostings } from "#app/platform/migrations/initial-postings.ts";
import { home } from "#app/pages/home-content.ts";
import { pageList, pages } from "#app/site/pages.ts";
import { site } from "#app/site/site-content.ts";
import { absoluteUrl, pageMeta } from "#app/site/seo.ts";

const matches = [{ id: "root", loaderData: { config: { siteUrl: "https://www.example.org" } } }];

test("builds title, description, canonical, Open Graph and Twitter tags from one page entry", () => {
  const meta = pageMeta(
    { matches, location: { pathname: "/about/" } },
    { title: "About us", description: home.meta.description },
  );
  expect(meta).toContainEqual({ title: `About us | ${site.companyName}` });
  expect(meta).toContainEqual({ name: "description", content: home.meta.description });
  expect(meta).toContainEqual({ tagName: "link", rel: "canonical", href: "https://www.example.org/about" });
  expect(meta).toContainEqual({ property: "og:url", content: "https://www.example.org/about" });
  expect(meta).toContainEqual({ property: "og:image", content: "https://www.example.org/og-image.png" });
  expect(meta).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
});

test("absolute URLs keep the home page's slash and drop others'", () => {
  expect(absoluteUrl("https://www.example.org", "/")).toBe("https://www.example.org/");
  expect(absoluteUrl("https://www.example.org", "/careers/")).toBe("https://www.example.org/careers");
  expect(absoluteUrl("https://www.example.org", "/careers//")).toBe("https://www.example.org/careers");
  // Only slashes: the home page, never the bare origin.
  expect(absoluteUrl("https://www.example.org", "//")).toBe("https://www.example.org/");
});

test("a page reached in another case has the lower-case address as its canonical URL", () => {
  expect(absoluteUrl("https://www.example.org", "/Careers/Product-Manager/")).toBe(
    "https://www.example.org/careers/product-manager",
  );
  // Which is right because every address of the site is lower case.
  const addresses = [
    ...pageList.map((page) => page.path),
    ...initialPostings.map((job) => `${pages.careers.path}/${job.slug}`),
  ];
  for (const address of addresses) expect(address).toBe(address.toLowerCase());
});
