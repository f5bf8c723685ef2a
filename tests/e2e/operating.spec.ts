import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { backupsIn, checkBackup } from "#app/backups/backup-file.server.ts";
import { readErasureList } from "#app/backups/erasure-list.server.ts";
import { migrationNames } from "#app/platform/migrations.server.ts";
import { runScript } from "#tests/helpers/run-script.ts";
import { expect, test } from "./fixtures.ts";
import { startServer, instancePort } from "./production-server.ts";

// Running the site for years, as its operator does (docs/backups.md): the scheduled backup
// written and checked once the server listens, `npm run backup` while it serves, a restore
// refused while it serves, and GET /metrics as Prometheus scrapes it (promtool, Debian's
// `prometheus` package, checks the text when this machine has it; .ci/run installs it).

const token = "metrics-token-for-the-e2e-tests-0123456789";

/** A sample's value in Prometheus' text, or null when the series is not there. */
function sample(text: string, series: string) {
  const line = text.split("\n").find((candidate) => candidate.startsWith(`${series} `));
  return line === undefined ? null : Number(line.slice(series.length + 1));
}

test("GET /metrics does not exist without METRICS_TOKEN", async ({ request }) => {
  expect((await request.get("/metrics")).status()).toBe(404);
});

test("a server with BACKUP_DIR and METRICS_TOKEN: the day's backup is checked, and /metrics tells it to the token's holder only", async () => {
  const backupDir = mkdtempSync(path.join(tmpdir(), "site-backups-"));
  const server = await startServer({
    port: instancePort(35, test.info()),
    env: { BACKUP_DIR: backupDir, METRICS_TOKEN: token },
  });
  try {
    const scrape = (authorization?: string) =>
      fetch(`${server.url}/metrics`, { headers: authorization ? { authorization } : {} });

    // The day's backup, written once the server listens and checked before anything is deleted:
    // the log says so once it is done.
    await expect
      .poll(() => server.output(), { message: "the backup's log line", timeout: 30_000 })
      .toMatch(/Backup written and checked: .*backup-\d{8}T\d{9}Z\.sqlite \(schema /);
    expect(backupsIn(backupDir)).toHaveLength(1);
    const [file] = backupsIn(backupDir);
    expect(checkBackup(file as string)).toMatchObject({ schema: migrationNames.at(-1) });
    expect(readErasureList(path.join(backupDir, "erasures.json"))).toEqual([]);

    // Refused without the token, or with another.
    for (const authorization of [undefined, "Bearer not-the-token", `Basic ${token}`]) {
      const refused = await scrape(authorization);
      expect(refused.status, String(authorization)).toBe(401);
      expect(refused.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await refused.text()).not.toContain("site_");
    }

    // Answers by route group and status.
    // Each answer read whole; an answer is counted once the server has finished it, which may
    // come a moment after the client has it all: the scrape is asked again until it shows.
    for (const [page, status] of [
      ["/features", 200],
      ["/contact", 200],
      ["/no-such-page", 404],
    ] as const) {
      const answer = await fetch(`${server.url}${page}`);
      await answer.text();
      expect(answer.status, page).toBe(status);
    }
    const counted = 'site_http_request_duration_seconds_count{group="contact",status="200"}';
    await expect.poll(async () => sample(await (await scrape(`Bearer ${token}`)).text(), counted)).toBe(1);
    const answered = await scrape(`Bearer ${token}`);
    expect(answered.status).toBe(200);
    expect(answered.headers.get("content-type")).toBe("text/plain; version=0.0.4; charset=utf-8");
    expect(answered.headers.get("cache-control")).toBe("no-store");
    const text = await answered.text();
    expect(sample(text, 'site_http_request_duration_seconds_count{group="pages",status="200"}')).toBeGreaterThanOrEqual(
      1,
    );
    expect(sample(text, 'site_http_request_duration_seconds_count{group="contact",status="200"}')).toBe(1);
    expect(sample(text, 'site_http_request_duration_seconds_count{group="pages",status="404"}')).toBe(1);
    expect(sample(text, 'site_http_request_duration_seconds_bucket{le="+Inf",group="pages",status="404"}')).toBe(1);
    // No path is a label: only the fixed groups.
    expect(text).not.toContain("no-such-page");
    // The queues: nothing waits or failed on a new site.
    for (const state of ["waiting", "retrying", "failed"])
      expect(sample(text, `site_outbox_mails{state="${state}"}`)).toBe(0);
    for (const state of ["waiting", "failed"])
      expect(sample(text, `site_webhook_deliveries{state="${state}"}`)).toBe(0);
    // The backup's and the purge's last successes, as Unix times of today.
    const backupAt = sample(text, 'site_last_success_timestamp_seconds{job="backup"}') ?? 0;
    expect(Math.abs(backupAt - Date.now() / 1000)).toBeLessThan(600);
    await expect
      .poll(async () =>
        sample(await (await scrape(`Bearer ${token}`)).text(), 'site_last_success_timestamp_seconds{job="purge"}'),
      )
      .toBeGreaterThan(0);
    expect(text).toContain("# TYPE site_worker_failures_total counter");

    const promtool = spawnSync("promtool", ["--version"]);
    if (promtool.status === 0) {
      const checked = spawnSync("promtool", ["check", "metrics"], { input: text, encoding: "utf8" });
      expect(checked.stdout + checked.stderr).toBe("");
      expect(checked.status).toBe(0);
    }

    // The operator's own backup while the site serves; a restore is refused while it does.
    const storage = { DATA_DIR: server.dataDir, DATABASE_URL: "", BACKUP_DIR: backupDir };
    const out = path.join(backupDir, "by-hand.sqlite");
    const made = await runScript("backup.ts", ["--out", out], storage);
    expect(made.code).toBe(0);
    expect(made.stdout.trim()).toBe(out);
    expect(checkBackup(out).rows).toMatchObject({ submissions: 0 });
    const refused = await runScript("restore.ts", [out], storage);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("stop it, then restore");
    expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
  } finally {
    await server.stop();
    expect(existsSync(backupDir)).toBe(true);
    rmSync(backupDir, { recursive: true, force: true });
  }
});
