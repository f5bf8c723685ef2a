import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { env } from "#app/platform/env.server.ts";
import { listAudit } from "#app/workspace/people/audit.server.ts";
import {
  beginOpenIdSignIn,
  consumeAttempt,
  finishOpenIdSignIn,
  OpenIdUnavailable,
  type OpenIdSettings,
} from "#app/workspace/sign-in/openid.server.ts";
import { inviteStaff, listStaff, removeStaff } from "#app/workspace/people/staff.server.ts";
import { workspacePaths } from "#app/workspace/workspace-paths.ts";
import { engines, openTestDatabase, type TestDatabase } from "#tests/helpers/databases.ts";
import { type OpenIdProvider, startOpenIdProvider } from "#tests/helpers/openid-provider.ts";

// Signing in with the company's accounts against a real OpenID provider on a loopback port,
// the browser's part played by fetch (tests/helpers/openid-provider.ts).

let provider: OpenIdProvider;
let settings: OpenIdSettings;

beforeAll(async () => {
  provider = await startOpenIdProvider({ redirectUri: `${env.SITE_URL}${workspacePaths.openIdCallback}` });
  settings = {
    issuer: provider.issuer,
    clientId: provider.clientId,
    clientSecret: provider.clientSecret,
    allowedDomain: "company.example",
    provider: "other",
  };
  provider.setPerson("lead", { email: "Lead@Partner.Example", email_verified: true });
  provider.setPerson("new", { email: "new.hire@company.example", email_verified: true });
  provider.setPerson("outsider", { email: "someone@elsewhere.example", email_verified: true });
  provider.setPerson("unverified", { email: "unverified@company.example", email_verified: false });
});

afterAll(async () => {
  await provider.stop();
});

describe.each(engines)("OpenID sign-in on %s", (engine) => {
  let database: TestDatabase;
  beforeEach(async () => {
    database = await openTestDatabase(engine);
  });
  afterEach(async () => {
    await database.cleanup();
  });

  /** One whole sign-in as `login`, in one browser: its attempt, the provider, the callback. */
  async function signIn(login: string, next = "/workspace") {
    const attempt = await beginOpenIdSignIn(database.db, settings, next);
    const callback = new URL(await provider.signInAs(attempt.url, login));
    return finishOpenIdSignIn(database.db, settings, { token: attempt.token, search: callback.search });
  }

  test("an attempt is good once, for ten minutes, in the browser that began it", async () => {
    const now = new Date("2026-11-23T10:00:00Z");
    const first = await beginOpenIdSignIn(database.db, settings, "/workspace?state=done", now);
    expect(new URL(first.url).origin).toBe(provider.issuer);
    expect(new URL(first.url).searchParams.get("code_challenge_method")).toBe("S256");
    expect(await consumeAttempt(database.db, first.token, now)).toMatchObject({ next: "/workspace?state=done" });
    expect(await consumeAttempt(database.db, first.token, now)).toBeNull();

    const late = await beginOpenIdSignIn(database.db, settings, "https://elsewhere.example/", now);
    expect(await consumeAttempt(database.db, late.token, new Date(now.getTime() + 10 * 60_000))).toBeNull();
    const outside = await beginOpenIdSignIn(database.db, settings, "https://elsewhere.example/", now);
    expect(await consumeAttempt(database.db, outside.token, now)).toMatchObject({ next: "/workspace" });
    expect(await consumeAttempt(database.db, null, now)).toBeNull();
  });

  test("staff get in by their verified address, the allowed domain as members, nobody else", async () => {
    const { staff: lead } = await inviteStaff(database.db, {
      email: "lead@partner.example",
      role: "admin",
      actor: null,
    });
    expect(await signIn("lead", "/workspace/submissions/x")).toEqual({
      next: "/workspace/submissions/x",
      staff: { id: lead.id, email: "lead@partner.example" },
    });

    const admitted = await signIn("new");
    expect(admitted).toMatchObject({ staff: { email: "new.hire@company.example" } });
    expect(await signIn("new")).toEqual(admitted);
    expect((await listStaff(database.db)).map((person) => [person.email, person.role])).toEqual([
      ["lead@partner.example", "admin"],
      ["new.hire@company.example", "member"],
    ]);

    // One answer for every refusal, and nobody added.
    for (const login of ["outsider", "unverified", "nobody-at-all"])
      expect(await signIn(login)).toEqual({ next: "/workspace", problem: "refused" });
    expect(await listStaff(database.db)).toHaveLength(2);

    const trail = await listAudit(database.db);
    expect(trail.map((event) => [event.action, event.actor_email, event.detail]).reverse()).toEqual([
      ["invite", null, "role admin"],
      ["sign-in", "lead@partner.example", "openid"],
      ["admit", "new.hire@company.example", "openid: domain company.example"],
      ["sign-in", "new.hire@company.example", "openid"],
      ["sign-in", "new.hire@company.example", "openid"],
      ["sign-in-refused", null, "openid: not staff, not of the allowed domain"],
      ["sign-in-refused", null, "openid: no verified address"],
      ["sign-in-refused", null, "openid: no verified address"],
    ]);
    expect(JSON.stringify(trail)).not.toMatch(/elsewhere|unverified@/);
  });

  test("an admin who has signed in with the company's account counts as an admin who can sign in", async () => {
    await inviteStaff(database.db, { email: "boss@company.example", actor: null });
    await inviteStaff(database.db, { email: "lead@partner.example", role: "admin", actor: null });
    // Invited, never signed in: the boss stays, the only admin who might.
    expect(await removeStaff(database.db, "boss@company.example", null)).toBe("last-admin");
    expect(await signIn("lead")).toMatchObject({ staff: { email: "lead@partner.example" } });
    expect(await removeStaff(database.db, "boss@company.example", null)).toBe("done");
    expect(await removeStaff(database.db, "lead@partner.example", null)).toBe("last-admin");
  });

  test("an answer meant for another attempt, a replayed one and a refused one sign nobody in", async () => {
    await inviteStaff(database.db, { email: "lead@partner.example", actor: null });
    const mine = await beginOpenIdSignIn(database.db, settings, "/workspace");
    const callback = new URL(await provider.signInAs(mine.url, "lead"));

    // The answer arrives in a browser whose attempt is another one (a forged link, another tab).
    const other = await beginOpenIdSignIn(database.db, settings, "/workspace");
    expect(await finishOpenIdSignIn(database.db, settings, { token: other.token, search: callback.search })).toEqual({
      next: "/workspace",
      problem: "failed",
    });
    // A tampered state is refused before the code is spent; the right browser still gets in.
    const tampered = callback.search.replace(/state=[^&]+/, "state=forged");
    const again = await beginOpenIdSignIn(database.db, settings, "/workspace");
    expect(await finishOpenIdSignIn(database.db, settings, { token: again.token, search: tampered })).toMatchObject({
      problem: "failed",
    });
    expect(
      await finishOpenIdSignIn(database.db, settings, { token: mine.token, search: callback.search }),
    ).toMatchObject({ staff: { email: "lead@partner.example" } });
    // Replayed: the attempt is gone.
    expect(
      await finishOpenIdSignIn(database.db, settings, { token: mine.token, search: callback.search }),
    ).toMatchObject({ problem: "failed" });
    // The provider's own refusal (the person cancelled).
    const cancelled = await beginOpenIdSignIn(database.db, settings, "/workspace");
    const state = new URL(cancelled.url).searchParams.get("state")!;
    expect(
      await finishOpenIdSignIn(database.db, settings, {
        token: cancelled.token,
        search: `?error=access_denied&state=${state}&iss=${encodeURIComponent(provider.issuer)}`,
      }),
    ).toMatchObject({ problem: "failed" });
  });

  test("a provider that cannot be reached is unavailable, not an error", async () => {
    const down = { ...settings, issuer: "http://127.0.0.1:9" };
    await expect(beginOpenIdSignIn(database.db, down, "/workspace")).rejects.toBeInstanceOf(OpenIdUnavailable);
  });
});
