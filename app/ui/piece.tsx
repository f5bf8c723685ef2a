import { type ReactNode, Suspense } from "react";

/**
 * A part of the page React hydrates on its own (decision 025). A Suspense boundary that never
 * shows a fallback: the server renders its content in place, and in the browser React hydrates
 * the page around it first and the piece in a pass of its own, yielding in between, so no single
 * task hydrates the whole page; a key pressed or a click inside a piece not yet hydrated hydrates
 * that piece alone, at once.
 */
export function Piece({ children }: { children: ReactNode }) {
  return <Suspense>{children}</Suspense>;
}
