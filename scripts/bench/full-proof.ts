// Publishes the full set of proof (tests/helpers/proof-fixtures.ts) in the benchmark's database
// through the same script the budget test uses, as an operator's command beside the running
// server would, then waits until the server has rendered its pages with it.
import { execFileSync } from "node:child_process";
import { epochMs } from "#app/platform/clock.ts";
import { type BenchSite, step } from "./harness.ts";

export async function fillFullProof(site: BenchSite) {
  step("Publishing the full set of proof (6 logos, 3 case studies, 3 testimonials, 8 team members)");
  execFileSync(process.execPath, ["tests/e2e/fill-full-proof.ts"], { env: site.serverEnv, stdio: "inherit" });
  const deadline = epochMs() + 30_000;
  while (epochMs() < deadline) {
    const about = await (await fetch(`${site.origin}/about`)).text();
    if (about.includes("Engineer Example 8")) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("The server did not render the full set of proof within 30 seconds");
}
