/**
 * The Activity's page, bundled: src/activity/page/main.ts with everything it imports (the engine's
 * TypeScript, the Embedded App SDK, i18next, the texts) into one minified ES module, beside index.html and
 * style.css. esbuild does it: one small, well-kept dependency (no plugins, no config files) that bundles
 * TypeScript straight from the sources in a few hundred milliseconds, so the bot can also bundle on demand
 * when no build is there (a fresh clone under `npm test`, `npm start` from the sources); the project has it
 * already (tsx runs on it). Plain JavaScript, so that scripts/build.mjs (`npm run build`) and the bot share it.
 */
import { readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";

const PAGE = fileURLToPath(new URL("./page/", import.meta.url));

/** The files of the page, by URL path: `/` (the HTML), `/main.js`, `/style.css`. */
export async function buildPage() {
  const esbuild = await import("esbuild");
  try {
    const result = await esbuild.build({
      entryPoints: [`${PAGE}main.ts`],
      bundle: true,
      minify: true,
      format: "esm",
      target: ["es2022", "chrome110", "safari16"],
      platform: "browser",
      write: false,
      outfile: "main.js",
      legalComments: "none",
      // The SDK's dependencies look at process.env.NODE_ENV: production strips their development checks.
      define: { "process.env.NODE_ENV": '"production"' },
      logLevel: "silent",
    });
    const script = result.outputFiles.find((f) => f.path.endsWith("main.js"));
    if (!script) throw new Error("esbuild wrote no main.js");
    return {
      "/": { type: "text/html; charset=utf-8", body: await readFile(`${PAGE}index.html`) },
      "/main.js": { type: "text/javascript; charset=utf-8", body: Buffer.from(script.contents) },
      "/style.css": { type: "text/css; charset=utf-8", body: await readFile(`${PAGE}style.css`) },
    };
  } finally {
    // esbuild keeps a service process for the next build: the bot builds once.
    await esbuild.stop();
  }
}
