/** The types of page-build.mjs (plain JavaScript, shared with scripts/build.mjs). */
export function buildPage(): Promise<Record<string, { type: string; body: Buffer }>>;
