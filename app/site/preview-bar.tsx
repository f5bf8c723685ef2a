import { useMatches } from "react-router";

// A page the workspace shows as the public will see it (a posting, a proof entry) comes under a
// bar that says it is a preview and leads back to the editor; the cookie banner stays away, as
// the page is for the team, not a visitor (issue 48). The route marks itself with the handle and
// its loader gives the bar's words and the way back.

export const previewHandle = { preview: true } as const;

export type PreviewBarData = { note: string; back: string; backLabel: string };

/** The bar of the page being rendered, if it is a preview. */
export function usePreviewBar(): PreviewBarData | null {
  const matches = useMatches();
  // A page previewed with draft copy: its bar comes with the root's data (app/site/page-copy.server.ts).
  const root = matches.find((candidate) => candidate.id === "root")?.loaderData as
    | { previewBar?: PreviewBarData | null }
    | undefined;
  if (root?.previewBar) return root.previewBar;
  const match = matches.find((candidate) => (candidate.handle as { preview?: boolean } | undefined)?.preview);
  return (match?.loaderData as { previewBar?: PreviewBarData } | undefined)?.previewBar ?? null;
}

export function PreviewBar({ note, back, backLabel }: PreviewBarData) {
  return (
    <div role="note" aria-label={note} className="bg-ink text-canvas">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center justify-between gap-x-6 gap-y-2 px-4 py-3 sm:px-6">
        <p className="font-semibold">{note}</p>
        <a
          href={back}
          className="inline-flex min-h-11 items-center rounded-control border border-canvas/60 px-4 font-semibold hover:bg-canvas hover:text-ink"
        >
          ← {backLabel}
        </a>
      </div>
    </div>
  );
}
