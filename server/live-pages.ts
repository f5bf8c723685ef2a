import type { Kysely } from "kysely";
import { createRequestHandler, type ServerBuild } from "react-router";
import { postingPages } from "#app/careers/careers-pages.server.ts";
import { postingsContent } from "#app/careers/postings.server.ts";
import { proofContent } from "#app/pages/proof.server.ts";
import { appContent, loadAppShowcase } from "#app/pages/app-showcase.server.ts";
import { type ConsentVariant, consentCookieName, serializeConsent } from "#app/consent/consent-cookie.ts";
import { epochMs, now } from "#app/platform/clock.ts";
import { contentRevisions, renderChangedPagesWith } from "#app/platform/content-revisions.server.ts";
import type { Schema } from "#app/platform/db.server.ts";
import { log } from "#app/platform/log.server.ts";
import { nextTurn } from "#app/platform/pacing.server.ts";
import { describeError, startWorker } from "#app/platform/worker.server.ts";
import {
  hasPublishedCopy,
  loadPublishedCopy,
  pageCopyContent,
  renderPreviewsWith,
} from "#app/site/page-copy.server.ts";
import { pageList, pages } from "#app/site/pages.ts";
import { type PrerenderedPage, pagePolicy, preparedFile, type prerenderedPages } from "./prerendered.ts";
import { revisionPollMs } from "./freshness.ts";
import { fileDocumentPolicy } from "./security-headers.ts";

// The pages that show what the team edits in the workspace are answered from memory like the
// build's, with no database read per view (issue 30). The server renders them itself, through
// React Router with the loaders reading the database at that moment, each cookie variant as the
// build does: at start, whenever a kind of content's revision changes (every instance reads the
// revisions about once a second, app/platform/content-revisions.server.ts), right after a change
// made on this instance (before its answer), and at the moment a page changes by itself (a
// scheduled posting opens, an open one closes).

/** The pages the build prerendered: rendered again once the team has published copy (theirs, the footer). */
const prerenderedPaths = pageList.filter((page) => page.prerender).map((page) => page.path);

/** Which pages each kind of content shows on, and the next moment they change by themselves. */
export const contentPages = {
  // First, so the other kinds' pages are rendered with the copy it loads. The footer is on every
  // page; the contact page and the others rendered per request read the copy loaded here.
  [pageCopyContent]: async (db, now) => {
    await loadPublishedCopy(db);
    const postings = await postingPages(db, now);
    const prerendered = hasPublishedCopy() ? prerenderedPaths : [];
    return { paths: [pages.home.path, pages.about.path, ...postings.paths, ...prerendered], changesAt: null };
  },
  [postingsContent]: postingPages,
  // The home page's clients, case studies and testimonials; the about page's team.
  [proofContent]: async () => ({ paths: [pages.home.path, pages.about.path], changesAt: null }),
  // The app's screenshots and store links, read into memory first: the pages read them there.
  // Both pages are prerendered too (with none): these renderings replace them in memory.
  [appContent]: async (db) => {
    await loadAppShowcase(db);
    return { paths: [pages.features.path, pages.download.path], changesAt: null };
  },
} satisfies Record<string, (db: Kysely<Schema>, now: Date) => Promise<{ paths: string[]; changesAt: Date | null }>>;
type ContentScope = keyof typeof contentPages;
const contentKinds = Object.keys(contentPages) as ContentScope[];

const decided: Array<Exclude<ConsentVariant, "undecided">> = ["necessary", "forms"];

export async function startLivePages({
  build,
  db,
  siteUrl,
  consentRevision,
  frames,
  memory,
}: {
  build: ServerBuild;
  db: Kysely<Schema>;
  siteUrl: string;
  consentRevision: number;
  frames: string[];
  /** The pages answered from memory (server/prerendered.ts). */
  memory: Pick<ReturnType<typeof prerenderedPages>, "set" | "remove">;
}) {
  const handle = createRequestHandler(build, "production");

  const get = (path: string, variant: ConsentVariant) => {
    const consent = { id: "prerendered-variant", revision: consentRevision, forms: variant === "forms", at: 0 };
    const headers: Record<string, string> =
      variant === "undecided" ? {} : { Cookie: `${consentCookieName}=${serializeConsent(consent)}` };
    return handle(new Request(new URL(path, siteUrl), { headers }));
  };

  /** A page in every variant, or null when it is no page now (404, a redirect); throws when rendering failed. */
  async function render(path: string): Promise<PrerenderedPage | null> {
    const first = await get(path, "undecided");
    if (first.status >= 500) throw new Error(`rendering ${path} answered ${first.status}`);
    if (first.status !== 200) {
      await first.body?.cancel();
      return null;
    }
    const type = first.headers.get("content-type") ?? "text/html";
    if (!type.startsWith("text/html")) {
      // A document that is not HTML (the sitemap) is the same for every cookie choice.
      const file = await preparedFile(await first.text(), {
        type,
        csp: () => fileDocumentPolicy({ viewerStyles: type.includes("xml") }),
      });
      return { undecided: file, necessary: file, forms: file };
    }
    const html = { type: "text/html; charset=utf-8", csp: pagePolicy(frames) };
    const page = { undecided: await preparedFile(await first.text(), html) } as PrerenderedPage;
    for (const variant of decided) {
      const response = await get(path, variant);
      if (response.status !== 200) throw new Error(`rendering ${path} (${variant}) answered ${response.status}`);
      page[variant] = await preparedFile(await response.text(), html);
    }
    return page;
  }

  const shown = new Map<ContentScope, string[]>();
  const renderedRevision = new Map<ContentScope, number>();
  const changesAt = new Map<ContentScope, number>();

  /**
   * Renders a kind of content's pages (`paths`, as its entry in contentPages gave them) and swaps
   * them in; pages it no longer has leave memory. A page another kind rendered in the same run
   * (`done`, the paths kept then) is not rendered twice.
   */
  async function renderScope(
    scope: ContentScope,
    { paths, changesAt: next }: { paths: string[]; changesAt: Date | null },
    done: Set<string>,
  ) {
    const rendered: Array<[string, PrerenderedPage | null]> = [];
    for (const path of paths) {
      if (done.has(path)) continue;
      rendered.push([path, await render(path)]);
      await nextTurn(); // the answers waiting go first
    }
    for (const [path, page] of rendered) {
      if (page) memory.set(path, page);
      else memory.remove(path);
    }
    const kept = [
      ...paths.filter((path) => done.has(path)),
      ...rendered.filter(([, page]) => page).map(([path]) => path),
    ];
    for (const path of kept) done.add(path);
    for (const path of shown.get(scope) ?? []) if (!kept.includes(path)) memory.remove(path);
    shown.set(scope, kept);
    changesAt.set(scope, next?.getTime() ?? Number.POSITIVE_INFINITY);
    return kept.length;
  }

  /** Renders what changed since the last look (everything the first time). */
  async function refresh() {
    const revisions = await contentRevisions(db, contentKinds);
    const due = contentKinds.filter(
      (scope) => renderedRevision.get(scope) !== revisions[scope] || (changesAt.get(scope) ?? 0) <= epochMs(),
    );
    // Every due kind reads what it shows (into memory, some) before any page is rendered: a page
    // two kinds show (the features page: the copy and the app's screenshots) is rendered once, with both.
    const planned: Array<[ContentScope, { paths: string[]; changesAt: Date | null }]> = [];
    for (const scope of due) planned.push([scope, await contentPages[scope](db, now())]);
    const done = new Set<string>();
    for (const [scope, plan] of planned) {
      const count = await renderScope(scope, plan, done);
      if (renderedRevision.has(scope))
        log.info(`Rendered the ${scope} pages again (revision ${revisions[scope]}): ${count} pages`);
      renderedRevision.set(scope, revisions[scope]);
    }
    return undefined;
  }

  // One rendering at a time, the worker's and those after a change here alike, so a rendering
  // that read the content before a change never replaces one that read it after.
  let last: Promise<undefined> = Promise.resolve(undefined);
  const serially = () => {
    const run = last.then(refresh, refresh);
    last = run.catch(() => undefined);
    return run;
  };
  const failed = (error: unknown) => log.error(`Content pages run failed: ${describeError(error)}`);

  // A failed first rendering does not stop the start: until the worker's next run renders them,
  // those pages are answered per request by the app, from the database.
  await serially().catch(failed);
  const worker = startWorker({ name: "Content pages", intervalMs: revisionPollMs, work: serially });
  // A change made here is rendered before its answer (the revision poll is for the other instances').
  renderChangedPagesWith(() => serially().then(() => undefined, failed));
  // The workspace's previews of draft copy: a page rendered as here, with the draft (not kept).
  renderPreviewsWith((path) => get(path, "necessary"));
  return {
    stop: async () => {
      renderChangedPagesWith(null);
      renderPreviewsWith(null);
      await worker.stop();
    },
    refresh: serially,
  };
}
