import type { Kysely } from "kysely";
import { z } from "zod";
import type { Schema } from "#app/platform/db.server.ts";
import { replacePageCopy } from "#app/site/page-copy.server.ts";
import { recordAudit } from "../people/audit.server.ts";
import { editablePage } from "./page-copies.ts";

// The pages' copy in the content file (`npm run content`, content-file.server.ts): each page's
// draft, published copy and versions, every one checked by that page's own schema, as the
// workspace checks a publish. Pages not in the file keep their copy.

const VersionSchema = z.object({
  version: z.int().min(1),
  savedAt: z.iso.datetime(),
  savedBy: z.string().max(320).nullable(),
  copy: z.unknown(),
});

const PageEntrySchema = z
  .object({
    page: z.string(),
    draft: z.unknown().nullable(),
    published: z.unknown().nullable(),
    versions: z.array(VersionSchema),
  })
  .superRefine((entry, context) => {
    const editable = editablePage(entry.page);
    if (!editable) {
      context.addIssue({ code: "custom", path: ["page"], message: `no page is called ${JSON.stringify(entry.page)}` });
      return;
    }
    const check = (value: unknown, path: Array<string | number>) => {
      const result = editable.schema.safeParse(value);
      if (!result.success)
        for (const issue of result.error.issues)
          context.addIssue({
            code: "custom",
            path: [...path, ...(issue.path as PropertyKey[]).map(String)],
            message: issue.message,
          });
    };
    if (entry.draft !== null) check(entry.draft, ["draft"]);
    if (entry.published !== null) check(entry.published, ["published"]);
    for (const [index, version] of entry.versions.entries()) check(version.copy, ["versions", index, "copy"]);
    const numbers = entry.versions.map((version) => version.version);
    if (new Set(numbers).size !== numbers.length)
      context.addIssue({ code: "custom", path: ["versions"], message: "two versions have the same number" });
  });

export const PagesFileSchema = z.array(PageEntrySchema).refine((entries) => {
  const pages = entries.map((entry) => entry.page);
  return new Set(pages).size === pages.length;
}, "Two entries are for the same page.");

/** Imports the checked pages' copy in the caller's transaction: each page's copy and history as the file has them. */
export async function importPageCopies(trx: Kysely<Schema>, entries: z.output<typeof PagesFileSchema>) {
  for (const entry of entries) {
    await replacePageCopy(trx, entry);
    await recordAudit(trx, { actor: null, action: "page-publish", target: entry.page, detail: "imported" });
  }
  return entries.length;
}
