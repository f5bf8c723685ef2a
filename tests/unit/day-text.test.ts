import { expect, test } from "vitest";
import { parseDay, showDay } from "#app/workspace/content/day-text.ts";

test("an editor's day is shown the workspace's way", () => {
  expect(showDay("2026-11-29")).toBe("29 Nov 2026");
  expect(showDay("2026-03-02")).toBe("2 Mar 2026");
  expect(showDay("2026-09-01")).toBe("1 Sep 2026");
  expect(showDay("")).toBe("");
});

test("a day is read as people write it, or as an ISO day", () => {
  expect(parseDay("29 Nov 2026")).toBe("2026-11-29");
  expect(parseDay(" 2 march 2026 ")).toBe("2026-03-02");
  expect(parseDay("1 Sept 2026")).toBe("2026-09-01");
  expect(parseDay("2026-03-02")).toBe("2026-03-02");
  // What it shows reads back as the same day, every month.
  for (let month = 1; month <= 12; month++) {
    const iso = `2026-${String(month).padStart(2, "0")}-15`;
    expect(parseDay(showDay(iso))).toBe(iso);
  }
});

test("what is not a day is refused", () => {
  expect(parseDay("31 Feb 2026")).toBeNull();
  expect(parseDay("2026-02-30")).toBeNull();
  expect(parseDay("11/29/2026")).toBeNull();
  expect(parseDay("29 Novelty 2026")).toBeNull();
  expect(parseDay("tomorrow")).toBeNull();
});
