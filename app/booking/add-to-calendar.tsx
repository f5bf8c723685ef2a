import type { BookingContent } from "./booking-content-schema.ts";

export type CalendarLinks = { download: string; google: string; outlook: string; office: string };

/** The meeting into the visitor's calendar: the invitation as a file, or a calendar on the web's own form for it. */
export function AddToCalendar({
  content,
  links,
  headingLevel,
}: {
  content: BookingContent["addToCalendar"];
  links: CalendarLinks;
  /** Its heading's level in the page's outline. */
  headingLevel: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const link = "inline-flex min-h-11 items-center font-semibold text-brand underline underline-offset-4";
  return (
    <section aria-labelledby="add-to-calendar-title" className="mt-8">
      <Heading id="add-to-calendar-title" className="text-lg font-bold">
        {content.title}
      </Heading>
      <ul className="mt-2 flex flex-wrap gap-x-6 gap-y-1">
        <li>
          <a href={links.download} download className={link}>
            {content.download}
          </a>
        </li>
        <li>
          <a href={links.google} className={link}>
            {content.google}
          </a>
        </li>
        <li>
          <a href={links.outlook} className={link}>
            {content.outlook}
          </a>
        </li>
        <li>
          <a href={links.office} className={link}>
            {content.office}
          </a>
        </li>
      </ul>
    </section>
  );
}
