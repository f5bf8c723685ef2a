// Closes the posting at the address given (`node tests/e2e/close-posting.ts SLUG`) in the database
// of DATA_DIR (or DATABASE_URL), as a separate process beside the running server, as another
// instance's workspace would: the careers capability's change, which bumps the postings'
// revision that every instance reads about once a second.
import { changePostingStatus, findPostingBySlug } from "#app/careers/postings.server.ts";
import { openDatabase } from "#app/platform/db.server.ts";

const slug = process.argv[2] ?? "";
const { db } = openDatabase({
  dataDir: process.env.DATA_DIR ?? "",
  databaseUrl: process.env.DATABASE_URL || undefined,
});
try {
  const posting = await findPostingBySlug(db, slug);
  if (!posting) throw new Error(`no posting at ${slug}`);
  await db
    .transaction()
    .execute((trx) => changePostingStatus(trx, posting.id, { to: "close" }, { email: "editor@company.example" }));
} finally {
  await db.destroy();
}
