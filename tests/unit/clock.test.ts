import { afterEach, expect, test } from "vitest";
import { epochMs, now, startClockAt } from "#app/platform/clock.ts";

afterEach(() => startClockAt(new Date()));

test("the clock reads the machine's time until a test starts it elsewhere; then it runs on from there", async () => {
  const before = Date.now();
  expect(now().getTime()).toBeGreaterThanOrEqual(before);
  expect(now().getTime()).toBeLessThan(before + 1_000);

  startClockAt(new Date("2027-06-02T00:00:00Z"));
  const first = epochMs();
  expect(first).toBeGreaterThanOrEqual(Date.parse("2027-06-02T00:00:00Z"));
  expect(first).toBeLessThan(Date.parse("2027-06-02T00:00:01Z"));
  await new Promise((resolve) => setTimeout(resolve, 20));
  expect(now().getTime()).toBeGreaterThan(first);
});
