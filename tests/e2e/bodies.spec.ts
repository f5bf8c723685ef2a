import type { WorkerInfo } from "@playwright/test";
import { sendChunked } from "#tests/helpers/chunked-body.ts";
import { expect, test } from "./fixtures.ts";
import { type RunningServer, startServer, instancePort } from "./production-server.ts";
import { e2eEnv } from "./server-env.ts";

// Nothing one request can break (issue 28): every body is bounded however it is sent, and a body
// the server cannot read, or does not take at that address, is the sender's error, answered with
// the site's page and never logged as an error of ours. Against a server of its own, whose log
// the tests read.

const MB = 1024 * 1024;
const boundary = "bodies-spec";
const multipart = `multipart/form-data; boundary=${boundary}`;
const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`;

let server: RunningServer;
test.beforeAll(async ({}, workerInfo: WorkerInfo) => {
  server = await startServer({ port: instancePort(8, workerInfo) });
});
test.afterAll(async () => {
  await server.stop();
});

/** The server's log lines about errors of its own (pino's "error" and "fatal"), and any stack. */
function errorsLogged() {
  return server
    .output()
    .split("\n")
    .filter((line) => /"level":"(error|fatal)"/.test(line) || /^\s+at /.test(line));
}

test("a 100 MB body sent in chunks is refused while it arrives, at every kind of address, and the connection closed", async () => {
  test.setTimeout(60_000);
  const cases = [
    // A file form: its files' 10 MB and a megabyte for the fields.
    {
      path: "/contact",
      type: multipart,
      head: fileHead,
      status: 413,
      page: "That was too much to send",
      mostSentMb: 40,
    },
    // Every other address: 64 KB, held until complete.
    {
      path: "/consent",
      type: "application/x-www-form-urlencoded",
      head: "choice=all&padding=",
      status: 413,
      page: "That was too much to send",
      mostSentMb: 20,
    },
    {
      path: "/workspace/sign-in/passkey",
      type: "application/json",
      head: '{"step":"options","padding":"',
      status: 413,
      page: "That was too much to send",
      mostSentMb: 20,
    },
    // Multipart where no files are taken: refused before any of it is read.
    {
      path: "/consent",
      type: multipart,
      head: fileHead,
      status: 415,
      page: "This page cannot take that",
      mostSentMb: 20,
    },
  ];
  for (const { path, type, head, status, page, mostSentMb } of cases) {
    const answer = await sendChunked(`${server.url}${path}`, {
      headers: { "Content-Type": type },
      head,
      totalBytes: 100 * MB,
    });
    const what = `${type.split(";")[0]} to ${path}`;
    expect(answer.status, what).toBe(status);
    expect(answer.body, what).toContain(page);
    expect(answer.body, what).toContain("Back to the home page");
    expect(answer.headers.connection, what).toBe("close");
    // The answer came while the client was still sending (what it had sent includes what the
    // connection's buffers took before the refusal reached it).
    expect(answer.sentWhenAnswered / MB, what).toBeLessThan(mostSentMb);
  }
  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  expect(errorsLogged()).toEqual([]);
});

test("a body the server cannot read answers 400 with the site's page, a post from another site 403, and neither is logged as an error", async () => {
  const post = (path: string, init: { headers?: Record<string, string>; body?: string }) =>
    fetch(`${server.url}${path}`, { method: "POST", redirect: "manual", ...init });
  // Multipart without its boundary, at the file forms, the booking form, a cookie choice and the
  // workspace's sign-in; text and nothing at all to the cookie choice.
  for (const path of [
    "/contact",
    "/careers/apply",
    "/careers/product-manager/apply",
    "/contact/meeting",
    "/consent",
    "/workspace/sign-in",
  ]) {
    const response = await post(path, { headers: { "Content-Type": "multipart/form-data" }, body: "x" });
    expect(response.status, path).toBe(400);
    expect(await response.text(), path).toContain("This address cannot be read");
  }
  for (const init of [{ headers: { "Content-Type": "text/plain" }, body: "choice=all" }, {}]) {
    const response = await post("/consent", init);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This address cannot be read");
  }
  // A passkey step that is not JSON: the ceremony's own answer, in JSON.
  // (From SITE_URL's pages, the only origin whose posts the workspace takes.)
  const broken = await post("/workspace/sign-in/passkey", {
    headers: { "Content-Type": "application/json", Origin: new URL(e2eEnv.SITE_URL).origin },
    body: '{"step":',
  });
  expect(broken.status).toBe(400);
  expect(await broken.json()).toEqual({ error: "bad request" });

  // Posts from another site's page, whatever they carry.
  for (const path of ["/consent", "/contact", "/workspace/sign-in", "/workspace/sign-in/passkey"]) {
    const response = await post(path, {
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: "https://elsewhere.example" },
      body: "choice=all",
    });
    expect(response.status, path).toBe(403);
    expect(await response.text(), path).toContain("This was sent from another site");
  }
  // The same post from this site's page is taken.
  expect(
    (
      await post("/consent", {
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: server.url },
        body: "choice=necessary",
      })
    ).status,
  ).toBe(303);

  expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
  expect(errorsLogged()).toEqual([]);
  // Each refusal is the request's own line, with the address and the method it came with.
  await expect
    .poll(
      () => server.output().match(/"method":"POST","path":"\/careers\/product-manager\/apply","status":400/) !== null,
    )
    .toBe(true);
});

test("a link's secret never reaches the log: a manage link's or an invitation's token is written as :token", async () => {
  const token = "Ab3dEfGh1jKlMn0pQrStUvWxYz_-0123456789AbCdE";
  expect(token).toHaveLength(43);
  for (const path of [`/contact/meeting/manage/${token}`, `/workspace/enrol/${token}`]) {
    const response = await fetch(`${server.url}${path}`, { headers: { "User-Agent": "Mozilla/5.0 Chrome/140" } });
    expect(response.status).toBeLessThan(500);
  }
  await expect.poll(() => server.output()).toContain('"path":"/workspace/enrol/:token"');
  expect(server.output()).toContain('"path":"/contact/meeting/manage/:token"');
  expect(server.output()).not.toContain(token);
});
