import { data } from "react-router";
import { Island } from "#app/site/island.tsx";
import { pages } from "#app/site/pages.ts";
import { pageMeta } from "#app/site/seo.ts";
import { Alert } from "#app/ui/alert.tsx";
import { Card } from "#app/ui/card.tsx";
import { Confirmation } from "#app/ui/confirmation.tsx";
import { Container } from "#app/ui/container.tsx";
import { PageHead } from "#app/ui/section.tsx";
import { useNonce } from "#app/site/nonce.ts";
import { MonthGrid, TimesZoneNote, ToBrowserZone, ZoneForm } from "./booking-calendar.tsx";
import { AddToCalendar } from "./add-to-calendar.tsx";
import { booking } from "./booking-content.ts";
import { BookingForm } from "./booking-form.tsx";
import { timesId } from "./booking-links.ts";
import { bookingPageData, submitBooking } from "./booking-page.server.ts";
import type { Route } from "./+types/booking-page";

export const meta: Route.MetaFunction = (args) => pageMeta(args, booking.meta);

export async function loader({ request }: Route.LoaderArgs) {
  const page = await bookingPageData(request);
  return data(page, { status: page.status });
}

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

export default function BookingPage({ loaderData: page, actionData }: Route.ComponentProps) {
  const nonce = useNonce();
  // Once booked, the hero speaks of the meeting, no longer of choosing a day.
  const heroCopy = page.confirmation ? booking.hero.booked : booking.hero;
  const hero = (
    <PageHead title={heroCopy.headline}>
      <p className="mt-4 max-w-2xl text-lead text-ink-muted">{heroCopy.intro}</p>
    </PageHead>
  );

  if (page.confirmation) {
    return (
      <>
        {hero}
        <Container className="py-12 lg:py-16">
          <Confirmation
            title={booking.confirmation.title}
            message={booking.confirmation.message}
            action={{ href: pages.contact.path, label: booking.confirmation.another }}
          >
            <ul className="mt-6 space-y-2 text-lg font-semibold">
              <li>{page.confirmation.yourTime}</li>
              {page.confirmation.ourTime ? <li>{page.confirmation.ourTime}</li> : null}
            </ul>
            {page.confirmation.calendarLinks ? (
              <AddToCalendar headingLevel={3} content={booking.addToCalendar} links={page.confirmation.calendarLinks} />
            ) : null}
          </Confirmation>
        </Container>
      </>
    );
  }

  return (
    <>
      {/* With JavaScript, the times come in the browser's zone from the first paint. */}
      {page.zoneChosen ? null : <ToBrowserZone ourZones={page.zoneAliases} nonce={nonce} />}
      {hero}
      {/* Cal.com's shape: one month, and the chosen day's times beside it (below it on a phone). */}
      <Container className="grid items-start gap-8 py-12 lg:grid-cols-[minmax(0,24rem)_minmax(0,1fr)] lg:gap-12 lg:py-16">
        <section aria-labelledby="calendar-title" className="space-y-5">
          <h2 id="calendar-title" className="text-2xl font-extrabold tracking-tight">
            {booking.calendar.title}
          </h2>
          {page.problems.length ? (
            <Alert tone="error">
              {page.problems.map((problem) => (
                <p key={problem}>{problem}</p>
              ))}
            </Alert>
          ) : null}
          <MonthGrid
            months={page.months}
            weekdays={page.weekdays}
            chosenDay={page.day?.date ?? null}
            zone={page.zoneChosen ? page.zone : null}
            steps={{
              previous: page.previous,
              next: page.next,
              labels: { previous: booking.calendar.previous, next: booking.calendar.next },
            }}
          />
          <p className="text-sm text-ink-muted">{booking.calendar.hint}</p>
          <ZoneForm
            content={booking.zone}
            zone={page.zone}
            zoneName={page.zoneName}
            zones={page.zones}
            day={page.day?.date ?? null}
          />
        </section>
        {page.day ? (
          <Card className="p-6 sm:p-8">
            <section aria-labelledby={timesId}>
              <h2
                id={timesId}
                tabIndex={-1}
                className="scroll-mt-24 text-2xl font-extrabold tracking-tight focus:outline-none"
              >
                {booking.times.heading.replace("{day}", page.day.name)}
              </h2>
              <TimesZoneNote
                content={booking.times}
                zoneName={page.zoneName}
                ourZoneName={page.ourZoneName}
                withOurs={page.day.slots.some((slot) => slot.ours)}
              />
              <div className="mt-6">
                {/* Checks as the visitor types, and the browser's zone offered: the form hydrates at the first interaction. */}
                <Island
                  name="booking"
                  component={BookingForm}
                  props={{
                    content: booking.form,
                    timesContent: booking.times,
                    day: page.day,
                    zone: page.zone,
                    zoneChosen: page.zoneChosen,
                    stamp: page.stamp,
                    lastResult: actionData?.result,
                    formError: actionData?.formError,
                  }}
                />
              </div>
            </section>
          </Card>
        ) : (
          // Before a day: where the times will come, in a line; no details before a time is chosen.
          <section
            aria-labelledby={timesId}
            className="rounded-card border border-dashed border-line-strong p-6 lg:mt-14"
          >
            <h2 id={timesId} tabIndex={-1} className="scroll-mt-24 text-xl font-bold focus:outline-none">
              {booking.times.title}
            </h2>
            <p className="mt-2 text-ink-muted">{booking.times.pickDay}</p>
          </section>
        )}
      </Container>
    </>
  );
}
