import type { ReactNode } from "react";
import { ConsentGate } from "./consent-manager.tsx";

// Class names are spelled out so Tailwind sees them; each frame size the brief names has its entry.
const frameSizes = {
  "540x700": "h-[700px] max-w-[540px]",
  "540x305": "h-[305px] max-w-[540px]",
} as const;

export type FrameSize = keyof typeof frameSizes;

/**
 * A third-party form frame at its fixed size, shrinking to the width available. Until the visitor
 * accepts third-party forms it is a placeholder of the same box (so the page never shifts) that
 * offers to load it. Without a configured URL there is no box to hold: `fallback` (a few lines
 * that say where to turn instead) takes its place at its own height.
 */
export function EmbedFrame({
  id,
  src,
  title,
  size,
  fallback,
}: {
  /** The frame's id (and its placeholder's): a choice made there comes back to it. */
  id: string;
  src: string | null;
  title: string;
  size: FrameSize;
  fallback: ReactNode;
}) {
  const [width, height] = size.split("x");
  const box = `block w-full rounded-card border border-line ${frameSizes[size]}`;
  if (!src)
    return (
      <div className="w-full max-w-[540px] rounded-card border border-line bg-raised p-5 text-left shadow-card sm:p-6">
        {fallback}
      </div>
    );
  return (
    <ConsentGate id={id} src={src} box={box}>
      <iframe
        id={id}
        src={src}
        title={title}
        width={width}
        height={height}
        loading="lazy"
        className={`${box} bg-raised`}
      />
    </ConsentGate>
  );
}
