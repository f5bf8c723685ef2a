// Mozilla HTTP Observatory's score for one response, by its published scoring
// (https://github.com/mozilla/http-observatory/blob/main/httpobs/docs/scoring.md, the MDN
// Observatory v2 modifiers): start at 100, add each test's modifier; bonuses count only when the
// score without them is at least 90. 100 and above is A+. The tests that need more than one
// response (redirection from http, CORS files) do not apply to a single response here.

export type Modifier = { test: string; result: string; modifier: number };

function directives(csp: string) {
  return new Map(
    csp
      .split(";")
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name = "", ...values]) => [name.toLowerCase(), values] as const),
  );
}

function cspResult(header: string | undefined): Modifier {
  const test = "content-security-policy";
  if (!header) return { test, result: "csp-not-implemented", modifier: -25 };
  const policy = directives(header);
  const scripts = policy.get("script-src") ?? policy.get("default-src") ?? [];
  const styles = policy.get("style-src") ?? policy.get("default-src") ?? [];
  const all = [...policy.values()].flat();
  if (scripts.includes("'unsafe-inline'") && !scripts.some((source) => /^'(nonce|sha\d+)-/.test(source))) {
    return { test, result: "csp-implemented-with-unsafe-inline", modifier: -20 };
  }
  if (all.some((source) => /^http:|^ws:/.test(source)))
    return { test, result: "csp-implemented-with-insecure-scheme", modifier: -20 };
  if (all.includes("'unsafe-eval'")) return { test, result: "csp-implemented-with-unsafe-eval", modifier: -10 };
  if (styles.includes("'unsafe-inline'"))
    return { test, result: "csp-implemented-with-unsafe-inline-in-style-src-only", modifier: 0 };
  if ((policy.get("default-src") ?? []).join(" ") === "'none'") {
    return { test, result: "csp-implemented-with-no-unsafe-default-src-none", modifier: 10 };
  }
  return { test, result: "csp-implemented-with-no-unsafe", modifier: 0 };
}

function cookiesResult(setCookies: string[], hsts: boolean): Modifier {
  const test = "cookies";
  if (setCookies.length === 0) return { test, result: "cookies-not-found", modifier: 0 };
  const secure = setCookies.every((cookie) => /;\s*secure/i.test(cookie));
  const sameSite = setCookies.every((cookie) => /;\s*samesite=(lax|strict)/i.test(cookie));
  if (!secure) {
    return hsts
      ? { test, result: "cookies-without-secure-flag-but-protected-by-hsts", modifier: -5 }
      : { test, result: "cookies-without-secure-flag", modifier: -20 };
  }
  return sameSite
    ? { test, result: "cookies-secure-with-httponly-sessions-and-samesite", modifier: 5 }
    : { test, result: "cookies-secure-with-httponly-sessions", modifier: 0 };
}

function referrerResult(header: string | undefined): Modifier {
  const test = "referrer-policy";
  if (!header) return { test, result: "referrer-policy-not-implemented", modifier: 0 };
  const last =
    header
      .split(",")
      .map((value) => value.trim().toLowerCase())
      .at(-1) ?? "";
  if (["no-referrer", "same-origin", "strict-origin", "strict-origin-when-cross-origin"].includes(last)) {
    return { test, result: "referrer-policy-private", modifier: 5 };
  }
  if (["origin", "origin-when-cross-origin", "no-referrer-when-downgrade"].includes(last)) {
    return { test, result: "referrer-policy-no-referrer-when-downgrade", modifier: 0 };
  }
  return { test, result: "referrer-policy-unsafe", modifier: -5 };
}

function hstsResult(header: string | undefined, https: boolean): Modifier {
  const test = "strict-transport-security";
  if (!https) return { test, result: "hsts-not-implemented-no-https", modifier: -20 };
  if (!header) return { test, result: "hsts-not-implemented", modifier: -20 };
  const maxAge = Number(header.match(/max-age=(\d+)/i)?.[1] ?? Number.NaN);
  if (Number.isNaN(maxAge)) return { test, result: "hsts-header-invalid", modifier: -20 };
  return maxAge >= 15_768_000
    ? { test, result: "hsts-implemented-max-age-at-least-six-months", modifier: 0 }
    : { test, result: "hsts-implemented-max-age-less-than-six-months", modifier: -10 };
}

function sriResult(html: string | null, origin: string): Modifier {
  const test = "subresource-integrity";
  if (html === null) return { test, result: "sri-not-implemented-response-not-html", modifier: 0 };
  const sources = [...html.matchAll(/<script[^>]*\ssrc="([^"]+)"/gi)].map((match) => match[1] ?? "");
  if (sources.length === 0) return { test, result: "sri-not-implemented-but-no-scripts-loaded", modifier: 0 };
  const external = sources.filter((source) => /^(https?:)?\/\//.test(source) && !source.startsWith(origin));
  if (external.length === 0)
    return { test, result: "sri-not-implemented-but-all-scripts-loaded-from-secure-origin", modifier: 0 };
  return { test, result: "sri-not-implemented-but-external-scripts-loaded-securely", modifier: -5 };
}

export function observatoryScore(
  headers: Record<string, string>,
  {
    https,
    html,
    origin,
    setCookies = [],
  }: { https: boolean; html: string | null; origin: string; setCookies?: string[] },
) {
  const hsts = https && Boolean(headers["strict-transport-security"]);
  const modifiers: Modifier[] = [
    cspResult(headers["content-security-policy"]),
    cookiesResult(setCookies, hsts),
    headers["access-control-allow-origin"] === "*"
      ? {
          test: "cross-origin-resource-sharing",
          result: "cross-origin-resource-sharing-implemented-with-universal-access",
          modifier: -50,
        }
      : { test: "cross-origin-resource-sharing", result: "cross-origin-resource-sharing-not-implemented", modifier: 0 },
    referrerResult(headers["referrer-policy"]),
    hstsResult(headers["strict-transport-security"], https),
    sriResult(html, origin),
    headers["x-content-type-options"]?.toLowerCase() === "nosniff"
      ? { test: "x-content-type-options", result: "x-content-type-options-nosniff", modifier: 0 }
      : { test: "x-content-type-options", result: "x-content-type-options-not-implemented", modifier: -5 },
    (directives(headers["content-security-policy"] ?? "").get("frame-ancestors") ?? []).length
      ? { test: "x-frame-options", result: "x-frame-options-implemented-via-csp", modifier: 5 }
      : /^(deny|sameorigin)$/i.test(headers["x-frame-options"] ?? "")
        ? { test: "x-frame-options", result: "x-frame-options-sameorigin-or-deny", modifier: 0 }
        : { test: "x-frame-options", result: "x-frame-options-not-implemented", modifier: -20 },
  ];
  const penalties = modifiers.reduce((sum, entry) => sum + Math.min(entry.modifier, 0), 0);
  const bonuses = modifiers.reduce((sum, entry) => sum + Math.max(entry.modifier, 0), 0);
  const base = 100 + penalties;
  const score = Math.max(0, base >= 90 ? base + bonuses : base);
  return { score, grade: score >= 100 ? "A+" : score >= 90 ? "A" : score >= 85 ? "A-" : "below A-", modifiers };
}
