import { startCluster } from "#tests/helpers/postgres-cluster.ts";
import { expect, test } from "./fixtures.ts";
import { type RunningServer, startServer, stopAfterLeaving, instancePort } from "./production-server.ts";
import { e2eEnv } from "./server-env.ts";
import { addAuthenticator, enrol, invite, signOut } from "./workspace-helpers.ts";

// The workspace behind a load balancer (docs/operating.md): two instances on one PostgreSQL, and
// the browser's requests to the site's address dealt out between them. Each workspace address
// goes to A, then B, then A…, so every passkey ceremony starts on one instance and ends on the
// other, and every session made on one is read on the other.

test("two instances share invitations, passkey challenges and sessions, and a sign-out on one ends it on both", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  const cluster = await startCluster();
  const port = instancePort(31, test.info());
  const servers: RunningServer[] = [];
  try {
    const shared = { DATABASE_URL: cluster.url };
    servers.push(
      ...(await Promise.all([startServer({ port, env: shared }), startServer({ port: port + 1, env: shared })])),
    );
    const [a, b] = servers as [RunningServer, RunningServer];

    const served: Array<{ request: string; by: "A" | "B" }> = [];
    const turns = new Map<string, number>();
    await context.route(`${e2eEnv.SITE_URL}/**`, async (route) => {
      const request = route.request();
      const url = new URL(request.url());
      let target = a;
      if (url.pathname.startsWith("/workspace")) {
        const key = `${request.method()} ${url.pathname}`;
        const turn = turns.get(key) ?? 0;
        turns.set(key, turn + 1);
        target = turn % 2 === 0 ? a : b;
        served.push({ request: key, by: target === a ? "A" : "B" });
      }
      const response = await route.fetch({ url: `${target.url}${url.pathname}${url.search}`, maxRedirects: 0 });
      await route.fulfill({ response });
    });
    const by = (request: string) => served.filter((entry) => entry.request === request).map((entry) => entry.by);

    const email = `two.instances.${Date.now()}@company.example`;
    const enrolment = invite({ DATA_DIR: a.dataDir, DATABASE_URL: cluster.url }, email);
    await addAuthenticator(context, page);
    await enrol(page, `${e2eEnv.SITE_URL}${enrolment}`, email);
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    // The challenge was issued by A and answered to B; the session B started is read by A.
    expect(by(`POST ${enrolment}/passkey`)).toEqual(["A", "B"]);
    expect(by("GET /workspace")).toEqual(["A"]);

    await page.reload();
    await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
    expect(by("GET /workspace")).toEqual(["A", "B"]);

    await signOut(page);
    await page.getByRole("button", { name: "Sign in with a passkey" }).click();
    await expect(page.getByRole("heading", { name: "Inbox" })).toBeVisible();
    expect(by("POST /workspace/sign-in/passkey")).toEqual(["A", "B"]);

    // Signed out through one instance, the session is gone on the other at its next request.
    const cookies = await context.cookies(e2eEnv.SITE_URL);
    await signOut(page);
    await context.addCookies(cookies);
    const response = await page.goto(`${e2eEnv.SITE_URL}/workspace`);
    expect(response?.url()).toMatch(/\/workspace\/sign-in\?next=/);
    expect(new Set(by("GET /workspace"))).toEqual(new Set(["A", "B"]));
  } finally {
    // Nothing is routed to instances that are going away.
    await context.unrouteAll({ behavior: "ignoreErrors" });
    await stopAfterLeaving(page, ...servers);
    cluster.remove();
  }
});
