import type { Config } from "@react-router/dev/config";
import { generatedFiles, pageList } from "./app/site/pages.ts";
import { currentBuildInfo, writeBuildInfo } from "./server/build-info.ts";

export default {
  ssr: true,
  // Content pages become static HTML at build time; the server sends those files as they are.
  // Pages that show what the team edits in the workspace (the careers list, the postings, the
  // sitemap) are rendered by the server itself from the database, into memory (server/live-pages.ts).
  prerender: [...pageList.filter((page) => page.prerender).map((page) => page.path), generatedFiles.robots],
  buildEnd() {
    writeBuildInfo(currentBuildInfo());
  },
} satisfies Config;
