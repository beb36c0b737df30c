/** The engine tool (`npm run -s engine`) as its own process, for the tests of test/bin. */
import { type ChildProcessByStdio, spawn } from "node:child_process";
import type { Readable, Writable } from "node:stream";

/** The tool's flags (e.g. --tables-seeds 0) and environment variables added to this process's. */
export interface EngineToolOptions {
  readonly args?: readonly string[];
  readonly env?: Readonly<Record<string, string>>;
}

export function startEngineTool(
  options: EngineToolOptions = {},
  stderr: "inherit" | "pipe" = "inherit",
): ChildProcessByStdio<Writable, Readable, Readable | null> {
  return spawn("npx", ["tsx", "src/bin/engine.ts", ...(options.args ?? [])], {
    stdio: ["pipe", "pipe", stderr],
    env: { ...process.env, ...options.env },
  }) as ChildProcessByStdio<Writable, Readable, Readable | null>;
}

/** Sends `input` whole, then returns the answer lines, what was written on stderr and the exit code. */
export function runEngineTool(
  input: string,
  options: EngineToolOptions = {},
): Promise<{ lines: string[]; stderr: string; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = startEngineTool(options, "pipe");
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.stderr?.on("data", (d) => {
      err += d;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ lines: out.trim().split("\n"), stderr: err, code }));
    child.stdin.end(input);
  });
}
