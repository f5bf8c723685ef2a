import { describe, expect, test } from "vitest";
import { currentZoneName, isTimeZoneName, renamedZones, zoneAliases, zoneChoices } from "#app/platform/time-zones.ts";
import { timeZoneChoices } from "#app/workspace/shell/workspace-display.ts";

/** What a zone's clock reads, with its offset, at a few instants across the years (summers and winters). */
const clockReadings = (timeZone: string) => {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone,
    dateStyle: "short",
    timeStyle: "short",
    hourCycle: "h23",
  });
  const offset = new Intl.DateTimeFormat("en-US", { timeZone, timeZoneName: "longOffset" });
  return ["1995-01-15T12:00:00Z", "2010-07-15T12:00:00Z", "2022-01-15T12:00:00Z", "2026-07-15T12:00:00Z"].map(
    (instant) => `${format.format(new Date(instant))} ${offset.format(new Date(instant))}`,
  );
};

describe("time zones by their current IANA names", () => {
  test("each old name is the same zone as its current one, and the runtime knows both", () => {
    for (const [old, current] of Object.entries(renamedZones)) {
      expect(clockReadings(old), old).toEqual(clockReadings(current));
    }
  });

  test("the zones to choose from carry today's names only, each once, sorted", () => {
    const zones = zoneChoices();
    for (const current of [
      "Asia/Kolkata",
      "Asia/Ho_Chi_Minh",
      "Asia/Kathmandu",
      "Europe/Kyiv",
      "America/Argentina/Buenos_Aires",
      "America/Nuuk",
      "Pacific/Kanton",
    ])
      expect(zones, current).toContain(current);
    for (const old of Object.keys(renamedZones)) expect(zones, old).not.toContain(old);
    expect(new Set(zones).size).toBe(zones.length);
    expect(zones).toEqual([...zones].sort());
    // A team member's list: UTC first, then the same names.
    const workspace = timeZoneChoices();
    expect(workspace[0]).toBe("UTC");
    expect(workspace).toContain("Asia/Kolkata");
    expect(workspace).not.toContain("Asia/Calcutta");
  });

  test("a zone arriving by either name is the zone by its current name", () => {
    expect(currentZoneName("Asia/Calcutta")).toBe("Asia/Kolkata");
    expect(currentZoneName("Asia/Kolkata")).toBe("Asia/Kolkata");
    expect(currentZoneName("Europe/Kiev")).toBe("Europe/Kyiv");
    expect(currentZoneName("America/Buenos_Aires")).toBe("America/Argentina/Buenos_Aires");
    expect(currentZoneName("Europe/Berlin")).toBe("Europe/Berlin");
    expect(currentZoneName("UTC")).toBe("UTC");
    // Only exact names: nothing inherited from Object counts as a zone.
    expect(currentZoneName("constructor")).toBe("constructor");
    expect(zoneAliases("Asia/Calcutta")).toEqual(["Asia/Kolkata", "Asia/Calcutta"]);
    expect(zoneAliases("Asia/Kolkata")).toEqual(["Asia/Kolkata", "Asia/Calcutta"]);
    expect(zoneAliases("Europe/Berlin")).toEqual(["Europe/Berlin"]);
  });
});

describe("the one check for a zone that arrives from outside", () => {
  test("takes every zone the runtime lists, by old or current name, and UTC", () => {
    for (const zone of [...Intl.supportedValuesOf("timeZone"), ...Object.keys(renamedZones), "UTC"])
      expect(isTimeZoneName(zone), zone).toBe(true);
  });

  test("refuses offsets, made-up names, markup and over-long values", () => {
    for (const zone of [
      "+01:00",
      "GMT+5:30",
      "Mars/Olympus_Mons",
      "",
      "Europe/Berlin<script>",
      `Europe/${"x".repeat(70)}`,
    ])
      expect(isTimeZoneName(zone), zone).toBe(false);
  });
});
