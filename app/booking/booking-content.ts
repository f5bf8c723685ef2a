import type { BookingContent } from "./booking-content-schema.ts";

export const booking = {
  meta: {
    title: "Book a 30-minute meeting",
    description:
      "Pick a free half hour for a free technical consultation by video call with one of our senior engineers.",
  },
  hero: {
    headline: "Book a 30-minute meeting",
    intro:
      "A free consultation by video call with one of our senior engineers. Choose a day, then a time that suits you.",
    booked: {
      headline: "Your 30-minute meeting",
      intro:
        "A free consultation by video call with one of our senior engineers, now in our calendar and soon in yours.",
    },
  },
  zone: {
    current: "Times are shown in {zone}.",
    label: "Time zone",
    change: "Show times in this zone",
    unknown: "We do not know the time zone {zone}, so times are shown in ours. Please choose yours from the list.",
  },
  calendar: {
    title: "Choose a day",
    hint: "Days with free times are links; the others are full, off or outside the weeks we book.",
    oneFree: "{day}: 1 free time",
    manyFree: "{day}: {count} free times",
    noneFree: "{day}: no free times",
    badDay: "That day cannot be chosen here. Please choose one of the days with free times in the calendar.",
    previous: "Previous month, {month}",
    next: "Next month, {month}",
  },
  times: {
    title: "Free times",
    heading: "Free times on {day}",
    legend: "Choose a time on {day}",
    pickDay: "Choose a day in the calendar to see its free times.",
    none: "No time is free on this day any more. Please choose another day.",
    shownIn: "Times in {zone}.",
    shownInWithOurs: "Times in {zone}; ours, in {ourZone}, under each.",
    changeZone: "Change the time zone",
    withOurs: "{time} ({ours} our time)",
  },
  form: {
    fields: {
      name: { label: "Your Name" },
      email: { label: "Your Email" },
      company: { label: "Company Name or Website" },
      topic: { label: "What Would You Like to Discuss", hint: "Optional, up to 1000 characters." },
    },
    submit: "Book this meeting",
    privacyNote: { text: "We use your details only for this meeting.", linkLabel: "How we handle your data" },
    submitting: "Booking…",
    requiredNote: "Fields marked * are required.",
    detailsAfterTime: "Choose a time, and your details come next.",
    errors: {
      name: "Please enter your name.",
      email: "Please enter a valid e-mail address, like name@example.com.",
      time: "Please choose a time.",
      taken:
        "That time was just taken by someone else. Please choose another one: the free times below are up to date, and your details are kept.",
      dayFull: "That day has just been fully booked. Please choose another day: your details are kept.",
      notBookable:
        "That time cannot be booked (it is past, too soon, or outside our hours). Please choose one of the free times below.",
      tooLong: "This is too long: please shorten it to {max} characters.",
      singleLine: "Please keep this to a single line.",
      tooManyFiles: "This form takes no files.",
      filesTooLarge: "This form takes no files.",
      fileType: "This form takes no files.",
      emptyFile: "This form takes no files.",
      summary: "Please correct the fields marked below, then book again.",
      rateLimited:
        "You have sent several forms in a short time. Please wait {minutes} minutes and book again, or e-mail us directly.",
      bodyTooLarge: "Your message was too large. Please shorten it and book again.",
      malformed: "Your form could not be read. Please try again.",
      unavailable:
        "We could not book your meeting just now. Nothing was lost: your answers are below. Please try again in a minute.",
    },
  },
  confirmation: {
    title: "Your meeting is booked",
    message: "We look forward to talking with you. We will write to you at the address you gave with the details.",
    yourTime: "Your time: {time}",
    ourTime: "Our time: {time}",
    another: "Back to the contact page",
  },
  addToCalendar: {
    title: "Add it to your calendar",
    download: "Download the invitation (.ics)",
    google: "Google Calendar",
    outlook: "Outlook.com",
    office: "Outlook (work or school)",
  },
  manage: {
    meta: {
      title: "Your meeting",
      description: "See, move or cancel the meeting you booked with us.",
    },
    headline: "Your meeting",
    intro: "Here you can move your meeting to another time or cancel it.",
    cancelledHeadline: "Your meeting is cancelled",
    cancelledIntro: "The time is free again and your calendar has been sent the cancellation.",
    movedNotice: "Your meeting has moved. The new invitation is on its way to your inbox.",
    cancel: {
      title: "Cancel the meeting",
      text: "We will send you and us the cancellation, so the meeting leaves both calendars.",
      button: "Cancel this meeting",
      // Asked once more after the first click (a page of its own without JavaScript).
      question: "Cancel the meeting on {time}?",
      confirm: "Yes, cancel it",
      keep: "Keep the meeting",
    },
    reschedule: {
      title: "Choose another time",
      text: "Pick a day, then a time: we will send you the updated invitation.",
      button: "Move my meeting to this time",
    },
    bookAnother: "Book another meeting",
    gone: {
      title: "This link no longer works",
      message:
        "The meeting it was for has taken place, or the link is not complete. To talk to us again, book a new meeting or write to us.",
    },
    errors: {
      taken:
        "That time was just taken by someone else. Please choose another one: the free times below are up to date.",
      dayFull: "That day has just been fully booked. Please choose another day.",
      notBookable:
        "That time cannot be booked (it is past, too soon, or outside our hours). Please choose one of the free times below.",
      time: "Please choose a time.",
      cancelled: "This meeting is already cancelled, so it cannot be moved. Please book a new one.",
      rateLimited: "You have made several changes in a short time. Please wait {minutes} minutes and try again.",
      unavailable: "We could not change your meeting just now: it is as it was. Please try again in a minute.",
    },
  },
  mail: {
    summary: "30-minute meeting with {company}",
    teamSummary: "30-minute meeting with {name}",
    description: {
      video: "Video call: {video}",
      noVideo: "We will send you the link to the video call before the meeting.",
      manage: "To move or cancel this meeting: {manage}",
    },
    visitor: {
      booked: {
        subject: "Your meeting with {company}: {time}",
        lines: [
          "Thank you for booking a meeting with us. We look forward to talking with you.",
          "When: {time} (our time: {ourTime})",
          "{video}",
          "To move or cancel it: {manage}",
          "The invitation is attached: open it to add the meeting to your calendar.",
        ],
      },
      moved: {
        subject: "Your meeting with {company} has moved: {time}",
        lines: [
          "Your meeting on {earlierTime} has moved to a new time.",
          "When: {time} (our time: {ourTime})",
          "{video}",
          "To move or cancel it: {manage}",
          "The updated invitation is attached: your calendar moves the meeting when you open it.",
        ],
      },
      cancelled: {
        subject: "Cancelled: your meeting with {company} on {time}",
        lines: [
          "Your meeting on {time} is cancelled, and the time is free again.",
          "The cancellation is attached: your calendar removes the meeting when you open it.",
          "To book another time: {booking}",
        ],
      },
      reminder: {
        subject: "Reminder: your meeting with {company}, {time}",
        lines: [
          "A reminder of the meeting you booked with us.",
          "When: {time} (our time: {ourTime})",
          "{video}",
          "To move or cancel it, use the link in the e-mail that confirmed your booking.",
        ],
      },
    },
    team: {
      moved: {
        subject: "Meeting moved: {name}, now {time}",
        lines: ["{name} moved their meeting from {earlierTime} to {time}.", "The updated invitation is attached."],
      },
      movedByTeam: {
        subject: "Meeting moved: {name}, now {time}",
        lines: [
          "The meeting with {name} was moved in the workspace from {earlierTime} to {time}, and they have been sent the updated invitation.",
          "The updated invitation is attached.",
        ],
      },
      cancelled: {
        subject: "Meeting cancelled: {name}, {time}",
        lines: [
          "The meeting with {name} on {time} is cancelled, and the time is free again.",
          "The cancellation is attached.",
        ],
      },
      erased: {
        subject: "Meeting cancelled: {time}",
        lines: [
          "The meeting on {time} is cancelled because the person who booked it asked for their data to be erased.",
          "The cancellation is attached; it names nobody.",
        ],
      },
    },
  },
  tooMany:
    "You already have {count} meetings booked with us, as many as one address can hold. To change one, use the link in its confirmation e-mail.",
} satisfies BookingContent;
