import { spawn } from "node:child_process";

export type ScriptResult = { code: number | null; stdout: string; stderr: string };

/** One of the project's commands (`scripts/<name>.ts`) as an operator runs it, in a process of its own. */
export function runScript(script: string, args: string[], env: Record<string, string>): Promise<ScriptResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [`scripts/${script}`, ...args], {
      env: { ...process.env, LOG_LEVEL: "silent", ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
