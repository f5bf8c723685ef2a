import { data, Form, Link, useLocation } from "react-router";
import { pages } from "#app/site/pages.ts";
import { site } from "#app/site/site-content.ts";
import { Button } from "#app/ui/button.tsx";
import { Alert } from "#app/ui/alert.tsx";
import { Card } from "#app/ui/card.tsx";
import { Container } from "#app/ui/container.tsx";
import { PageHead } from "#app/ui/section.tsx";
import { MonthGrid, TimesZoneNote, ZoneForm } from "./booking-calendar.tsx";
import { TimeOption } from "./time-option.tsx";
import { AddToCalendar } from "./add-to-calendar.tsx";
import { booking } from "./booking-content.ts";
import { bookingHref, manageHref, timesId } from "./booking-links.ts";
import { managePageData, submitManage } from "./manage.server.ts";
import type { Route } from "./+types/manage-page";

const { manage } = booking;

// The token in the address is the only key: no canonical or shared address, no index, no cache.
export const meta: Route.MetaFunction = () => [
  { title: `${manage.meta.title} | ${site.companyName}` },
  { name: "description", content: manage.meta.description },
  { name: "robots", content: "noindex, nofollow" },
];

export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const headers = new Headers(actionHeaders);
  headers.set("Cache-Control", "no-store");
  // The token never leaves in a Referer (the video link, say); same-origin keeps the Origin header
  // that form posts need (with no-referrer, browsers send "Origin: null").
  headers.set("Referrer-Policy", "same-origin");
  headers.set("X-Robots-Tag", "noindex, nofollow");
  return headers;
};

export async function loader({ request, params }: Route.LoaderArgs) {
  const page = await managePageData(request, params.token);
  return data(page, { status: page.status });
}

export function action({ request, params }: Route.ActionArgs) {
  return submitManage(request, params.token);
}

export default function ManagePage({ loaderData: page, actionData, params }: Route.ComponentProps) {
  const location = useLocation();
  const here = manageHref(params.token);
  const error = actionData && "error" in actionData ? actionData.error : null;
  const askingToCancel = Boolean(actionData && "confirmCancel" in actionData);

  if (!page.meeting) {
    return (
      <>
        <PageHead title={manage.gone.title}>
          <p className="mt-4 max-w-2xl text-lead text-ink-muted">{manage.gone.message}</p>
        </PageHead>
        <Container className="py-12 lg:py-16">
          <p className="flex flex-wrap gap-4">
            <Link to={bookingHref({})} className="font-semibold text-brand underline underline-offset-4">
              {manage.bookAnother}
            </Link>
            <Link to={pages.contact.path} className="font-semibold text-brand underline underline-offset-4">
              {booking.confirmation.another}
            </Link>
          </p>
        </Container>
      </>
    );
  }

  const { meeting } = page;
  const times = (
    <ul className="space-y-2 text-lg font-semibold">
      <li>{meeting.yourTime}</li>
      {meeting.ourTime ? <li>{meeting.ourTime}</li> : null}
      {meeting.videoUrl ? (
        <li>
          <a href={meeting.videoUrl} className="text-brand underline underline-offset-4">
            {meeting.videoUrl}
          </a>
        </li>
      ) : null}
    </ul>
  );

  if (meeting.cancelled || !page.calendar) {
    return (
      <>
        <PageHead title={manage.cancelledHeadline}>
          <p className="mt-4 max-w-2xl text-lead text-ink-muted">{manage.cancelledIntro}</p>
        </PageHead>
        <Container className="py-12 lg:py-16">
          {times}
          <p className="mt-8">
            <Link to={bookingHref({})} className="font-semibold text-brand underline underline-offset-4">
              {manage.bookAnother}
            </Link>
          </p>
        </Container>
      </>
    );
  }

  const { calendar } = page;
  // The new time is posted to this address with the day and zone being looked at, so a refusal
  // shows the same day's times again.
  const rescheduleAction = `${here}${location.search.replace(/([?&])moved=1&?/, "$1").replace(/[?&]$/, "")}`;

  return (
    <>
      <PageHead title={manage.headline}>
        <p className="mt-4 max-w-2xl text-lead text-ink-muted">{manage.intro}</p>
      </PageHead>
      <Container className="space-y-10 py-12 lg:py-16">
        <div>
          {meeting.moved ? (
            <Alert tone="info" as="p" className="mb-6">
              {manage.movedNotice}
            </Alert>
          ) : null}
          {error ? (
            <Alert tone="error" as="p" className="mb-6">
              {error}
            </Alert>
          ) : null}
          {times}
          <AddToCalendar headingLevel={2} content={booking.addToCalendar} links={meeting.calendarLinks} />
        </div>

        <Card className="p-6 sm:p-8">
          <section aria-labelledby="cancel-title">
            <h2 id="cancel-title" className="text-2xl font-extrabold tracking-tight">
              {manage.cancel.title}
            </h2>
            <p className="mt-2 text-ink-muted">{manage.cancel.text}</p>
            {askingToCancel ? (
              <Form method="post" action={here} className="mt-4">
                <p className="font-semibold" role="status">
                  {meeting.cancelQuestion}
                </p>
                <input type="hidden" name="intent" value="cancel-confirmed" />
                <div className="mt-4 flex flex-wrap items-center gap-4">
                  <Button type="submit" variant="secondary">
                    {manage.cancel.confirm}
                  </Button>
                  <Link to={here} className="font-semibold text-brand underline underline-offset-4">
                    {manage.cancel.keep}
                  </Link>
                </div>
              </Form>
            ) : (
              <Form method="post" action={here} className="mt-4">
                <input type="hidden" name="intent" value="cancel" />
                <Button type="submit" variant="secondary">
                  {manage.cancel.button}
                </Button>
              </Form>
            )}
          </section>
        </Card>

        <section aria-labelledby="reschedule-title" className="grid gap-10 lg:grid-cols-[1fr_1.2fr]">
          <div className="space-y-6">
            <h2 id="reschedule-title" className="text-2xl font-extrabold tracking-tight">
              {manage.reschedule.title}
            </h2>
            <p className="text-ink-muted">{manage.reschedule.text}</p>
            {calendar.problems.length ? (
              <Alert tone="error">
                {calendar.problems.map((problem) => (
                  <p key={problem}>{problem}</p>
                ))}
              </Alert>
            ) : null}
            <ZoneForm
              content={booking.zone}
              zone={calendar.zone}
              zoneName={calendar.zoneName}
              zones={calendar.zones}
              day={calendar.day?.date ?? null}
              path={here}
            />
            <MonthGrid
              months={calendar.months}
              weekdays={calendar.weekdays}
              chosenDay={calendar.day?.date ?? null}
              zone={calendar.zoneChosen ? calendar.zone : null}
              path={here}
              steps={{
                previous: calendar.previous,
                next: calendar.next,
                labels: { previous: booking.calendar.previous, next: booking.calendar.next },
              }}
            />
          </div>
          <Card className="p-6 sm:p-8">
            <h3
              id={timesId}
              tabIndex={-1}
              className="scroll-mt-24 text-xl font-extrabold tracking-tight focus:outline-none"
            >
              {calendar.day ? booking.times.heading.replace("{day}", calendar.day.name) : manage.reschedule.title}
            </h3>
            {calendar.day ? (
              <TimesZoneNote
                content={booking.times}
                zoneName={calendar.zoneName}
                ourZoneName={calendar.ourZoneName}
                withOurs={calendar.day.slots.some((slot) => slot.ours)}
              />
            ) : null}
            {calendar.day ? (
              <Form method="post" action={rescheduleAction} className="mt-6 space-y-6">
                <input type="hidden" name="intent" value="reschedule" />
                <fieldset>
                  <legend className="mb-3 font-bold">{booking.times.legend.replace("{day}", calendar.day.name)}</legend>
                  {calendar.day.slots.length ? (
                    <ul className="grid grid-cols-[repeat(auto-fill,minmax(8.5rem,1fr))] gap-2">
                      {calendar.day.slots.map((slot) => (
                        <li key={slot.start}>
                          <TimeOption time={slot} name="start" required />
                        </li>
                      ))}
                    </ul>
                  ) : (
                    <p className="text-ink-muted">{booking.times.none}</p>
                  )}
                </fieldset>
                {calendar.day.slots.length ? <Button type="submit">{manage.reschedule.button}</Button> : null}
              </Form>
            ) : (
              <p className="mt-4 text-ink-muted">{booking.times.pickDay}</p>
            )}
          </Card>
        </section>
      </Container>
    </>
  );
}
