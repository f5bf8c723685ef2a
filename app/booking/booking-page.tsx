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
      <Container className="grid gap-10 py-12 lg:grid-cols-[1fr_1.2fr] lg:py-16">
        <section aria-labelledby="calendar-title" className="space-y-6">
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
          <ZoneForm
            content={booking.zone}
            zone={page.zone}
            zoneName={page.zoneName}
            zones={page.zones}
            day={page.day?.date ?? null}
          />
          <p className="text-sm text-ink-muted">{booking.calendar.hint}</p>
          <MonthGrid
            months={page.months}
            weekdays={page.weekdays}
            chosenDay={page.day?.date ?? null}
            zone={page.zoneChosen ? page.zone : null}
          />
        </section>
        <Card className="p-6 sm:p-8">
          <section aria-labelledby={timesId}>
            <h2
              id={timesId}
              tabIndex={-1}
              className="scroll-mt-24 text-2xl font-extrabold tracking-tight focus:outline-none"
            >
              {page.day ? booking.times.heading.replace("{day}", page.day.name) : booking.form.title}
            </h2>
            {page.day ? (
              <TimesZoneNote
                content={booking.times}
                zoneName={page.zoneName}
                ourZoneName={page.ourZoneName}
                withOurs={page.day.slots.some((slot) => slot.ours)}
              />
            ) : null}
            <div className="mt-6">
              {page.day ? (
                // Checks as the visitor types, and the browser's zone offered: the form hydrates at the first interaction.
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
