import { Link } from "react-router";

/** A piece of a sentence: words, or the record it is about (a link while it exists). */
export type SentencePart = string | { label: string; href: string | null };

/** A sentence of the audit trail or a submission's history, the records it names linked while they exist. */
export function Sentence({ parts }: { parts: SentencePart[] }) {
  return parts.map((part, index) =>
    typeof part === "string" ? (
      part
    ) : part.href ? (
      // biome-ignore lint/suspicious/noArrayIndexKey: a sentence's parts, in their order, never reordered
      <Link key={index} to={part.href} className="text-brand underline underline-offset-4">
        {part.label}
      </Link>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: a sentence's parts, in their order, never reordered
      <span key={index}>{part.label}</span>
    ),
  );
}
