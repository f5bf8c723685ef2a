import { generateKeyPairSync, randomBytes } from "node:crypto";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import Provider from "oidc-provider";

// A real OpenID provider (panva's oidc-provider) on a loopback port, standing in for Google or
// Microsoft: one confidential client (PKCE required), and people whose claims the test decides.
// Its sign-in page is a plain form where any login name works (its own development pages load a
// web font from the internet, which tests must not reach). Signing in grants the client at once.
//
// `holdAnswer()` keeps the next answer from the browser, for a test to bring it later, changed or
// in another browser.

/** What the provider says about a person in their ID token. */
export type OpenIdPerson = { email?: string; email_verified?: boolean; hd?: string; xms_edov?: boolean };

export type OpenIdProvider = Awaited<ReturnType<typeof startOpenIdProvider>>;

async function formBody(req: IncomingMessage) {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString("utf8"));
}

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export async function startOpenIdProvider({ redirectUri }: { redirectUri: string }) {
  const people = new Map<string, OpenIdPerson>();
  let held: ((answer: string) => void) | null = null;
  const client = { clientId: "workspace-test", clientSecret: randomBytes(24).toString("base64url") };
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  let provider!: Provider;

  const server = createServer((req, res) => {
    if (req.url === "/held") {
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
      return res.end(
        `<!doctype html><html lang="en"><title>Test provider</title><main><h1>Answer held</h1></main></html>`,
      );
    }
    const interaction = req.url?.match(/^\/interaction\/([\w-]+)$/);
    if (!interaction) {
      const setHeader = res.setHeader.bind(res);
      res.setHeader = (name, value) => {
        if (!held || name.toLowerCase() !== "location" || typeof value !== "string" || !value.startsWith(redirectUri))
          return setHeader(name, value);
        held(value);
        held = null;
        return setHeader(name, "/held");
      };
      return provider.callback()(req, res);
    }
    void (async () => {
      if (req.method === "POST") {
        const login = (await formBody(req)).get("login")?.trim() || "anonymous";
        const { params } = await provider.interactionDetails(req, res);
        const grant = new provider.Grant({ accountId: login, clientId: String(params.client_id) });
        grant.addOIDCScope(String(params.scope));
        const grantId = await grant.save();
        return provider.interactionFinished(
          req,
          res,
          { login: { accountId: login }, consent: { grantId } },
          { mergeWithLastSubmission: false },
        );
      }
      const { uid } = await provider.interactionDetails(req, res);
      res.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" });
      res.end(`<!doctype html><html lang="en"><title>Test provider</title><main><h1>Test provider</h1>
        <form method="post" action="/interaction/${escapeHtml(uid)}"><label>Login name <input name="login" required></label>
        <button type="submit">Continue</button></form></main></html>`);
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(400, { "Content-Type": "text/plain" });
      res.end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  provider = new Provider(issuer, {
    clients: [
      {
        client_id: client.clientId,
        client_secret: client.clientSecret,
        redirect_uris: [redirectUri],
        response_types: ["code"],
        grant_types: ["authorization_code"],
        token_endpoint_auth_method: "client_secret_post",
      },
    ],
    jwks: { keys: [{ ...privateKey.export({ format: "jwk" }), kid: "test-key", use: "sig", alg: "RS256" }] },
    cookies: { keys: [randomBytes(16).toString("hex")] },
    claims: { openid: ["sub"], email: ["email", "email_verified", "hd", "xms_edov"], profile: ["name"] },
    // Google and Microsoft put the address in the ID token itself, and so does this provider.
    conformIdTokenClaims: false,
    pkce: { required: () => true },
    ttl: { AuthorizationCode: 60, IdToken: 600, AccessToken: 600, Interaction: 600, Session: 600, Grant: 600 },
    features: { devInteractions: { enabled: false } },
    interactions: { url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx, sub) => ({ accountId: sub, claims: () => ({ sub, ...people.get(sub) }) }),
  });
  // Its own error pages would print to stderr; the tests look at what the site answers.
  provider.on("server_error", () => {});

  return {
    issuer,
    ...client,
    /** Says who a login name is; an unknown login name has no address at all. */
    setPerson: (login: string, person: OpenIdPerson) => people.set(login, person),
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
    /** The next answer, kept from the browser (which sees "Answer held" instead). */
    holdAnswer: () => new Promise<string>((resolve) => (held = resolve)),
    /**
     * Goes through the provider's sign-in as `login`, the way a browser would (its cookies kept
     * between its own redirects), and returns the address it sends the browser back to.
     */
    async signInAs(authorizationUrl: string, login: string) {
      const cookies = new Map<string, string>();
      const send = async (url: string, init: RequestInit = {}) => {
        const response = await fetch(url, {
          ...init,
          redirect: "manual",
          headers: { ...init.headers, cookie: [...cookies].map(([name, value]) => `${name}=${value}`).join("; ") },
        });
        for (const line of response.headers.getSetCookie()) {
          const [pair = ""] = line.split(";");
          const split = pair.indexOf("=");
          cookies.set(pair.slice(0, split), pair.slice(split + 1));
        }
        return response;
      };
      let response = await send(authorizationUrl);
      let location = response.headers.get("location");
      for (let hop = 0; hop < 10 && location; hop += 1) {
        const url = new URL(location, issuer).href;
        if (!url.startsWith(issuer)) return url;
        response = /\/interaction\/[\w-]+$/.test(url)
          ? await send(url, {
              method: "POST",
              headers: { "Content-Type": "application/x-www-form-urlencoded" },
              body: new URLSearchParams({ login }).toString(),
            })
          : await send(url);
        location = response.headers.get("location");
      }
      throw new Error(`the provider did not send the browser back (HTTP ${response.status}): ${await response.text()}`);
    },
  };
}
