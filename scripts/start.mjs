/**
 * `npm start`: runs the compiled bot (dist/bin/main.js) in this process, building it first when
 * src/ has changed since the last build (a fresh clone, a pull) or it is missing. Node then loads
 * JavaScript instead of transpiling TypeScript at every start: the bot holds about 45-50 MB less idle
 * and its first image costs about 40 MB less (docs/benchmarks.md#footprint). Where the build cannot be made (TypeScript is a
 * development dependency: `npm install --omit=dev` leaves it out), the sources run through tsx as
 * before.
 */
import { spawnSync } from "node:child_process";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SRC = join(ROOT, "src");
const DIST = join(ROOT, "dist");
const STAMP = join(DIST, ".build-stamp");

/** The newest modification time under `dir`, in ms. */
function newest(dir) {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    latest = Math.max(latest, entry.isDirectory() ? newest(path) : statSync(path).mtimeMs);
  }
  return latest;
}

function built() {
  try {
    return statSync(STAMP).mtimeMs >= newest(SRC);
  } catch {
    return false;
  }
}

/** Builds in a child process, so TypeScript's compiler is not left in the bot's memory. */
function build() {
  console.log("Building the bot (src/ changed since the last build)…");
  const result = spawnSync(process.execPath, [join(ROOT, "scripts", "build.mjs")], { stdio: "inherit" });
  return result.status === 0;
}

if (built() || build()) {
  await import(pathToFileURL(join(DIST, "bin", "main.js")).href);
} else {
  console.warn("The build failed or TypeScript is not installed: running the sources through tsx.");
  (await import("tsx/esm/api")).register();
  await import(pathToFileURL(join(SRC, "bin", "main.ts")).href);
}
