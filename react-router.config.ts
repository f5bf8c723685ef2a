import type { Config } from "@react-router/dev/config";
import { generatedFiles, pageList } from "./app/site/pages.ts";
import { jobPath, openJobs } from "./app/careers/jobs.ts";
import { currentBuildInfo, writeBuildInfo } from "./server/build-info.ts";

export default {
  ssr: true,
  // Content pages become static HTML at build time; the server sends those files as they are.
  // Postings open at build time get their page too; server/app.ts stops serving those files once
  // one of them closes, until the next build.
  prerender: [
    ...pageList.filter((page) => page.prerender).map((page) => page.path),
    ...openJobs(new Date()).map(jobPath),
    ...Object.values(generatedFiles),
  ],
  buildEnd() {
    writeBuildInfo(currentBuildInfo());
  },
} satisfies Config;
