import type { Engine } from "../db.server.ts";

/** The column type for binary content on each engine. */
export const binaryType = (engine: Engine) => (engine === "postgres" ? "bytea" : "blob");
