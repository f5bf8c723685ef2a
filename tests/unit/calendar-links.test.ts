import { describe, expect, test } from "vitest";
import { googleCalendarUrl, outlookCalendarUrl } from "#app/booking/calendar-links.ts";

const meeting = {
  title: "30-minute meeting with Lumen Software",
  start: "2026-06-02T16:00:00Z",
  end: "2026-06-02T16:30:00.000Z",
  details: "Video call: https://meet.example.com/room-1\n\nTo move or cancel this meeting: https://example.com/m",
  location: "https://meet.example.com/room-1",
};

describe("Add to calendar's links", () => {
  test("Google Calendar's form: the title, the times in UTC, the details and the video link as the place", () => {
    const url = new URL(googleCalendarUrl(meeting));
    expect(url.origin + url.pathname).toBe("https://calendar.google.com/calendar/render");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      action: "TEMPLATE",
      text: meeting.title,
      dates: "20260602T160000Z/20260602T163000Z",
      details: meeting.details,
      location: meeting.location,
    });
  });

  test("Outlook's forms, personal and work: the same meeting, the times in UTC", () => {
    for (const host of ["outlook.live.com", "outlook.office.com"] as const) {
      const url = new URL(outlookCalendarUrl(meeting, host));
      expect(url.origin + url.pathname).toBe(`https://${host}/calendar/0/action/compose`);
      expect(Object.fromEntries(url.searchParams)).toEqual({
        path: "/calendar/action/compose",
        rru: "addevent",
        subject: meeting.title,
        startdt: "2026-06-02T16:00:00Z",
        enddt: "2026-06-02T16:30:00Z",
        body: meeting.details,
        location: meeting.location,
      });
    }
  });

  test("without a video link, no place", () => {
    const noVideo = { ...meeting, location: null };
    expect(new URL(googleCalendarUrl(noVideo)).searchParams.has("location")).toBe(false);
    expect(new URL(outlookCalendarUrl(noVideo, "outlook.live.com")).searchParams.has("location")).toBe(false);
  });
});
