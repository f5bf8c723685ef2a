// Starts the PostgreSQL end-to-end server: a fresh database on the TEST_DATABASE_URL server,
// then the production server on it (the build is the one the SQLite server's command made).
import { spawn } from "node:child_process";
import { rmSync } from "node:fs";
import pg from "pg";
import { e2eEnv, servers } from "./server-env.ts";

const admin = process.env.TEST_DATABASE_URL;
if (!admin) {
  console.error("TEST_DATABASE_URL is not set: run the tests with `npm test`, which starts a throwaway PostgreSQL.");
  process.exit(1);
}
const { database, port, storage } = servers.postgres;
const client = new pg.Client({ connectionString: admin });
await client.connect();
await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
await client.query(`CREATE DATABASE ${database}`);
await client.end();
rmSync(storage.DATA_DIR, { recursive: true, force: true });

const server = spawn(process.execPath, ["build/start.js"], {
  stdio: "inherit",
  env: { ...process.env, ...e2eEnv, ...storage, PORT: String(port) },
});
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => server.kill(signal));
server.on("exit", (code) => process.exit(code ?? 0));
