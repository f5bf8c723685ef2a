import { type ReactNode, Suspense } from "react";

/**
 * A part of the page React hydrates on its own (decision 025): a Suspense boundary that never
 * shows a fallback. The server renders its content in place; in the browser React hydrates the
 * page around it first and the piece in a pass of its own, yielding in between, so no single task
 * hydrates the whole page, and a click on a button in a piece not yet hydrated hydrates that piece
 * alone. A form is one piece with its fields (see the decision).
 */
export function Piece({ children }: { children: ReactNode }) {
  return <Suspense>{children}</Suspense>;
}
