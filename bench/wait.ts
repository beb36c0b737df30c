/** What the benches that drive a bot share: waiting for a condition, and running tasks a few at a time. */

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Waits until `probe` holds, looking every `every` ms; throws after `ms`. */
export async function until(probe: () => Promise<boolean>, what: string, ms = 120_000, every = 100): Promise<void> {
  const started = Date.now();
  while (!(await probe())) {
    if (Date.now() - started > ms) throw new Error(`timed out waiting for ${what}`);
    await sleep(every);
  }
}

/** Runs `count` tasks with at most `limit` at a time. */
export async function inBatches(count: number, limit: number, task: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < count) await task(next++);
    }),
  );
}
