import { execFileSync } from "node:child_process";
import type { Page, Request } from "@playwright/test";
import { expect, test, postingPages, postingApplyPages } from "./fixtures.ts";
import { type RunningServer, startServer, instancePort } from "./production-server.ts";
import { homeCopy } from "#app/pages/page-copies.ts";
import { footerCopy } from "#app/site/page-copy.ts";
import { longestCopy } from "#tests/helpers/page-copy-fixtures.ts";
import { e2eEnv } from "./server-env.ts";
import { addAuthenticator, enrol, invite } from "./workspace-helpers.ts";

// Byte budgets, deterministic: what each page's first load transfers, compressed as the server
// sends it (brotli), from the production build. Speed itself is measured by `npm run bench`.

const KB = 1024;
const contentPages = [
  "/",
  "/about",
  "/features",
  "/careers",
  ...postingPages,
  "/login",
  "/download",
  "/cookie-settings",
];
// The booking page's form comes with a day chosen (its address found on the page, below).
const formPages = ["/contact", "/contact/meeting?day=", "/careers/apply", ...postingApplyPages];

type Transfer = {
  total: number;
  script: number;
  /** The scripts as the browser received them: their bodies and their responses' headers. */
  scriptWithHeaders: number;
  stylesheet: number;
  document: number;
  urls: string[];
  /** Each response's address with its encoded body bytes. */
  sizes: Array<[string, number]>;
  scriptBeforeInteraction?: number;
};

/**
 * Loads `path` in a fresh page and adds up the encoded body bytes of every response, by type;
 * given `interact` (the `hydrated` fixture), also what the page fetches once the visitor acts.
 */
async function firstLoad(page: Page, path: string, interact?: () => Promise<void>): Promise<Transfer> {
  const transfer: Transfer = {
    total: 0,
    script: 0,
    scriptWithHeaders: 0,
    stylesheet: 0,
    document: 0,
    urls: [],
    sizes: [],
  };
  const pending: Promise<void>[] = [];
  let measuring = true;
  const measure = (request: Request) => {
    pending.push(
      request.sizes().then(
        ({ responseBodySize, responseHeadersSize }) => {
          const type = request.resourceType();
          transfer.total += responseBodySize;
          if (type === "script" || type === "stylesheet" || type === "document") transfer[type] += responseBodySize;
          if (type === "script") transfer.scriptWithHeaders += responseBodySize + responseHeadersSize;
          transfer.urls.push(request.url());
          transfer.sizes.push([request.url(), responseBodySize]);
        },
        (error: unknown) => {
          // A request that ends as the test closes the page, after the measurement, is not counted
          // (left unhandled, its rejection stopped the whole test worker).
          if (measuring) throw error;
        },
      ),
    );
  };
  page.on("requestfinished", measure);
  await page.goto(path, { waitUntil: "networkidle" });
  if (interact) {
    await Promise.all(pending);
    transfer.scriptBeforeInteraction = transfer.script;
    await interact();
    await page.waitForLoadState("networkidle");
  }
  await Promise.all(pending);
  measuring = false;
  page.off("requestfinished", measure);
  expect(transfer.document, "the page itself was measured").toBeGreaterThan(1 * KB);
  return transfer;
}

for (const path of contentPages) {
  test(`${path}: no JavaScript, at most 40 KB in all, nothing from another origin`, async ({ page, baseURL }) => {
    const transfer = await firstLoad(page, path);
    expect(transfer.script).toBe(0);
    expect(transfer.stylesheet).toBeLessThanOrEqual(10 * KB);
    expect(transfer.total).toBeLessThanOrEqual(40 * KB);
    expect(transfer.urls.filter((url) => new URL(url).origin !== new URL(baseURL ?? "").origin)).toEqual([]);
  });
}

test("the home page stays within 150 KB in all and 100 KB of JavaScript", async ({ page }) => {
  const transfer = await firstLoad(page, "/");
  expect(transfer.total).toBeLessThanOrEqual(150 * KB);
  expect(transfer.script).toBeLessThanOrEqual(100 * KB);
});

// What a form page fetches at the visitor's first interaction (issue 20): its form, hydrated as an
// island with React DOM, Conform and zod/mini, without React Router (decision 028). Counted as the
// browser receives it, each script's response headers included (issue 50: with 20 files for a
// form, their headers were a fifth of it; decision 064).
const formPageScriptKb = 100;

for (const path of formPages) {
  test(`${path}: no JavaScript until the visitor acts, then at most ${formPageScriptKb} KB of it and 180 KB in all, nothing from another origin`, async ({
    page,
    baseURL,
    hydrated,
    request,
  }) => {
    const booking = path.endsWith("?day=")
      ? (await (await request.get("/contact/meeting")).text()).match(
          /href="(\/contact\/meeting\?day=[\d-]+)#times"/,
        )?.[1]
      : null;
    if (path.endsWith("?day=")) expect(booking, "a day with free times").toBeTruthy();
    const transfer = await firstLoad(page, booking ?? path, hydrated);
    expect(transfer.scriptBeforeInteraction).toBe(0);
    expect(transfer.script).toBeGreaterThan(0); // the checks as the visitor types
    expect(transfer.scriptWithHeaders).toBeGreaterThan(transfer.script);
    expect(transfer.scriptWithHeaders).toBeLessThanOrEqual(formPageScriptKb * KB);
    expect(transfer.total).toBeLessThanOrEqual(180 * KB);
    expect(transfer.urls.filter((url) => new URL(url).origin !== new URL(baseURL ?? "").origin)).toEqual([]);
  });
}

// The other page with an island: the workspace's posting editor, whose Markdown editor hydrates
// on its own at the editor's first act like the public forms (decision 064: no zod, no React Router).
test("the posting editor: no JavaScript until the editor acts, then at most 100 KB of it", async ({
  page,
  context,
  storage,
  hydrated,
}) => {
  test.setTimeout(120_000);
  const email = `budget.${Date.now()}@company.example`;
  await addAuthenticator(context, page);
  await enrol(page, invite(storage, email, "admin"), email);
  const transfer = await firstLoad(page, "/workspace/postings/new", hydrated);
  await expect(page.getByLabel("Description")).toBeVisible();
  expect(transfer.scriptBeforeInteraction).toBe(0);
  expect(transfer.script).toBeGreaterThan(0);
  expect(transfer.scriptWithHeaders).toBeLessThanOrEqual(formPageScriptKb * KB);
});

// With a full set of proof (issue 30: 6 logos, 3 case studies, 3 testimonials, 8 team members,
// made as long as real ones run, tests/helpers/proof-fixtures.ts), on an instance of its own so
// the other tests keep an empty one: the same budget as above, the images the browser fetched at
// once included. Each image loads lazily, has its size in the page, is small and cached for a year.
test.describe("with a full set of proof", () => {
  test.describe.configure({ mode: "serial" });
  let server: RunningServer;
  test.beforeAll(async () => {
    server = await startServer({ port: instancePort(12, test.info()) });
    execFileSync(process.execPath, ["tests/e2e/fill-full-proof.ts"], {
      env: { ...process.env, ...e2eEnv, DATA_DIR: server.dataDir, DATABASE_URL: "" },
    });
    await expect
      .poll(async () => (await (await fetch(`${server.url}/about`)).text()).includes("Engineer Example 8"))
      .toBe(true);
    // The home page is rendered again beside it: wait for its six logos too.
    await expect
      .poll(async () => ((await (await fetch(`${server.url}/`)).text()).match(/<img[^>]+src="\/media\//g) ?? []).length)
      .toBe(6);
  });
  test.afterAll(() => server?.stop());

  const imageBudget = { svg: 2 * KB, webp: 8 * KB };
  for (const [path, shown] of [
    ["/", { logos: 6, photos: 0 }],
    ["/about", { logos: 0, photos: 8 }],
  ] as const) {
    test(`${path}: no JavaScript, at most 40 KB in all, its ${shown.logos || shown.photos} images lazy, sized and small`, async ({
      page,
    }) => {
      const transfer = await firstLoad(page, `${server.url}${path}`);
      const images = transfer.sizes.filter(([url]) => new URL(url).pathname.startsWith("/media/"));
      const imageBytes = images.reduce((sum, [, bytes]) => sum + bytes, 0);
      expect(transfer.script).toBe(0);
      // Everything the first load fetched, the images it took included, keeps the content pages' budget.
      expect(transfer.total).toBeLessThanOrEqual(40 * KB);
      expect(imageBytes).toBeLessThan(transfer.total);
      expect(transfer.urls.filter((url) => new URL(url).origin !== server.url)).toEqual([]);
      const shownImages = page.locator('main img[src^="/media/"]');
      await expect(shownImages).toHaveCount(shown.logos + shown.photos);
      for (const image of await shownImages.all()) {
        await expect(image).toHaveAttribute("loading", "lazy");
        await expect(image).toHaveAttribute("width", /^\d+$/);
        await expect(image).toHaveAttribute("height", /^\d+$/);
      }
      for (const [url, bytes] of images) {
        expect(bytes, url).toBeLessThanOrEqual(url.endsWith(".svg") ? imageBudget.svg : imageBudget.webp);
        const answer = await fetch(url);
        expect(answer.headers.get("cache-control"), url).toBe("public, max-age=31536000, immutable");
      }
    });
  }
});

// With every page's copy at its longest (issue 51: each field at its schema's limit, each list at
// its most, the footer's too, tests/helpers/page-copy-fixtures.ts), on an instance of its own: the
// same budgets, and still no script. The limits the workspace's forms show are chosen for this.
test.describe("with every field of the pages' copy at its maximum length", () => {
  test.describe.configure({ mode: "serial" });
  let server: RunningServer;
  test.beforeAll(async () => {
    server = await startServer({ port: instancePort(13, test.info()) });
    execFileSync(process.execPath, ["tests/e2e/fill-full-copy.ts"], {
      env: { ...process.env, ...e2eEnv, DATA_DIR: server.dataDir, DATABASE_URL: "" },
    });
    // Every page is rendered again with it: the home page first, the download page among the last.
    const longest = longestCopy(homeCopy, 51);
    // Every page rendered again, each in three variants, on a machine busy with other tests.
    const rendered = { timeout: 60_000 };
    await expect
      .poll(async () => (await (await fetch(`${server.url}/`)).text()).includes(longest.hero.intro), rendered)
      .toBe(true);
    await expect
      .poll(
        async () =>
          (await (await fetch(`${server.url}/download`)).text()).includes(longestCopy(footerCopy, 59).tagline),
        rendered,
      )
      .toBe(true);
  });
  test.afterAll(() => server?.stop());

  for (const path of ["/", "/about", "/features", "/careers", "/login", "/download"]) {
    test(`${path}: no JavaScript, at most 40 KB in all`, async ({ page }) => {
      const transfer = await firstLoad(page, `${server.url}${path}`);
      expect(transfer.script).toBe(0);
      expect(transfer.stylesheet).toBeLessThanOrEqual(10 * KB);
      expect(transfer.total).toBeLessThanOrEqual(40 * KB);
    });
  }

  test("/contact: no JavaScript until the visitor acts, at most 180 KB in all", async ({ page }) => {
    const transfer = await firstLoad(page, `${server.url}/contact`);
    expect(transfer.script).toBe(0);
    expect(transfer.total).toBeLessThanOrEqual(180 * KB);
  });
});
