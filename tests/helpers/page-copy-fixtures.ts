import type { Kysely } from "kysely";
import { z } from "zod";
import type { Schema } from "#app/platform/db.server.ts";
import { publishCopy } from "#app/site/page-copy.server.ts";
import type { PageCopy } from "#app/site/page-copy.ts";
import { editablePages } from "#app/workspace/content/page-copies.ts";

// Every page's copy with each field at its schema's maximum length and each list at its maximum
// (issue 51): the copy the byte budgets must still hold with (tests/e2e/budgets.spec.ts). The
// words are made from a fixed seed, letters in words of varied length, which compress about as
// badly as real prose does, never better.

function words(seed: number) {
  let state = seed;
  const next = () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
  return (length: number) => {
    let text = "";
    while (text.length < length) {
      const word = Array.from({ length: 2 + Math.floor(next() * 8) }, () =>
        String.fromCharCode(97 + Math.floor(next() * 26)),
      ).join("");
      text += text ? ` ${word}` : word.charAt(0).toUpperCase() + word.slice(1);
    }
    // Ends on a letter, so trimming keeps the length.
    return `${text.slice(0, length - 1)}x`;
  };
}

function longest(schema: z.ZodType, key: string, say: (length: number) => string): unknown {
  if (schema instanceof z.ZodObject)
    return Object.fromEntries(
      Object.entries(schema.shape as Record<string, z.ZodType>).map(([child, inner]) => [
        child,
        longest(inner, child, say),
      ]),
    );
  if (schema instanceof z.ZodArray) {
    let count = 0;
    for (const check of schema._zod.def.checks ?? []) {
      const def = check._zod.def as { check: string; minimum?: number; maximum?: number; length?: number };
      if (def.check === "max_length") count = def.maximum ?? count;
      if (def.check === "length_equals") count = def.length ?? count;
      if (def.check === "min_length") count = Math.max(count, def.minimum ?? 0);
    }
    return Array.from({ length: count }, () => longest(schema.element as z.ZodType, key, say));
  }
  if (schema instanceof z.ZodString) {
    const max = schema.maxLength ?? 0;
    // An address on this site: a path as long as the field takes.
    return key === "href"
      ? `/${say(max - 1)
          .replaceAll(" ", "-")
          .toLowerCase()}`
      : say(max);
  }
  throw new Error(`no longest value for ${schema.type}`);
}

/** A page's copy at its longest, checked by its schema. */
export function longestCopy<Copy>(entry: PageCopy<Copy>, seed = 51): Copy {
  return entry.schema.parse(longest(entry.schema, "", words(seed)));
}

/** Publishes every page's longest copy, as an editor would, each page a version. */
export async function fillFullCopy(db: Kysely<Schema>) {
  await db.transaction().execute(async (trx) => {
    for (const [index, entry] of editablePages.entries())
      await publishCopy(trx, entry.page, longestCopy(entry, 51 + index), { email: "editor@company.example" });
  });
}
