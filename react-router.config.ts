import type { Config } from "@react-router/dev/config";
import { generatedFiles, pageList } from "./app/content/pages.ts";
import { currentBuildInfo, writeBuildInfo } from "./server/build-info.ts";

export default {
  ssr: true,
  // Content pages become static HTML at build time; the server sends those files as they are.
  prerender: [...pageList.filter((page) => page.prerender).map((page) => page.path), ...generatedFiles],
  buildEnd() {
    writeBuildInfo(currentBuildInfo());
  },
} satisfies Config;
