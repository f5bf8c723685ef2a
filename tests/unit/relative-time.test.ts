import { expect, test } from "vitest";
import { relativeTime } from "#app/workspace/shell/workspace-display.ts";

// The inbox's times (issue 48): how long ago, in words a person scans; the date once a week old;
// the exact moment, in the person's zone and UTC, for the title and `datetime`.

test("a time reads as how long ago it was, then as its date; the exact moment stays in the title", () => {
  const now = new Date("2026-11-29T12:00:00Z");
  const ago = (minutes: number) => new Date(now.getTime() - minutes * 60_000).toISOString();
  const text = (minutes: number) => relativeTime(ago(minutes), "Europe/Berlin", now).text;
  expect(text(0)).toBe("just now");
  expect(text(25)).toBe("25 min ago");
  expect(text(125)).toBe("2 h ago");
  expect(text(47 * 60)).toBe("47 h ago");
  expect(text(3 * 24 * 60)).toBe("3 d ago");
  expect(text(8 * 24 * 60)).toBe("21 Nov 2026");
  const shown = relativeTime("2026-11-29T10:00:00.000Z", "Europe/Berlin", now);
  expect(shown.iso).toBe("2026-11-29T10:00:00.000Z");
  expect(shown.exact).toMatch(/^Sunday, 29 November 2026 at 11:00:00 CET \(.*10:00:00 UTC\)$/);
});
