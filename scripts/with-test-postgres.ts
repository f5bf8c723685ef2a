// Runs a command with TEST_DATABASE_URL pointing at a PostgreSQL server, so every storage test
// runs on both engines. When TEST_DATABASE_URL is already set it is used as it is; otherwise a
// throwaway cluster is created in a temporary folder on a free loopback port, and removed after.
//   node scripts/with-test-postgres.ts <command> [args…]
import { spawn } from "node:child_process";
import { startCluster } from "#tests/helpers/postgres-cluster.ts";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("Usage: node scripts/with-test-postgres.ts <command> [args…]");
  process.exit(2);
}

let cluster: Awaited<ReturnType<typeof startCluster>> | null = null;
if (!process.env.TEST_DATABASE_URL) {
  try {
    cluster = await startCluster();
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    process.exit(1);
  }
  console.log(`Throwaway PostgreSQL for the tests at ${cluster.url}`);
}

const child = spawn(command, args, {
  stdio: "inherit",
  env: { ...process.env, TEST_DATABASE_URL: process.env.TEST_DATABASE_URL ?? cluster?.url },
});
const forward = (signal: NodeJS.Signals) => child.kill(signal);
process.on("SIGINT", forward);
process.on("SIGTERM", forward);
child.on("exit", (code, signal) => {
  cluster?.remove();
  process.exit(code ?? (signal ? 1 : 0));
});
