// Publishes every page's copy at its longest (tests/helpers/page-copy-fixtures.ts) into the
// database of DATA_DIR (or DATABASE_URL), as a separate process beside the running server, as an
// operator's import would: the server sees the change within a second and renders its pages.
import { openDatabase } from "#app/platform/db.server.ts";
import { fillFullCopy } from "#tests/helpers/page-copy-fixtures.ts";

const { db } = openDatabase({
  dataDir: process.env.DATA_DIR ?? "",
  databaseUrl: process.env.DATABASE_URL || undefined,
});
try {
  await fillFullCopy(db);
} finally {
  await db.destroy();
}
