// Applies pending database migrations (the server also does this at start-up).
import { envOrExit, openDatabaseOrExit } from "./cli.ts";

const database = await openDatabaseOrExit(envOrExit());
try {
  console.log(
    database.applied.length
      ? `Applied to ${database.describe}: ${database.applied.join(", ")}`
      : `${database.describe} is up to date.`,
  );
} finally {
  await database.db.destroy();
}
