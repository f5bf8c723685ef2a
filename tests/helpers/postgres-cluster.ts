import { execFileSync, spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

// A throwaway PostgreSQL cluster in a temporary folder on a free loopback port, from the server
// binaries installed on the machine (Debian: apt-get install postgresql). Used by
// scripts/with-test-postgres.ts for the whole test run, and by tests that stop and restart one.

function findBinDir() {
  const fromPath = spawnSync("sh", ["-c", "command -v initdb"], { encoding: "utf8" }).stdout.trim();
  if (fromPath) return path.dirname(fromPath);
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  return (
    versions.map((version) => path.join(root, version, "bin")).find((dir) => existsSync(path.join(dir, "initdb"))) ??
    null
  );
}

async function freePort() {
  return new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      server.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

export async function startCluster() {
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
  if (asRoot) chmodSync(dir, 0o777);
  const port = await freePort();
  run("initdb", ["-D", dataDir, "-A", "trust", "-U", "postgres", "--no-sync", "-E", "UTF8"]);
  const start = () =>
    run("pg_ctl", [
      "-D",
      dataDir,
      "-w",
      "-l",
      path.join(dir, "server.log"),
      "start",
      "-o",
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=200`,
    ]);
  const stop = () => run("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]);
  start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    /** Stops the server (the data stays), as an outage would. */
    stop,
    /** Starts it again on the same port. */
    start,
    remove: () => {
      try {
        run("pg_ctl", ["-D", dataDir, "-m", "immediate", "stop"]);
      } catch {
        // already stopped
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  };
}
