// Applies pending database migrations (the server also does this at start-up).
import { parseEnv } from "#app/platform/env.ts";
import { openDatabase } from "#app/platform/db.server.ts";
import { migrateToLatest } from "#app/platform/migrations.server.ts";

try {
  const env = parseEnv(process.env);
  const database = openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
  try {
    const applied = await migrateToLatest(database.db, database.engine);
    console.log(applied.length ? `Applied to ${database.describe}: ${applied.join(", ")}` : `${database.describe} is up to date.`);
  } finally {
    await database.db.destroy();
  }
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}
