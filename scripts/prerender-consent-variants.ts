// Runs after `react-router build`: renders every prerendered page once more for each cookie
// choice, next to React Router's own file (index.html = no choice yet, with the banner):
//   index.necessary.html  necessary cookies only: no banner, frames as placeholders
//   index.forms.html      third-party forms accepted: no banner, frames loaded
// The server sends the one matching the visitor's cookie, so pages stay static files and also
// follow the choice without JavaScript (docs/decisions/008-consent.md).
import { readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import { parseConfig } from "#app/config.ts";
import { type ConsentVariant, consentCookieName, serializeConsent } from "#app/consent/consent-cookie.ts";
import { buildDir } from "#server/build-info.ts";

const env = parseConfig(process.env);
const clientDir = path.join(buildDir, "client");
const build = (await import(pathToFileURL(path.join(buildDir, "server", "index.js")).href)) as ServerBuild;
const handle = createRequestHandler(build, "production");

const decided: Array<Exclude<ConsentVariant, "undecided">> = ["necessary", "forms"];
const pages = readdirSync(clientDir, { recursive: true, encoding: "utf8" }).filter(
  (file) => path.basename(file) === "index.html",
);

for (const file of pages) {
  const directory = path.dirname(file);
  const urlPath = directory === "." ? "/" : `/${directory.split(path.sep).join("/")}`;
  for (const variant of decided) {
    const consent = { id: "prerendered-variant", revision: env.CONSENT_REVISION, forms: variant === "forms", at: 0 };
    const response = await handle(
      new Request(new URL(urlPath, env.SITE_URL), {
        headers: { Cookie: `${consentCookieName}=${serializeConsent(consent)}` },
      }),
    );
    if (response.status !== 200) throw new Error(`Rendering ${urlPath} (${variant}) answered ${response.status}`);
    writeFileSync(path.join(clientDir, directory, `index.${variant}.html`), await response.text());
  }
}
console.log(`Prerendered ${pages.length} pages for each cookie choice (${decided.join(", ")}).`);
process.exit(0); // the server bundle's services may hold timers; nothing else is left to do
