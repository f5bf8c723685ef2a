import { createHash } from "node:crypto";
import { expect, test } from "vitest";
import { contentSecurityPolicy, frameOrigins, inlineScriptHashes } from "#server/security-headers.ts";

test("hashes every inline script of a document, and none of the external ones", () => {
  const html = `<html><head><script type="module" src="/assets/a.js"></script>
    <script>window.a = 1;</script><script type="module">import "/assets/b.js";</script>
    <script nonce="x">window.a = 1;</script></head></html>`;
  const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;
  expect(inlineScriptHashes(html)).toEqual([sha("window.a = 1;"), sha('import "/assets/b.js";')]);
});

test("frames may come only from the configured embed origins", () => {
  expect(frameOrigins(["https://forms.example.net/a?b=1", "https://forms.example.net/c", undefined])).toEqual([
    "https://forms.example.net",
  ]);
  expect(contentSecurityPolicy({ scriptSources: [], frames: [] })).toContain("frame-src 'none'");
  const csp = contentSecurityPolicy({ scriptSources: ["'nonce-abc'"], frames: ["https://forms.example.net"] });
  expect(csp).toBe(
    "default-src 'self'; script-src 'self' 'nonce-abc'; style-src 'self'; img-src 'self' data:; font-src 'self'; connect-src 'self'; frame-src https://forms.example.net; frame-ancestors 'none'; object-src 'none'; base-uri 'self'; form-action 'self'",
  );
});

test("forms post to the site, and where a page asks to, to the company's sign-in provider", () => {
  expect(contentSecurityPolicy({ scriptSources: [], frames: [] })).toContain("; form-action 'self'");
  expect(
    contentSecurityPolicy({ scriptSources: [], frames: [], formTargets: ["https://accounts.google.com"] }),
  ).toMatch(/; form-action 'self' https:\/\/accounts\.google\.com$/);
});
