import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

// A real CalDAV server for the tests: Debian's radicale (`apt-get install radicale`; .ci/run
// installs it), on a free loopback port, with a temporary storage folder, one user in a plain
// htpasswd file and one calendar made with MKCALENDAR. It can be stopped and started again on
// the same port and storage, to play a calendar that goes down and comes back.

export type Radicale = {
  username: string;
  password: string;
  /** The Authorization header of that user, for requests made by the tests themselves. */
  authorization: string;
  /** Makes a new, empty calendar and gives its collection's address (what CALDAV_URL names). */
  newCalendar: () => Promise<string>;
  /** Stops the server (its events stay in the storage folder). */
  stop: () => Promise<void>;
  /** Starts it again on the same port, with the same events. */
  start: () => Promise<void>;
  /** Stops it and deletes its folder. */
  cleanup: () => Promise<void>;
};

/** How radicale is started: Debian's script, or the Python module when only that is there. */
function radicaleCommand(): [string, string[]] {
  if (existsSync("/usr/bin/radicale")) return ["/usr/bin/radicale", []];
  if (spawnSync("python3", ["-c", "import radicale"]).status === 0) return ["python3", ["-m", "radicale"]];
  throw new Error("radicale is not installed: `apt-get install radicale` (bash .ci/run installs it)");
}

async function freePort() {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export async function startRadicale(): Promise<Radicale> {
  const folder = mkdtempSync(path.join(tmpdir(), "radicale-test-"));
  const username = "team";
  const password = `pw-${Math.random().toString(36).slice(2)}`;
  writeFileSync(path.join(folder, "users"), `${username}:${password}\n`);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const [command, prefix] = radicaleCommand();
  const args = [
    ...prefix,
    "--config",
    "", // no /etc/radicale/config: everything it needs is here
    "--server-hosts",
    `127.0.0.1:${port}`,
    "--storage-filesystem-folder",
    path.join(folder, "collections"),
    "--auth-type",
    "htpasswd",
    "--auth-htpasswd-filename",
    path.join(folder, "users"),
    "--auth-htpasswd-encryption",
    "plain",
    "--rights-type",
    "owner_only",
    "--logging-level",
    "warning",
  ];
  let child: ChildProcess | null = null;
  let output = "";

  const start = async () => {
    output = "";
    const started = spawn(command, args, { stdio: ["ignore", "pipe", "pipe"] });
    child = started;
    started.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    started.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    for (let attempt = 0; attempt < 150; attempt += 1) {
      if (started.exitCode !== null) throw new Error(`radicale stopped at start: ${output}`);
      const answer = await fetch(`${origin}/`).catch(() => null);
      if (answer) {
        await answer.arrayBuffer();
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error(`radicale did not answer on ${origin}: ${output}`);
  };

  const stop = async () => {
    const running = child;
    child = null;
    if (!running || running.exitCode !== null) return;
    const exited = new Promise((resolve) => running.once("exit", resolve));
    running.kill("SIGTERM");
    await exited;
  };

  await start();
  const authorization = `Basic ${Buffer.from(`${username}:${password}`).toString("base64")}`;
  let calendars = 0;
  const newCalendar = async () => {
    calendars += 1;
    const calendarUrl = `${origin}/${username}/calendar-${calendars}/`;
    const made = await fetch(calendarUrl, { method: "MKCALENDAR", headers: { authorization } });
    if (made.status !== 201) throw new Error(`radicale did not make the calendar: ${made.status} ${await made.text()}`);
    return calendarUrl;
  };

  return {
    username,
    password,
    authorization,
    newCalendar,
    stop,
    start,
    cleanup: async () => {
      await stop();
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
