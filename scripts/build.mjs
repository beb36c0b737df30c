/**
 * The compiled build (`npm run build`): every TypeScript file under src/ transpiled to JavaScript in
 * dist/ (the same layout, so paths relative to a module, such as ../../assets, still hold), and the
 * other files the modules load beside them (translations, the worker entry, the palette kernel).
 * Transpiled one file at a time (TypeScript's transpileModule: no type check, which `npm run
 * typecheck` does): a few seconds and little memory, so `npm start` can afford it on a small host
 * when the sources changed (scripts/start.mjs). Relative imports of `.ts` files become `.js`.
 *
 * `--check` then loads every built module but the entry points (src/bin, which start things) in a
 * child process: a module that only resolves under tsx (an import without its extension, a named
 * import that Node cannot find in a CommonJS package) fails there, not at the bot's start. CI runs it.
 *
 *   node scripts/build.mjs [--out dist] [--check]
 */
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, readdirSync, renameSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { dirname, join, relative, sep } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import ts from "typescript";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const SRC = join(ROOT, "src");
/** AssemblyScript, compiled to kernel.wasm by `npm run build:wasm`: only the .wasm is shipped. */
const SKIP = [join(SRC, "render", "palette-kernel", "kernel.ts")];
/** The Activity's page: bundled for the browser (below), never run by Node. */
const PAGE_SOURCES = join(SRC, "activity", "page") + sep;
/** Files loaded at run time beside the modules. */
const COPIED = [".json", ".mjs", ".wasm"];
/** The file whose time says when the build was made (scripts/start.mjs compares the sources with it). */
export const STAMP = ".build-stamp";

const { values } = parseArgs({
  options: { out: { type: "string", default: join(ROOT, "dist") }, check: { type: "boolean", default: false } },
});
const OUT = values.out;
/**
 * Written beside it and put in its place at the end: a build that fails leaves the last one whole, and
 * two starts building at once (two `npm start` after a pull) do not write into each other's files.
 */
const BUILDING = `${OUT}.building-${process.pid}`;

const options = {
  target: ts.ScriptTarget.ES2022,
  // ES modules as written (package.json says "type": "module"; NodeNext would need to look that up per file).
  module: ts.ModuleKind.ESNext,
  verbatimModuleSyntax: true,
  rewriteRelativeImportExtensions: true,
  sourceMap: false,
};

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

const started = performance.now();
// Built anew: a module deleted from src/ must not linger in dist/.
rmSync(BUILDING, { recursive: true, force: true });
let count = 0;
const problems = [];
await Promise.all(
  [...files(SRC)].map(async (path) => {
    if (SKIP.includes(path) || path.endsWith(".d.ts") || path.startsWith(PAGE_SOURCES)) return;
    const target = join(BUILDING, relative(SRC, path));
    if (path.endsWith(".ts")) {
      const source = await readFile(path, "utf8");
      const result = ts.transpileModule(source, { fileName: path, compilerOptions: options, reportDiagnostics: true });
      for (const d of result.diagnostics ?? [])
        problems.push(`${relative(ROOT, path)}: ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
      mkdirSync(dirname(target), { recursive: true });
      writeFileSync(target.replace(/\.ts$/, ".js"), result.outputText);
      count++;
    } else if (COPIED.some((ext) => path.endsWith(ext))) {
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(path, target);
      count++;
    }
  }),
);
// The Activity's page, bundled where the built server looks for it (src/activity/page-files.ts).
try {
  const { buildPage } = await import(pathToFileURL(join(SRC, "activity", "page-build.mjs")).href);
  const pageDir = join(BUILDING, "activity", "page-built");
  mkdirSync(pageDir, { recursive: true });
  for (const [path, file] of Object.entries(await buildPage()))
    writeFileSync(join(pageDir, path === "/" ? "index.html" : path.slice(1)), file.body);
} catch (error) {
  problems.push(`the Activity's page: ${error instanceof Error ? error.message : error}`);
}
if (problems.length > 0) {
  rmSync(BUILDING, { recursive: true, force: true });
  console.error(problems.join("\n"));
  process.exit(1);
}
writeFileSync(join(BUILDING, STAMP), `${new Date().toISOString()}\n`);
rmSync(OUT, { recursive: true, force: true });
renameSync(BUILDING, OUT);
console.log(`built ${count} files into ${relative(ROOT, OUT) || OUT} in ${Math.round(performance.now() - started)} ms`);

if (values.check) {
  const modules = [...files(OUT)]
    // Not the entry points, nor the Activity's page (a browser's script).
    .filter((path) => /\.m?js$/.test(path) && !relative(OUT, path).startsWith(`bin`) && !path.includes("page-built"))
    .map((path) => pathToFileURL(path).href);
  // Imported in a child process with no loader, as `npm start` runs them; the workers' own entry
  // (workers/entry.mjs) reads workerData and is loaded by the pools, not here.
  const script = `for (const m of ${JSON.stringify(modules.filter((m) => !m.endsWith("entry.mjs")))}) await import(m);`;
  const checked = spawnSync(process.execPath, ["--input-type=module", "-e", script], { stdio: "inherit" });
  if (checked.status !== 0) {
    console.error("a built module failed to load (above)");
    process.exit(1);
  }
  console.log(`loaded ${modules.length - 1} built modules`);
}
