import { useEffect, useRef } from "react";
import { data, useNavigate } from "react-router";
import { hydrateHandle } from "#app/site/hydration.ts";
import { pages } from "#app/site/pages.ts";
import { pageMeta } from "#app/site/seo.ts";
import { whenIdle } from "#app/platform/when-idle.ts";
import { Card } from "#app/ui/card.tsx";
import { Confirmation } from "#app/ui/confirmation.tsx";
import { Container } from "#app/ui/container.tsx";
import { Piece } from "#app/ui/piece.tsx";
import { PageHead } from "#app/ui/section.tsx";
import { MonthGrid, ZoneForm } from "./booking-calendar.tsx";
import { booking } from "./booking-content.ts";
import { BookingForm } from "./booking-form.tsx";
import { bookingHref, timesId } from "./booking-links.ts";
import { bookingPageData, submitBooking } from "./booking.server.ts";
import type { Route } from "./+types/booking-page";

export const meta: Route.MetaFunction = (args) => pageMeta(args, booking.meta);

export async function loader({ request }: Route.LoaderArgs) {
  const page = await bookingPageData(request);
  return data(page, { status: page.status });
}

// Choosing a day or a zone loads the page's data only, once the page has JavaScript (at the first interaction).
export const handle = hydrateHandle;

// Free times change with every booking: browsers ask again each time, and no shared cache keeps
// a copy (it carries the visitor's form stamp too). The rate limit's Retry-After rides along.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers(actionHeaders);
  headers.set("Cache-Control", "private, no-cache");
  return headers;
};

export function action({ request }: Route.ActionArgs) {
  return submitBooking(request);
}

/**
 * The browser's time zone. Temporal where the browser has it: the first Intl.DateTimeFormat of a
 * page loads the locale's calendar data, 15 to 45 ms here, four times that at CPU 4× (decision 025).
 */
function browserTimeZone(): string | undefined {
  const native = (globalThis as { Temporal?: { Now: { timeZoneId: () => string } } }).Temporal;
  return native ? native.Now.timeZoneId() : Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export default function BookingPage({ loaderData: page, actionData }: Route.ComponentProps) {
  const navigate = useNavigate();
  const timesHeading = useRef<HTMLHeadingElement>(null);
  const shownDay = useRef(page.day?.date);

  // The browser's zone, once, when the visitor has not chosen one (the links then carry it). Once
  // the page is idle: React has hydrated the page's pieces by then, and the times in the visitor's
  // zone replace them in an update of their own (decision 025).
  useEffect(() => {
    if (page.zoneChosen || page.confirmation) return;
    whenIdle(() => {
      const detected = browserTimeZone();
      if (detected && detected !== page.zone) void navigate(bookingHref({ day: page.day?.date, tz: detected }), { replace: true, preventScrollReset: true });
    });
  }, []); // on the first render only: a zone the visitor then chooses stays chosen

  // A day chosen without reloading the page: focus goes to its times, which announces the day
  // (without JavaScript the link's #times fragment brings the visitor there).
  useEffect(() => {
    if (page.day && page.day.date !== shownDay.current) timesHeading.current?.focus();
    shownDay.current = page.day?.date;
  }, [page.day]);

  const hero = (
    <PageHead title={booking.hero.headline}>
      <p className="mt-4 max-w-2xl text-lead text-ink-muted">{booking.hero.intro}</p>
    </PageHead>
  );

  if (page.confirmation) {
    return (
      <>
        {hero}
        <Container className="py-12 lg:py-16">
          <Confirmation title={booking.confirmation.title} message={booking.confirmation.message} action={{ href: pages.contact.path, label: booking.confirmation.another }}>
            <ul className="mt-6 space-y-2 text-lg font-semibold">
              <li>{page.confirmation.yourTime}</li>
              <li>{page.confirmation.ourTime}</li>
            </ul>
          </Confirmation>
        </Container>
      </>
    );
  }

  return (
    <>
      {hero}
      <Container className="grid gap-10 py-12 lg:grid-cols-[1fr_1.2fr] lg:py-16">
        <Piece>
          <section aria-labelledby="calendar-title" className="space-y-6">
            <h2 id="calendar-title" className="text-2xl font-extrabold tracking-tight">
              {booking.calendar.title}
            </h2>
            {page.problems.length ? (
              <div role="alert" className="rounded-card border border-danger/40 bg-danger/5 p-4 font-semibold text-danger">
                {page.problems.map((problem) => (
                  <p key={problem}>{problem}</p>
                ))}
              </div>
            ) : null}
            <ZoneForm content={booking.zone} zone={page.zone} zoneLong={page.zoneLong} zones={page.zones} day={page.day?.date ?? null} />
            <p className="text-sm text-ink-muted">{booking.calendar.hint}</p>
            <MonthGrid months={page.months} weekdays={page.weekdays} chosenDay={page.day?.date ?? null} zone={page.zoneChosen ? page.zone : null} />
          </section>
        </Piece>
        <Card className="p-6 sm:p-8">
          <section aria-labelledby={timesId}>
            <h2 id={timesId} ref={timesHeading} tabIndex={-1} className="scroll-mt-24 text-2xl font-extrabold tracking-tight focus:outline-none">
              {page.day ? booking.times.heading.replace("{day}", page.day.name) : booking.form.title}
            </h2>
            <div className="mt-6">
              {page.day ? (
                <Piece>
                  <BookingForm
                    content={booking.form}
                    timesContent={booking.times}
                    day={page.day}
                    zone={page.zone}
                    stamp={page.stamp}
                    lastResult={actionData?.result}
                    formError={actionData?.formError}
                  />
                </Piece>
              ) : (
                <p className="text-ink-muted">{booking.times.pickDay}</p>
              )}
            </div>
          </section>
        </Card>
      </Container>
    </>
  );
}
