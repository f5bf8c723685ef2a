// Oversized bodies, for `npm run bench -- bodies`: the server's resident memory at rest and
// while four 100 MB bodies arrive at once in chunks (no Content-Length), one to each kind of
// address (a file form, a cookie choice, a passkey step as JSON, multipart where no files are
// taken). Each must be refused while it is still being sent, and the memory must stay flat: the
// issue's target is less than 32 MB of growth.
import { loadavg } from "node:os";
import { residentMb } from "./harness.ts";
import { workspacePaths } from "#app/workspace/workspace-paths.ts";
import { sendChunked } from "#tests/helpers/chunked-body.ts";

export const bodiesTarget = { growthMb: 32 };
const bodyMb = 100;
const boundary = "bench-bodies";
const fileHead = `--${boundary}\r\nContent-Disposition: form-data; name="attachments"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`;
const requests = [
  {
    name: "file form /contact (multipart)",
    path: "/contact",
    type: `multipart/form-data; boundary=${boundary}`,
    head: fileHead,
  },
  {
    name: "cookie choice /consent (urlencoded)",
    path: "/consent",
    type: "application/x-www-form-urlencoded",
    head: "choice=all&padding=",
  },
  {
    name: "passkey step (JSON)",
    path: workspacePaths.signInPasskey,
    type: "application/json",
    head: '{"step":"options","padding":"',
  },
  {
    name: "multipart to /consent (no files taken)",
    path: "/consent",
    type: `multipart/form-data; boundary=${boundary}`,
    head: fileHead,
  },
];

type Round = {
  idleRssMb: number;
  peakRssMb: number;
  growthMb: number;
  answers: Array<{ name: string; status: number; sentMbWhenAnswered: number }>;
};

export type BodiesResult = { bodyMb: number; rounds: Round[]; loadAverage: { before: number[]; after: number[] } };

const rest = () => new Promise((resolve) => setTimeout(resolve, 2000));

async function round(origin: string, pid: number): Promise<Round> {
  const idleRssMb = residentMb(pid);
  let peakRssMb = idleRssMb;
  const sampler = setInterval(() => (peakRssMb = Math.max(peakRssMb, residentMb(pid))), 10);
  const answers = await Promise.all(
    requests.map(async ({ name, path, type, head }) => {
      const answer = await sendChunked(`${origin}${path}`, {
        headers: { "Content-Type": type },
        head,
        totalBytes: bodyMb * 1024 * 1024,
      });
      return { name, status: answer.status, sentMbWhenAnswered: answer.sentWhenAnswered / 1024 / 1024 };
    }),
  );
  // The refused connections stay open a few seconds after their answers (server/body-limit.ts).
  await new Promise((resolve) => setTimeout(resolve, 6000));
  clearInterval(sampler);
  return { idleRssMb, peakRssMb, growthMb: peakRssMb - idleRssMb, answers };
}

/**
 * Two rounds: the first from a server that has served only small requests (its code for these
 * answers compiled then, its heap grown to what they need), the second from that state, the
 * server's usual one once it has met such traffic. The target applies to the second.
 */
export async function benchBodies({ origin, pid }: { origin: string; pid: number }): Promise<BodiesResult> {
  // Each address answered once first, with a small body.
  for (const { path, type, head } of requests)
    await sendChunked(`${origin}${path}`, { headers: { "Content-Type": type }, head, totalBytes: 1024 });
  await rest();
  const before = loadavg();
  const rounds = [await round(origin, pid)];
  await rest();
  rounds.push(await round(origin, pid));
  return { bodyMb, rounds, loadAverage: { before, after: loadavg() } };
}

export function printBodies(result: BodiesResult) {
  result.rounds.forEach((round, index) => {
    console.log(`${index === 0 ? "First" : "Second"} round: four ${result.bodyMb} MB bodies at once, chunked`);
    for (const answer of round.answers)
      console.log(`  ${answer.name}: ${answer.status} after ${answer.sentMbWhenAnswered.toFixed(1)} MB sent`);
    console.log(
      `  resident memory ${round.idleRssMb.toFixed(1)} MB before, ${round.peakRssMb.toFixed(1)} MB at most meanwhile (+${round.growthMb.toFixed(1)} MB)`,
    );
  });
  const averages = (values: number[]) => values.map((value) => value.toFixed(2)).join(" ");
  console.log(
    `Load average (1, 5, 15 min): ${averages(result.loadAverage.before)} before, ${averages(result.loadAverage.after)} after`,
  );
}

export function bodiesChecks(result: BodiesResult): Array<[string, boolean]> {
  const answers = result.rounds.flatMap((round) => round.answers);
  const steady = result.rounds.at(-1) as Round;
  return [
    [
      "every body refused while it was being sent (4xx, under a third of it sent)",
      answers.every(
        (answer) => answer.status >= 400 && answer.status < 500 && answer.sentMbWhenAnswered < result.bodyMb / 3,
      ),
    ],
    [
      `resident memory grows by less than ${bodiesTarget.growthMb} MB (second round)`,
      steady.growthMb < bodiesTarget.growthMb,
    ],
  ];
}
