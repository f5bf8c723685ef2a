import { parseArgs, type ParseArgsConfig } from "node:util";
import { type Config, parseConfig } from "#app/config.ts";
import { ConfigError } from "#app/platform/env.ts";

// What the operator's commands (submissions, staff, db:migrate) share: ending with a message, the
// arguments and the configuration read and checked, and the database opened, each ending the
// command with one line naming what is wrong instead of a stack trace.
//
// This module imports nothing of app/ but the configuration's schemas on purpose: the app's server modules read the
// configuration as they load (the log level, the session limits), and a bad variable would stop
// them with a stack trace. A command checks the configuration with envOrExit() first and only
// then imports what it needs (`await import(…)`), as server/main.ts does.

/** Prints the message (to stdout for code 0, else stderr) and ends the command. */
export function exit(message: string, code = 2): never {
  (code === 0 ? console.log : console.error)(message);
  process.exit(code);
}

/** The command's arguments; an unknown option or a missing value ends it with the usage. */
export function argsOrExit<T extends ParseArgsConfig["options"]>(options: T, usage: string) {
  try {
    return parseArgs({ allowPositionals: true, options });
  } catch (error) {
    // Node's own advice on dashes in positional arguments would only confuse here.
    exit(
      `${(error instanceof Error ? error.message : String(error)).replace(/\. To specify a positional argument.*$/s, ".")}\n\n${usage}`,
    );
  }
}

/** The validated configuration; a bad variable ends the command with a message naming it. */
export function envOrExit(): Config {
  try {
    return parseConfig(process.env);
  } catch (error) {
    // One line per bad variable, naming it (never its value).
    if (error instanceof ConfigError)
      exit(error.problems.map((problem) => `Invalid configuration: ${problem}`).join("\n"), 1);
    throw error;
  }
}

/**
 * Says on stderr, once, when the links a command prints or has e-mailed are a guess: without
 * SITE_URL they name http://localhost:PORT (PORT 3000 when not given either), the running
 * server's address only if it was started on this machine with that PORT and no SITE_URL.
 */
export function warnIfLinksGuessed(env: Pick<Config, "SITE_URL" | "PORT">, given: NodeJS.ProcessEnv = process.env) {
  if (given.SITE_URL?.trim() || warnedAboutLinks) return;
  warnedAboutLinks = true;
  const port = given.PORT?.trim() ? `PORT is ${env.PORT}` : `PORT is not set either, so ${env.PORT}`;
  console.error(
    `Note: SITE_URL is not set (${port}): the links this command gives name ${env.SITE_URL}. If the server is reached at another address, run the command again with the server's SITE_URL (and PORT).`,
  );
}
let warnedAboutLinks = false;

/** An error's own words; a refused connection to a name with several addresses has none of its own. */
export function errorText(error: unknown): string {
  if (error instanceof AggregateError && !error.message) return [...new Set(error.errors.map(errorText))].join("; ");
  if (error instanceof Error) return error.message || (error as NodeJS.ErrnoException).code || error.name;
  return String(error);
}

/**
 * The database of DATA_DIR / DATABASE_URL, migrated, as the server opens it; one that cannot be
 * opened or reached ends the command with the variable to look at, as the server's start does.
 */
export async function openDatabaseOrExit(env: Pick<Config, "DATABASE_URL" | "DATA_DIR">) {
  const { openDatabase } = await import("#app/platform/db.server.ts");
  const { migrateToLatest } = await import("#app/platform/migrations.server.ts");
  const setting = env.DATABASE_URL ? "DATABASE_URL" : "DATA_DIR";
  let database: ReturnType<typeof openDatabase>;
  try {
    database = openDatabase({ dataDir: env.DATA_DIR, databaseUrl: env.DATABASE_URL });
  } catch (error) {
    exit(`${setting}: the database cannot be opened: ${errorText(error)}`, 1);
  }
  try {
    const applied = await migrateToLatest(database.db, database.engine);
    return { ...database, applied };
  } catch (error) {
    await database.db.destroy().catch(() => {});
    exit(`${setting}: ${database.describe} cannot be used: ${errorText(error)}`, 1);
  }
}
