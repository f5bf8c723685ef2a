// Fills the database of DATA_DIR (or DATABASE_URL) with the full set of proof, published
// (tests/helpers/proof-fixtures.ts), as a separate process beside the running server, as an
// operator's command would: the server sees the change within a second and renders its pages.
import { openDatabase } from "#app/platform/db.server.ts";
import { fillFullProof } from "#tests/helpers/proof-fixtures.ts";

const { db } = openDatabase({
  dataDir: process.env.DATA_DIR ?? "",
  databaseUrl: process.env.DATABASE_URL || undefined,
});
try {
  await fillFullProof(db);
} finally {
  await db.destroy();
}
