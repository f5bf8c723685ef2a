import { ButtonLink } from "./button-link.tsx";

export type Store = { label: string; comingSoon: string; url: string | null };

/**
 * Store buttons from configuration. A store without a URL links to `fallbackHref` when given
 * (the download page), or else shows its "coming soon" state: never a dead link.
 */
export function StoreButtons({
  stores,
  fallbackHref,
  variant = "primary",
}: {
  stores: Store[];
  fallbackHref?: string;
  /** "glow" on the deep panel. */
  variant?: "primary" | "glow";
}) {
  return (
    <ul className="flex flex-wrap gap-3">
      {stores.map((store) => {
        const href = store.url ?? fallbackHref;
        return (
          <li key={store.label}>
            {href ? (
              <ButtonLink href={href} variant={variant}>
                {store.label}
              </ButtonLink>
            ) : (
              // A status, not a control: no border or button shape that invites a click.
              <p className="inline-flex min-h-11 items-center gap-2 rounded-full bg-accent-soft px-4 text-sm font-semibold text-accent">
                <span aria-hidden="true" className="size-2 rounded-full bg-glow" />
                {store.comingSoon}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
