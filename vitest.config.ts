import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}", "tests/server/**/*.test.ts"],
    testTimeout: 20_000,
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    restoreMocks: true,
    // Frames in component tests point at about:blank; loading that is quieter than refusing it.
    environmentOptions: { happyDOM: { settings: { enableIframePageLoading: true } } },
    unstubEnvs: true,
  },
});
