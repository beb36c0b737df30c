/** The engine tool (`npm run -s engine`) as its own process, for the tests of test/bin. */
import { type ChildProcessByStdio, spawn } from "node:child_process";
import type { Readable, Writable } from "node:stream";

export function startEngineTool(): ChildProcessByStdio<Writable, Readable, null> {
  return spawn("npx", ["tsx", "src/bin/engine.ts"], { stdio: ["pipe", "pipe", "inherit"] });
}

/** Sends `input` whole, then returns the answer lines and the exit code. */
export function runEngineTool(input: string): Promise<{ lines: string[]; code: number | null }> {
  return new Promise((resolve, reject) => {
    const child = startEngineTool();
    let out = "";
    child.stdout.on("data", (d) => {
      out += d;
    });
    child.on("error", reject);
    child.on("close", (code) => resolve({ lines: out.trim().split("\n"), code }));
    child.stdin.end(input);
  });
}
