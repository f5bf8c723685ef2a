import { ButtonLink } from "./button.tsx";

export type Store = { label: string; comingSoon: string; url: string | null };

/**
 * Store buttons from configuration. A store without a URL links to `fallbackHref` when given
 * (the download page), or else shows its "coming soon" state: never a dead link.
 */
export function StoreButtons({ stores, fallbackHref }: { stores: Store[]; fallbackHref?: string }) {
  return (
    <ul className="flex flex-wrap gap-3">
      {stores.map((store) => {
        const href = store.url ?? fallbackHref;
        return (
          <li key={store.label}>
            {href ? (
              <ButtonLink href={href}>{store.label}</ButtonLink>
            ) : (
              <p className="inline-flex min-h-11 items-center rounded-control border border-dashed border-line px-5 py-2.5 font-semibold text-ink-muted">
                {store.comingSoon}
              </p>
            )}
          </li>
        );
      })}
    </ul>
  );
}
