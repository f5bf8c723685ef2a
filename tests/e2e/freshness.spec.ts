import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { WorkerInfo } from "@playwright/test";
import { revisionPollMs, sharedCacheSeconds } from "#server/freshness.ts";
import { expect, test } from "./fixtures.ts";
import { type RunningServer, startServer, instancePort } from "./production-server.ts";

// One truth about freshness (issue 47, decision 052): a posting closed on any instance is gone for
// visitors within docs/operating.md's bound, through the cache that page recommends, nginx's
// proxy_cache (Debian's nginx; .ci/run installs it), configured as the page shows.

/** What docs/operating.md promises: an instance reads the revisions, renders, and the cache's copy expires. */
const freshWithinMs = revisionPollMs + 2_000 + sharedCacheSeconds * 1000;
const posting = "/careers/senior-mobile-engineer";
const visitor = {
  "User-Agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36",
};

let server: RunningServer;
let nginx: { origin: string; stop: () => void };

/** nginx in front of `upstream` with docs/operating.md's cache directives, in a folder of its own. */
async function startNginx(upstream: string, port: number) {
  const folder = mkdtempSync(path.join(tmpdir(), "site-nginx-"));
  writeFileSync(
    path.join(folder, "nginx.conf"),
    `${process.getuid?.() === 0 ? "user root;\n" : ""}daemon off;
worker_processes 1;
pid ${folder}/nginx.pid;
error_log ${folder}/error.log;
events { worker_connections 64; }
http {
  access_log off;
  client_body_temp_path ${folder}/body;
  proxy_temp_path ${folder}/proxy;
  fastcgi_temp_path ${folder}/fastcgi;
  uwsgi_temp_path ${folder}/uwsgi;
  scgi_temp_path ${folder}/scgi;
  proxy_cache_path ${folder}/cache levels=1:2 keys_zone=site:1m max_size=10m inactive=10m;
  server {
    listen 127.0.0.1:${port};
    location / {
      proxy_pass ${upstream};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_cache site;
      proxy_cache_use_stale error timeout updating http_502 http_503;
      proxy_cache_lock on;
      add_header X-Cache-Status $upstream_cache_status always;
    }
  }
}
`,
  );
  const child = spawn("/usr/sbin/nginx", ["-p", folder, "-c", path.join(folder, "nginx.conf")], { stdio: "inherit" });
  const origin = `http://127.0.0.1:${port}`;
  await expect.poll(async () => (await fetch(`${origin}/healthz`).catch(() => null))?.status ?? 0).toBe(200);
  return {
    origin,
    stop: () => {
      child.kill("SIGQUIT");
      rmSync(folder, { recursive: true, force: true });
    },
  };
}

test.beforeAll(async ({}, workerInfo: WorkerInfo) => {
  const port = instancePort(14, workerInfo);
  server = await startServer({ port });
  nginx = await startNginx(`http://127.0.0.1:${port}`, port + 1);
});
test.afterAll(async () => {
  nginx?.stop();
  await server?.stop();
});

test("a closed posting is gone through nginx's cache within the documented seconds", async () => {
  const through = (page: string) => fetch(`${nginx.origin}${page}`, { headers: visitor, redirect: "manual" });
  // Open, and kept by the cache: the second visitor gets the cache's copy.
  const first = await through(posting);
  expect(first.status).toBe(200);
  expect(first.headers.get("cache-control")).toBe(`public, max-age=0, s-maxage=${sharedCacheSeconds}`);
  expect(await first.text()).toContain("Senior Mobile Engineer");
  const cached = await through(posting);
  expect(cached.headers.get("x-cache-status")).toBe("HIT");
  expect(await cached.text()).toContain("Senior Mobile Engineer");
  expect(await (await through("/careers")).text()).toContain("Senior Mobile Engineer");

  // Closed by another process on the same database, as another instance's workspace would.
  execFileSync(process.execPath, ["tests/e2e/close-posting.ts", "senior-mobile-engineer"], {
    env: { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: "" },
  });

  // Through the cache, within the bound: the closed page, and the list without it.
  await expect
    .poll(async () => (await through(posting)).status, { timeout: freshWithinMs, intervals: [250] })
    .toBe(404);
  const closed = await through(posting);
  expect(await closed.text()).toContain("This position is closed");
  await expect
    .poll(async () => (await through("/careers")).text(), { timeout: freshWithinMs, intervals: [250] })
    .not.toContain("Senior Mobile Engineer");
});
