import type { AnalyticsContent } from "./analytics-content-schema.ts";

// The workspace's analytics dashboard and the 24-hour promise on an inquiry (issue 34).
export const analyticsCopy = {
  navigation: "Analytics",
  reply: {
    title: "Reply within 24 hours",
    owner: "Who answers",
    nobody: "Nobody yet (the team)",
    take: "Take it",
    assign: "Assign",
    replied: "Replied",
    repliedHint:
      "Press Replied once the first answer has gone out, by e-mail or phone: the promise counts until then, and the owner (or the team) is reminded 20 hours after the inquiry arrived.",
    due: "Reply due in {time}",
    late: "Reply {time} late",
    repliedAfter: "Replied after {time}",
    repliedLate: "Replied after {time}, later than promised",
    ownedBy: "Owner: {email}",
    form: {
      title: "Reply by e-mail",
      intro:
        "Sent to {email} from the site's address; their answer comes back to you. The first reply sent here stops the promise's clock.",
      subject: "Subject",
      subjectPrefix: "Re: ",
      message: "Message",
      messageHint:
        "Sent as you write it. A copy is kept like the other e-mails about the inquiry, and deleted with them.",
      send: "Send reply",
      errors: {
        subject: "Write a subject.",
        message: "Write your reply: the message is empty.",
        tooLong: "This is too long.",
        summary: "The reply was not sent: see the message below.",
        noAddress: "This inquiry has no e-mail address to reply to.",
      },
    },
    reminder: {
      subject: "An inquiry has waited {hours} hours for a reply",
      text: "An inquiry arrived {hours} hours ago and nobody has replied yet. The contact page promises a reply within {promise} hours. Open it in the workspace: {link}",
      owner: "You are the one who answers it.",
      team: "Nobody has taken it yet: take it in the workspace, or assign it.",
    },
  },
  dashboard: {
    title: "Analytics",
    intro:
      "What the site brings: pages people viewed, where they came from, and what they sent. Counted on the server without cookies or personal data; crawlers and the site's own checks are left out.",
    adminsAndAllowed: "Admins see this page, and the people an admin allows below.",
    range: {
      legend: "Days shown",
      last: "Last {days} days",
      from: "From",
      to: "To",
      show: "Show",
      badRange: "That range could not be shown: the last 30 days are shown instead.",
    },
    showing: "{from} to {to} (UTC)",
    export: "Download these figures (CSV)",
    summary: {
      views: "Page views",
      visits: "Visits",
      visitsHint:
        "A visit starts when someone opens a page from outside the site (another site, a link in an e-mail, a bookmark); the pages they open from there are views of the same visit.",
    },
    overTime: {
      title: "Visits and views over time",
      chart:
        "Page views (bars) and visits (line) per day, from {from} to {to}; the same numbers are in the table below.",
      day: "Day",
    },
    columns: { views: "Views", visits: "Visits" },
    pages: { title: "Top pages", empty: "No page views in these days.", column: "Page" },
    referrers: {
      title: "Referring sites",
      empty: "No visitor came from another site in these days.",
      column: "Site",
    },
    campaigns: {
      title: "Campaigns",
      empty: "No visitor came through a campaign link (utm_source, utm_medium, utm_campaign) in these days.",
      source: "Source",
      medium: "Medium",
      campaign: "Campaign",
      none: "–",
    },
    devices: {
      title: "Devices",
      empty: "No page views in these days.",
      column: "Device",
      names: { mobile: "Phone", tablet: "Tablet", desktop: "Computer" },
    },
    funnels: {
      title: "Forms: views and submissions",
      empty: "No form was viewed or sent in these days.",
      form: "Form",
      views: "Form page views",
      submissions: "Sent (not spam)",
      rate: "Sent per 100 views",
      forms: {
        contact: "Contact (inquiries)",
        meeting: "Meeting booking",
        application: "Application: {posting}",
        general: "General application",
      },
      note: "Submissions count those not marked as spam; they are counted even when their sender's page view was not (a crawler's, or before counting began).",
    },
    heard: {
      title: "How did you hear about us?",
      empty: "No inquiry arrived in these days.",
      answer: "Answer",
      count: "Inquiries",
      none: "(no answer)",
    },
    promise: {
      title: "Replies within 24 hours",
      empty: "No inquiry arrived in these days.",
      intro:
        "Per week of arrival: the inquiries answered within 24 hours among those replied to or past their 24 hours, and the median time to the first reply.",
      chart: "Share of inquiries answered within 24 hours, per week; the same numbers are in the table below.",
      week: "Week of",
      inquiries: "Inquiries",
      kept: "Answered within 24 h",
      share: "Share",
      median: "Median time to first reply",
      notYet: "–",
    },
    access: {
      title: "Who sees this page",
      intro: "Admins always do. Allow a member to see the figures (they are the same for everyone).",
      allow: "Allow",
      remove: "Remove",
      allowed: "Sees the analytics",
      notAllowed: "Does not see the analytics",
      none: "There are no members yet: everyone in the workspace is an admin.",
    },
    forbidden: "This page is for admins and the people they allow. Ask an admin if you need the figures.",
  },
} satisfies AnalyticsContent;
