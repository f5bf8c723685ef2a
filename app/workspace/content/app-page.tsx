import { data, redirect } from "react-router";
import { acceptAttribute } from "#app/forms/file-names.ts";
import { MalformedFormError, parseMultipartForm, uploadBodyBytes } from "#app/forms/multipart.server.ts";
import {
  maxAltLength,
  maxScreenshotBytes,
  type ScreenshotSlot,
  screenshotExtensions,
  screenshotSlots,
  type StoreName,
  storeHosts,
  storeUrlSchema,
  stores,
} from "#app/pages/app-showcase.ts";
import { readAppShowcase, ScreenshotRefusal } from "#app/pages/app-showcase.server.ts";
import { features } from "#app/pages/features-content.ts";
import { ImageRefusal } from "#app/pages/proof-images.server.ts";
import { type PreparedScreenshot, prepareScreenshot } from "#app/pages/screenshot-images.server.ts";
import { env } from "#app/platform/env.server.ts";
import { fillTemplate } from "#app/platform/fill-template.ts";
import { mediaPath } from "#app/site/pages.ts";
import { Button } from "#app/ui/button.tsx";
import { Container } from "#app/ui/container.tsx";
import { Field, FileField, Fieldset } from "#app/ui/field.tsx";
import type { Route } from "./+types/app-page";
import { appEditor } from "./app-editor-content.ts";
import { changeApp } from "./app.server.ts";
import { requireContentRight } from "./content-rights.server.ts";
import { ConfirmStep } from "./editor-parts.tsx";
import { Notice } from "../shell/notice.tsx";
import { workspaceMeta } from "../shell/workspace-error.tsx";
import { workspacePaths } from "../workspace-paths.ts";

// The app's screenshots for the features page's "See It in Action" and its store links (issue 51,
// decision 059): one form per screen (its image, made fit on the server, and its alt text, which it
// cannot go without), one for the links. Plain forms: everything works without JavaScript.

export { WorkspaceError as ErrorBoundary } from "../shell/workspace-error.tsx";

const copy = appEditor;

export const meta: Route.MetaFunction = workspaceMeta(copy.title);

const doneNotices = {
  links: () => copy.done.links,
  saved: (number: string) => fillTemplate(copy.done.saved, { number }),
  removed: (number: string) => fillTemplate(copy.done.removed, { number }),
};

export async function loader({ request }: Route.LoaderArgs) {
  const { db } = await requireContentRight(request, "app");
  const showcase = await readAppShowcase(db);
  // ?done=saved-2, ?done=removed-1, ?done=links: what the last change did.
  const search = new URL(request.url).searchParams;
  const [done, number = ""] = (search.get("done") ?? "").split("-");
  const notice = done && done in doneNotices ? doneNotices[done as keyof typeof doneNotices](number) : null;
  return {
    screens: screenshotSlots.map((slot, index) => ({
      slot,
      title: features.showcase.screens[index]?.title ?? "",
      caption: features.showcase.screens[index]?.caption ?? "",
      screenshot: showcase.screenshots[slot] ?? null,
    })),
    links: showcase.links,
    configured: { "app-store": env.APP_STORE_URL ?? null, "google-play": env.PLAY_STORE_URL ?? null },
    notice,
    // Removing asks first (?remove=2): only the confirmation's own post removes.
    confirmRemove: slotOf(search.get("remove")),
  };
}

type ScreenProblem = { slot: ScreenshotSlot; alt: string; errors: { alt?: string; image?: string } };
type LinksProblem = { values: Record<StoreName, string>; errors: Partial<Record<StoreName, string>> };

const imageProblems = {
  type: copy.errors.imageType,
  unreadable: copy.errors.imageUnreadable,
  "svg-external": copy.errors.imageType,
  pixels: copy.errors.imagePixels,
  busy: copy.errors.imageBusy,
} as const;

const slotOf = (value: FormDataEntryValue | null) => screenshotSlots.find((slot) => String(slot) === value) ?? null;

export async function action({ request }: Route.ActionArgs) {
  // The right first: a member without it gets 403 before any of the body is read.
  const { db, staff } = await requireContentRight(request, "app");
  const actor = { id: staff.id, email: staff.email };
  let parsed: Awaited<ReturnType<typeof parseMultipartForm>>;
  try {
    parsed = await parseMultipartForm(request, {
      maxFiles: 1,
      maxTotalFileBytes: maxScreenshotBytes,
      maxBodyBytes: uploadBodyBytes(maxScreenshotBytes),
      maxFieldBytes: 8 * 1024,
      maxFields: 10,
    });
  } catch (error) {
    if (error instanceof MalformedFormError) throw data(copy.errors.summary, { status: 400 });
    throw error;
  }
  const { formData } = parsed;
  const intent = formData.get("intent");

  if (intent === "links") {
    const values = Object.fromEntries(
      stores.map((store) => [store, String(formData.get(store) ?? "").trim()]),
    ) as Record<StoreName, string>;
    const links = {} as Record<StoreName, string | null>;
    const errors: LinksProblem["errors"] = {};
    for (const store of stores) {
      if (!values[store]) {
        links[store] = null;
        continue;
      }
      const checked = storeUrlSchema(store).safeParse(values[store]);
      if (checked.success) links[store] = checked.data;
      else errors[store] = fillTemplate(copy.errors.storeUrl, { host: storeHosts[store] });
    }
    if (Object.keys(errors).length)
      return data({ links: { values, errors } satisfies LinksProblem, screen: null }, { status: 400 });
    await changeApp(db, { intent: "links", links }, actor);
    return redirect(`${workspacePaths.app}?done=links`, 303);
  }

  // The confirmation posts to the address that asked it (?remove=2).
  const slot = slotOf(formData.get("slot") ?? new URL(request.url).searchParams.get("remove"));
  if (!slot || (intent !== "screen" && intent !== "remove")) throw data(copy.errors.notFound, { status: 400 });
  if (intent === "remove" && formData.get("confirmed") !== "yes")
    return redirect(`${workspacePaths.app}?remove=${slot}#screen-${slot}`, 303);
  if (intent === "remove") {
    await changeApp(db, { intent: "remove", slot }, actor);
    return redirect(`${workspacePaths.app}?done=removed-${slot}`, 303);
  }

  const alt = String(formData.get("alt") ?? "").trim();
  const errors: ScreenProblem["errors"] = {};
  if (!alt) errors.alt = copy.errors.altMissing;
  else if (alt.length > maxAltLength) errors.alt = copy.errors.altTooLong;
  const file = formData.get("image");
  let image: PreparedScreenshot | undefined;
  if (parsed.fileProblem) errors.image = copy.errors.imageTooLarge;
  else if (file instanceof File && file.size > 0) {
    try {
      image = await prepareScreenshot({ name: file.name, content: new Uint8Array(await file.arrayBuffer()) });
    } catch (error) {
      if (!(error instanceof ImageRefusal)) throw error;
      errors.image = imageProblems[error.problem];
    }
  }
  const refused = (problem: ScreenProblem["errors"]) =>
    data({ screen: { slot, alt, errors: problem } satisfies ScreenProblem, links: null }, { status: 400 });
  if (errors.alt || errors.image) return refused(errors);
  try {
    await changeApp(db, { intent: "screen", slot, alt, image }, actor);
  } catch (error) {
    // No image yet and none chosen: there is nothing to describe.
    if (error instanceof ScreenshotRefusal) return refused({ image: copy.errors.noImage });
    throw error;
  }
  return redirect(`${workspacePaths.app}?done=saved-${slot}`, 303);
}

export default function AppPage({ loaderData, actionData }: Route.ComponentProps) {
  const { screens, links, configured, notice, confirmRemove } = loaderData;
  return (
    <Container className="max-w-4xl py-8">
      <h1 className="text-3xl font-extrabold tracking-tight">{copy.title}</h1>
      <p className="mt-2 max-w-2xl text-ink-muted">{copy.intro}</p>
      {notice && !actionData ? <Notice tone="done">{notice}</Notice> : null}

      <section aria-labelledby="screens-title" className="mt-10">
        <h2 id="screens-title" className="font-display text-2xl font-bold">
          {copy.screens.title}
        </h2>
        <p className="mt-2 max-w-2xl text-ink-muted">{copy.screens.intro}</p>
        <div className="mt-6 grid gap-6">
          {screens.map((screen) => (
            <ScreenForm
              key={screen.slot}
              {...screen}
              confirmRemove={confirmRemove === screen.slot && screen.screenshot !== null}
              problem={actionData?.screen?.slot === screen.slot ? actionData.screen : null}
            />
          ))}
        </div>
      </section>

      <section aria-labelledby="stores-title" className="mt-12">
        <h2 id="stores-title" className="font-display text-2xl font-bold">
          {copy.stores.title}
        </h2>
        <p className="mt-2 max-w-2xl text-ink-muted">{copy.stores.intro}</p>
        <form method="post" className="mt-6 space-y-6 rounded-card border border-line bg-surface p-6">
          {actionData?.links ? <Notice tone="problem">{copy.errors.summary}</Notice> : null}
          <div className="grid gap-5">
            {stores.map((store) => {
              const error = actionData?.links?.errors[store];
              const url = configured[store];
              return (
                <Field
                  key={store}
                  id={`store-${store}`}
                  label={store === "app-store" ? copy.stores.appStore : copy.stores.googlePlay}
                  hint={
                    // A configured address is one long word: it wraps anywhere rather than widen a phone's page.
                    <span className="[overflow-wrap:anywhere]">
                      {fillTemplate(copy.stores.hint, { host: storeHosts[store] })}{" "}
                      {url ? fillTemplate(copy.stores.configured, { url }) : copy.stores.notConfigured}
                    </span>
                  }
                  errors={error ? [error] : undefined}
                >
                  {(props) => (
                    <input
                      {...props}
                      name={store}
                      type="url"
                      inputMode="url"
                      defaultValue={actionData?.links?.values[store] ?? links[store] ?? ""}
                    />
                  )}
                </Field>
              );
            })}
          </div>
          <Button type="submit" name="intent" value="links">
            {copy.stores.save}
          </Button>
        </form>
      </section>
    </Container>
  );
}

function ScreenForm({
  slot,
  title,
  caption,
  screenshot,
  problem,
  confirmRemove,
}: Route.ComponentProps["loaderData"]["screens"][number] & { problem: ScreenProblem | null; confirmRemove: boolean }) {
  const id = `screen-${slot}`;
  const number = String(slot);
  const imageError = problem?.errors.image;
  return (
    // Reached at #screen-N (the removal's question): below the phone's sticky bar, not under it.
    <div id={id} className="scroll-mt-20 rounded-card border border-line bg-surface p-6 lg:scroll-mt-6">
      {confirmRemove ? (
        <div className="-mt-6 mb-6">
          <ConfirmStep
            id={`${id}-remove-question`}
            question={fillTemplate(copy.removeConfirm.question, { number })}
            explanation={copy.removeConfirm.explanation}
            intent="remove"
            confirm={copy.removeConfirm.confirm}
            cancel={copy.removeConfirm.cancel}
            cancelHref={`${workspacePaths.app}#${id}`}
          />
        </div>
      ) : null}
      <form method="post" encType="multipart/form-data" className="space-y-5">
        <input type="hidden" name="slot" value={slot} />
        <Fieldset legend={fillTemplate(copy.screens.legend, { number, title })}>
          <div className="sm:col-span-2 -mt-3 space-y-4">
            <p className="text-ink-muted">{fillTemplate(copy.screens.caption, { caption })}</p>
            {problem ? <Notice tone="problem">{copy.errors.summary}</Notice> : null}
            {screenshot ? (
              <figure className="flex items-start gap-4">
                <img
                  src={mediaPath(screenshot.webp)}
                  alt={screenshot.alt}
                  width={110}
                  height={Math.round((110 * screenshot.height) / screenshot.width)}
                  className="w-[110px] rounded-control border border-line"
                />
                <figcaption className="text-sm">
                  <span className="block font-semibold">{copy.screens.current}</span>
                  <span className="text-ink-muted">{screenshot.alt}</span>
                </figcaption>
              </figure>
            ) : (
              <p className="text-sm text-ink-muted">{copy.screens.none}</p>
            )}
          </div>
          <div className="sm:col-span-2">
            <FileField
              id={`${id}-image`}
              label={copy.screens.file}
              required={!screenshot}
              hint={screenshot ? `${copy.screens.fileHint} ${copy.screens.replaceHint}` : copy.screens.fileHint}
              errors={imageError ? [imageError] : undefined}
              chosenLabel={copy.screens.chosen}
              chooseAgain={problem ? copy.screens.chooseAgain : null}
              input={{ name: "image", accept: acceptAttribute(screenshotExtensions) }}
            />
          </div>
          <div className="sm:col-span-2">
            <Field
              id={`${id}-alt`}
              label={copy.screens.alt}
              hint={copy.screens.altHint}
              required
              errors={problem?.errors.alt ? [problem.errors.alt] : undefined}
            >
              {(props) => (
                <textarea
                  {...props}
                  name="alt"
                  rows={2}
                  required
                  maxLength={maxAltLength}
                  defaultValue={problem?.alt ?? screenshot?.alt ?? ""}
                />
              )}
            </Field>
          </div>
        </Fieldset>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" name="intent" value="screen">
            {fillTemplate(copy.screens.save, { number })}
          </Button>
          {screenshot ? (
            <Button type="submit" name="intent" value="remove" variant="danger" formNoValidate>
              {fillTemplate(copy.screens.remove, { number })}
            </Button>
          ) : null}
        </div>
      </form>
    </div>
  );
}
