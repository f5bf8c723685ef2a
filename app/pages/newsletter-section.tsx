import { EmbedFrame } from "#app/consent/embed-frame.tsx";
import { Section, SectionHeader } from "#app/ui/section.tsx";
import { FrameFallback } from "./frame-fallback.tsx";
import type { FrameFallbackCopy } from "./pages-content-schema.ts";

type NewsletterCopy = { title: string; description: string; frameTitle: string; unavailable: FrameFallbackCopy };

/** A section that introduces the newsletter signup frame (540x700) and holds it. */
export function NewsletterSection({
  id,
  frameId,
  copy,
  src,
  email,
  className,
}: {
  id: string;
  /** The frame's id: "Load form" comes back to it (so it reads as an address: "/#newsletter"). */
  frameId: string;
  copy: NewsletterCopy;
  src: string | null;
  email: string;
  /** Below the first screen: `below-fold` and the band's measured heights, with and without the frame. */
  className: string;
}) {
  return (
    <Section labelledBy={id} tone="surface" compact={!src} className={className}>
      <div className={`grid gap-10 lg:grid-cols-[1fr_540px] ${src ? "items-start" : "items-center"}`}>
        <SectionHeader id={id} title={copy.title} description={copy.description} align="start" className="!mb-0" />
        <EmbedFrame
          id={frameId}
          src={src}
          title={copy.frameTitle}
          size="540x700"
          fallback={<FrameFallback copy={copy.unavailable} email={email} />}
        />
      </div>
    </Section>
  );
}
