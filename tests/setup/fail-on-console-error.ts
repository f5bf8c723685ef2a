import { afterEach, beforeEach, vi } from "vitest";

// React reports bad markup, key warnings and failed renders through console.error: treat them as failures.
beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation((...args: unknown[]) => {
    throw new Error(`console.error was called: ${args.map(String).join(" ")}`);
  });
});

afterEach(async () => {
  const { cleanup } = await import("@testing-library/react");
  cleanup();
});
