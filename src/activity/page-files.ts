/**
 * The page's files as the Activity server serves them, each also gzipped (Discord's proxy passes the
 * compression through; the first load is measured compressed). From the build beside this module when
 * `npm run build` made one (dist/activity/page-built/), else bundled on demand, once, at the first request
 * (src/activity/page-build.mjs): a fresh clone's `npm test` and a bot run from the sources need no step first.
 */
import { readdir, readFile } from "node:fs/promises";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { buildPage } from "./page-build.mjs";

export interface PageFile {
  readonly type: string;
  readonly body: Buffer;
  readonly gzip: Buffer;
}

export type PageFiles = ReadonlyMap<string, PageFile>;

/** Where `npm run build` puts the bundled page, beside the built server. */
export const BUILT_PAGE = fileURLToPath(new URL("./page-built/", import.meta.url));

const TYPES: Readonly<Record<string, string>> = {
  html: "text/html; charset=utf-8",
  js: "text/javascript; charset=utf-8",
  css: "text/css; charset=utf-8",
};

async function builtFiles(): Promise<Record<string, { type: string; body: Buffer }> | null> {
  const names = await readdir(BUILT_PAGE).catch(() => null);
  if (!names) return null;
  const files: Record<string, { type: string; body: Buffer }> = {};
  for (const name of names) {
    const type = TYPES[name.split(".").pop() ?? ""];
    if (!type) continue;
    files[name === "index.html" ? "/" : `/${name}`] = { type, body: await readFile(`${BUILT_PAGE}${name}`) };
  }
  return files;
}

/** The page's files, from the build or bundled now. */
export async function loadPage(): Promise<PageFiles> {
  const files = (await builtFiles()) ?? ((await buildPage()) as Record<string, { type: string; body: Buffer }>);
  return new Map(Object.entries(files).map(([path, f]) => [path, { ...f, gzip: gzipSync(f.body, { level: 9 }) }]));
}
