import { spawnSync } from "node:child_process";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { commandDefinitions } from "../../src/commands/index.ts";

const ROOT = resolve(import.meta.dirname, "../..");
const RECORDER = resolve(import.meta.dirname, "native-modules.mjs");

/** The dry run as `npm run -s deploy-commands -- --dry-run` runs it, with native addon loads recorded. */
function dryRun(extraEnv: Record<string, string> = {}) {
  const env: NodeJS.ProcessEnv = { ...process.env, ...extraEnv };
  delete env.DISCORD_TOKEN;
  const run = spawnSync(
    process.execPath,
    ["--import", "tsx", "--import", RECORDER, "src/bin/deploy-commands.ts", "--dry-run"],
    { cwd: ROOT, env, encoding: "utf8" },
  );
  const native = /native modules: (.*)$/m.exec(run.stderr)?.[1];
  return { run, native: native ? (JSON.parse(native) as string[]) : null };
}

describe("deploy-commands --dry-run", () => {
  it("deploy-commands - prints every command it would register, no token and no network - --dry-run", () => {
    // An address nothing listens on: a dry run that tried the network would fail or hang here.
    const { run } = dryRun({ DISCORD_API_URL: "http://127.0.0.1:9/api" });
    expect(run.status).toBe(0);
    expect(JSON.parse(run.stdout)).toEqual(JSON.parse(JSON.stringify(commandDefinitions())));
  });

  it("deploy-commands - loads no native module (canvas, SQLite) - --dry-run", () => {
    const { run, native } = dryRun();
    expect(run.status).toBe(0);
    expect(native).toEqual([]);
  });

  it("native module recorder - sees a native module load - importing the canvas library", () => {
    // The recorder itself: without this the test above could pass by recording nothing.
    const run = spawnSync(process.execPath, ["--import", RECORDER, "-e", "import('@napi-rs/canvas')"], {
      cwd: ROOT,
      encoding: "utf8",
    });
    const native = JSON.parse(/native modules: (.*)$/m.exec(run.stderr)?.[1] ?? "[]") as string[];
    expect(native.some((file) => file.includes("canvas"))).toBe(true);
  });
});
