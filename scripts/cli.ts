import { ConfigError, parseEnv } from "#app/platform/env.ts";

// What the operator's commands (submissions, staff) share: ending with a message, and the
// configuration read and checked as the server reads it.

/** Prints the message (to stdout for code 0, else stderr) and ends the command. */
export function exit(message: string, code = 2): never {
  (code === 0 ? console.log : console.error)(message);
  process.exit(code);
}

/** The validated configuration; a bad variable ends the command with a message naming it. */
export function envOrExit() {
  try {
    return parseEnv(process.env);
  } catch (error) {
    if (error instanceof ConfigError) exit(error.message, 1);
    throw error;
  }
}
