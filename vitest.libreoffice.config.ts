import { defineConfig } from "vitest/config";

// `npm run test:libreoffice`: the team's sheets opened in LibreOffice Calc, on a machine that has
// it (decision 047); CI runs tests/unit/sheet-cells.test.ts for the same rule.
export default defineConfig({
  test: {
    include: ["tests/libreoffice/**/*.test.ts"],
    testTimeout: 180_000,
    setupFiles: ["tests/setup/fail-on-console-error.ts"],
  },
});
