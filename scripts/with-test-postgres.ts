// Runs a command with TEST_DATABASE_URL pointing at a PostgreSQL server, so every storage test
// runs on both engines. When TEST_DATABASE_URL is already set it is used as it is; otherwise a
// throwaway cluster is created in a temporary folder on a free loopback port, and removed after.
//   node scripts/with-test-postgres.ts <command> [args…]
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

const [command, ...args] = process.argv.slice(2);
if (!command) {
  console.error("Usage: node scripts/with-test-postgres.ts <command> [args…]");
  process.exit(2);
}

function findBinDir() {
  const fromPath = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" }).stdout.trim();
  if (fromPath) return path.dirname(fromPath);
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const found = versions.map((version) => path.join(root, version, "bin")).find((dir) => existsSync(path.join(dir, "initdb")));
  return found ?? null;
}

async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() => (typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port"))));
    });
  });
}

async function startCluster() {
  const binDir = findBinDir();
  if (!binDir) {
    throw new Error(
      "The storage tests need PostgreSQL: install it (Debian: apt-get install postgresql) or set TEST_DATABASE_URL.",
    );
  }
  const dir = mkdtempSync(path.join(tmpdir(), "site-test-pg-"));
  const dataDir = path.join(dir, "data");
  // initdb refuses to run as root: run the server as the postgres user then (sbin may be off PATH).
  const asRoot = process.getuid?.() === 0;
  const runuser = ["/usr/sbin/runuser", "/sbin/runuser"].find((file) => existsSync(file)) ?? "runuser";
  const run = (binary: string, binaryArgs: string[]) => {
    const full = path.join(binDir, binary);
    const [file, fileArgs] = asRoot ? [runuser, ["-u", "postgres", "--", full, ...binaryArgs]] : [full, binaryArgs];
    execFileSync(file, fileArgs, { stdio: ["ignore", "ignore", "inherit"] });
  };
  if (asRoot) {
    chmodSync(dir, 0o777);
  }
  const port = await freePort();
  run("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  run("pg_ctl", [
    "-D", dataDir, "-w", "-l", path.join(dir, "server.log"), "start",
    "-o", `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=200`,
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop: () => {
      try {
        run("pg_ctl", ["-D", dataDir, "-m", "immediate", "stop"]);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
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
  cluster?.stop();
  process.exit(code ?? (signal ? 1 : 0));
});
