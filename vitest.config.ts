import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["tests/unit/**/*.test.{ts,tsx}"],
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
    restoreMocks: true,
    unstubEnvs: true,
  },
});
