import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Page } from "@playwright/test";
import { v7 as uuidv7 } from "uuid";
import { startCluster } from "#tests/helpers/postgres-cluster.ts";
import { runScript } from "#tests/helpers/run-script.ts";
import { exportSubmissions, expect, test } from "./fixtures.ts";
import { startServer, stopAfterLeaving, instancePort } from "./production-server.ts";
import { e2eEnv } from "./server-env.ts";

// Failures a visitor must survive, and what the operator sees of them.

test.describe("error pages", () => {
  test("a request a page cannot take answers 405 with the site around it and a way home", async ({ page }) => {
    await page.goto("/about");
    const response = page.waitForResponse((res) => res.request().method() === "POST");
    await page.evaluate(() => {
      const form = document.createElement("form");
      form.method = "post";
      form.action = "/features";
      document.body.append(form);
      form.submit();
    });
    expect((await response).status()).toBe(405);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page cannot do that");
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to the home page" })).toBeVisible();
  });

  test("oversized requests and addresses are refused before any work, with the site's error page", async ({
    request,
  }) => {
    const big = await request.post("/consent", { form: { choice: "necessary", padding: "x".repeat(1_100_000) } });
    expect(big.status()).toBe(413);
    const long = await request.get(`/about?${"q=1&".repeat(700)}`);
    expect(long.status()).toBe(414);
    for (const response of [big, long]) {
      const html = await response.text();
      expect(html).toContain("That was too much to send");
      expect(html).toContain('aria-label="Main"'); // the navigation bar
      expect(html).toContain("Back to the home page");
    }
  });

  test("an address cut short in a percent-escape answers 400 with the site's error page", async ({ request }) => {
    for (const path of ["/careers/%E0%A4%A", "/about%", "/assets/%"]) {
      const response = await request.get(path);
      expect(response.status(), path).toBe(400);
      const html = await response.text();
      expect(html, path).toContain("This address cannot be read");
      expect(html, path).toContain('aria-label="Main"');
      expect(html, path).toContain("Back to the home page");
    }
  });

  test("a method no page takes (TRACE) answers 405 with the site's error page", async ({ request }) => {
    for (const path of ["/about", "/contact"]) {
      const response = await request.fetch(path, { method: "TRACE" });
      expect(response.status(), path).toBe(405);
      const html = await response.text();
      expect(html, path).toContain("This page cannot do that");
      expect(html, path).toContain("Back to the home page");
    }
  });

  test("oversized headers are refused by the server itself", async () => {
    // Node's limit (16 KB of headers) answers 431 before any of the site's code runs.
    const response = await fetch(`http://localhost:${process.env.E2E_PORT ?? 3100}/about`, {
      headers: { "X-Padding": "x".repeat(20_000) },
    });
    expect(response.status).toBe(431);
  });

  test("too many cookie choices answer 429 with Retry-After: the site's page without JavaScript", async ({
    request,
  }) => {
    for (let attempt = 0; attempt < 15; attempt += 1) {
      expect(
        (await request.post("/consent", { form: { choice: "necessary", returnTo: "/" }, maxRedirects: 0 })).status(),
      ).toBe(303);
    }
    const page = await request.post("/consent", { form: { choice: "necessary", returnTo: "/" } });
    expect(page.status()).toBe(429);
    expect(Number(page.headers()["retry-after"])).toBeGreaterThan(0);
    expect(await page.text()).toContain("Please slow down");
    const json = await request.post("/consent", {
      form: { choice: "necessary" },
      headers: { Accept: "application/json" },
    });
    expect(json.status()).toBe(429);
    expect(Number(json.headers()["retry-after"])).toBeGreaterThan(0);
  });

  test("health and readiness answer for load balancers", async ({ request }) => {
    const health = await request.get("/healthz");
    expect(health.status()).toBe(200);
    expect(await health.text()).toBe("ok");
    const ready = await request.get("/readyz");
    expect(ready.status()).toBe(200);
    expect(await ready.json()).toEqual({ status: "ready" });
  });
});

async function fillContact(page: Page, person: { name: string; email: string; project: string }) {
  await page.getByLabel("Your Name").fill(person.name);
  await page.getByLabel("Your Email").fill(person.email);
  await page.getByLabel("Describe Your Project Briefly").fill(person.project);
  await page.getByLabel("Please Choose the Budget").selectOption("10k-25k");
}

test.describe("with the database going away", () => {
  test.use({ javaScriptEnabled: false });

  test("with PostgreSQL stopped, posts answer 503 with everything kept, content pages keep serving, and it recovers by itself", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    // A PostgreSQL server of this test's own, so stopping it touches no other test.
    const cluster = await startCluster();
    const server = await startServer({ port: instancePort(21, test.info()), env: { DATABASE_URL: cluster.url } });
    try {
      const person = {
        name: "Ada Resilient",
        email: "ada.resilient@example.com",
        project: "Survive a database restart.",
      };
      await page.goto(`${server.url}/contact`);
      await fillContact(page, person);
      await page.getByRole("button", { name: /^Close the privacy notice/ }).click(); // JS off: a form post
      await page.goto(`${server.url}/contact`);
      await fillContact(page, person);

      cluster.stop();
      const failed = page.waitForResponse((response) => response.request().method() === "POST");
      await page.getByRole("button", { name: "Send message" }).click();
      expect((await failed).status()).toBe(503);
      await expect(page.getByRole("alert")).toContainText("Nothing was lost: your answers are below.");
      await expect(page.getByLabel("Your Name")).toHaveValue(person.name);
      await expect(page.getByLabel("Your Email")).toHaveValue(person.email);
      await expect(page.getByLabel("Describe Your Project Briefly")).toHaveValue(person.project);
      expect((await fetch(`${server.url}/readyz`)).status).toBe(503);
      expect((await fetch(`${server.url}/about`)).status).toBe(200);

      cluster.start();
      await page.getByRole("button", { name: "Send message" }).click();
      await expect(page.getByRole("heading", { name: "Thank you, your message is on its way" })).toBeVisible();
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
      const stored = exportSubmissions({ DATA_DIR: server.dataDir, DATABASE_URL: cluster.url }).filter(
        (submission) => submission.fields.email === person.email,
      );
      expect(stored).toHaveLength(1);

      // The operator's log tells what happened, never who it happened to.
      const log = server.output();
      expect(log).toContain("could not be stored");
      for (const personal of [person.name, person.email, person.project]) expect(log).not.toContain(personal);
      const lines = log.split("\n").filter((line) => line.startsWith("{"));
      expect(lines.some((line) => JSON.parse(line).msg === "request")).toBe(true);
    } finally {
      await stopAfterLeaving(page, server);
      cluster.remove();
    }
  });
});

test.describe("forged and malformed posts", () => {
  const marker = `forged-${Math.random().toString(36).slice(2, 10)}`;
  const part = (name: string, value: string, filename?: string) =>
    `--xyz\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"\r\nContent-Type: application/octet-stream` : ""}\r\n\r\n${value}\r\n`;
  const valid: Record<string, string> = {
    name: marker,
    email: `${marker}@example.com`,
    project: "A test",
    budget: "10k-25k",
  };
  const body = (fields: Record<string, string>, extra = "") =>
    `${Object.entries(fields)
      .map(([name, value]) => part(name, value))
      .join("")}${extra}--xyz--\r\n`;

  const cases: Array<[string, string, RegExp]> = [
    [
      "a body that is not valid multipart",
      '--xyz\r\nContent-Disposition: form-data; name="name"\r\n\r\nAda\r\n--xy',
      /Your form could not be read/,
    ],
    ["a field far over its size", body({ ...valid, name: "x".repeat(70_000) }), /Please enter your name\./],
    ["a value of the wrong kind", body({ ...valid, budget: "a-billion" }), /Please choose a budget range\./],
    ["text that is not UTF-8", body({ ...valid, company: "Caf\xc3\x28" }), /Your form could not be read/],
    [
      "a header injected into the e-mail",
      body({ ...valid, email: `${marker}@example.com\r\nBcc: victim@example.com` }),
      /Please enter a valid e-mail address/,
    ],
    ["a field sent twice", body(valid, part("name", "Mallory")), /Please enter your name\./],
    [
      "a file name with a path",
      body(valid, part("attachments", "%PDF-1.4", "../../../etc/passwd.pdf")),
      /Your form could not be read/,
    ],
  ];

  for (const [what, payload, message] of cases) {
    test(`${what} gets a 4xx with a clear message, stores nothing and leaves the server up`, async ({
      request,
      storage,
    }) => {
      const octet = () => Math.floor(Math.random() * 254) + 1;
      const response = await request.fetch("/contact", {
        method: "POST",
        headers: {
          "Content-Type": "multipart/form-data; boundary=xyz",
          "X-Forwarded-For": `203.0.${octet()}.${octet()}`,
        },
        data: Buffer.from(payload, "latin1"),
        maxRedirects: 0,
      });
      expect(response.status()).toBeGreaterThanOrEqual(400);
      expect(response.status()).toBeLessThan(500);
      expect(await response.text()).toMatch(message);
      expect((await request.get("/healthz")).status()).toBe(200);
      expect(exportSubmissions(storage).filter((submission) => JSON.stringify(submission).includes(marker))).toEqual(
        [],
      );
    });
  }
});

test("SIGTERM during a submission finishes it before the server stops: nothing is lost", async ({ request }) => {
  test.setTimeout(60_000);
  const server = await startServer({ port: instancePort(22, test.info()) });
  try {
    const page = await request.get(`${server.url}/contact`);
    const stamp = (await page.text()).match(/name="form-started" value="([^"]+)"/)?.[1] ?? "";
    const boundary = "sigterm";
    const marker = `sigterm-${Math.random().toString(36).slice(2, 10)}`;
    const field = (name: string, value: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const head = Buffer.from(
      [
        field("form-started", stamp),
        field("name", marker),
        field("email", `${marker}@example.com`),
        field("project", "Stay up"),
        field("budget", "25k-50k"),
      ].join("") +
        `--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="big.txt"\r\nContent-Type: text/plain\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const chunk = Buffer.alloc(256 * 1024, "a");
    const chunks = 8;

    // The upload trickles in; the server is told to stop while it is half sent.
    const { request: httpRequest } = await import("node:http");
    const response = new Promise<number>((resolve, reject) => {
      const req = httpRequest(`${server.url}/contact`, {
        method: "POST",
        headers: {
          "Content-Type": `multipart/form-data; boundary=${boundary}`,
          "Content-Length": head.length + chunk.length * chunks + tail.length,
        },
      });
      req.on("response", (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      });
      req.on("error", reject);
      req.write(head);
      let sent = 0;
      const timer = setInterval(() => {
        req.write(chunk);
        sent += 1;
        if (sent === 2) server.signal("SIGTERM");
        if (sent === chunks) {
          clearInterval(timer);
          req.end(tail);
        }
      }, 150);
    });
    expect(await response).toBe(303);
    expect(await server.exited).toBe(0);
    const [stored] = exportSubmissions({ DATA_DIR: server.dataDir, DATABASE_URL: "" }).filter(
      (s) => s.fields.name === marker,
    );
    expect(stored).toMatchObject({
      status: "received",
      attachments: [{ name: "big.txt", size: chunk.length * chunks }],
    });
    expect(server.output()).toContain("SIGTERM received");
  } finally {
    await server.stop();
  }
});

test("every response carries a request id, the one on its log line; a proxy's own id is kept", async () => {
  const server = await startServer({ port: instancePort(23, test.info()) });
  try {
    const ids: string[] = [];
    for (const path of ["/about", "/contact", "/no-such-page", "/about"]) {
      const id = (await fetch(`${server.url}${path}`)).headers.get("x-request-id") ?? "";
      expect(id, path).toMatch(/^[\w-]{12}-[0-9a-z]+$/);
      ids.push(id);
    }
    expect(new Set(ids).size).toBe(ids.length);
    const given = (await fetch(`${server.url}/about`, { headers: { "X-Request-Id": "proxy-7f3a.1" } })).headers.get(
      "x-request-id",
    );
    expect(given).toBe("proxy-7f3a.1");

    // Request lines reach the log in batches, a tenth of a second after the first.
    const logged = () =>
      server
        .output()
        .split("\n")
        .filter((line) => line.includes('"msg":"request"'))
        .map((line) => JSON.parse(line) as { requestId: string; path: string; status: number });
    // (The server's own start-up requests are logged too: wait for these requests' lines.)
    const awaited = [...ids, "proxy-7f3a.1"];
    await expect
      .poll(() => awaited.filter((id) => logged().some((line) => line.requestId === id)).length)
      .toBe(awaited.length);
    expect(logged().find((line) => line.requestId === ids[2])).toMatchObject({ path: "/no-such-page", status: 404 });
    expect(logged().find((line) => line.requestId === "proxy-7f3a.1")).toMatchObject({ path: "/about", status: 200 });
  } finally {
    await server.stop();
  }
});

test("a database the server cannot use stops it at start with a message naming the setting", async () => {
  const notAFolder = path.join(mkdtempSync(path.join(tmpdir(), "site-bad-data-")), "file");
  writeFileSync(notAFolder, "");
  const cases = [
    {
      env: { DATABASE_URL: "", DATA_DIR: notAFolder },
      message: /^Could not start: DATA_DIR: the database cannot be opened: EEXIST: file already exists/m,
    },
    // Nothing listens on port 1; the password never appears in the message.
    {
      env: { DATABASE_URL: "postgres://site:hunter2@127.0.0.1:1/site" },
      message: /^Could not start: DATABASE_URL: PostgreSQL at 127\.0\.0\.1:1\/site cannot be used: .*ECONNREFUSED/m,
    },
  ];
  for (const { env, message } of cases) {
    const result = spawnSync(process.execPath, ["build/start.js"], {
      env: { ...process.env, ...e2eEnv, PORT: "3199", ...env },
      encoding: "utf8",
      timeout: 20_000,
    });
    expect(result.status, result.stderr).toBe(1);
    expect(result.stderr).toMatch(message);
    expect(result.stderr).not.toContain("hunter2");
  }
  rmSync(path.dirname(notAFolder), { recursive: true, force: true });
});

test("a purge over years of backlog runs once the server listens, not before", async () => {
  test.setTimeout(90_000);
  // A site upgrading with 3,000 inquiries from eleven years ago, all past their period: the data
  // folder migrated by the operator's command, the rows written in bulk.
  const dataDir = mkdtempSync(path.join(tmpdir(), "site-backlog-"));
  try {
    const migrated = await runScript("db-migrate.ts", [], { ...e2eEnv, DATA_DIR: dataDir });
    expect(migrated.code, migrated.stderr).toBe(0);
    const database = new DatabaseSync(path.join(dataDir, "site.sqlite"));
    const insert = database.prepare(
      "insert into submissions (id, kind, status, created_at, fields, search_text) values (?, 'contact', 'received', ?, ?, ?)",
    );
    const start = Date.now() - 11 * 365 * 86_400_000;
    database.exec("begin");
    for (let index = 0; index < 3000; index += 1) {
      const at = start + index * 60_000;
      insert.run(
        uuidv7({ msecs: at }),
        new Date(at).toISOString(),
        JSON.stringify({ name: `Person ${index}`, email: `person${index}@example.com` }),
        `person ${index}`,
      );
    }
    database.exec("commit");
    database.close();

    const server = await startServer({ port: instancePort(24, test.info()), env: { DATA_DIR: dataDir } });
    try {
      const purged = "Privacy purge: 3000 submissions (3000 inquiry)";
      await expect.poll(() => server.output(), { timeout: 60_000 }).toContain(purged);
      // Listening came first: the purge's log line follows the server's (before, the purge ran
      // first, and on SQLite nothing was served until it ended).
      expect(server.output().indexOf("Serving ")).toBeGreaterThan(-1);
      expect(server.output().indexOf("Serving ")).toBeLessThan(server.output().indexOf(purged));
      expect((await fetch(`${server.url}/readyz`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
