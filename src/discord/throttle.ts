/**
 * Runs `work` at most once per `windowMs`: a call when it has not run for a window runs it at once,
 * as a plain call would; calls within the window are folded into one run at the window's end. After every interaction the bot looks for due deadlines,
 * Nickar's moves and analyses to start (a few queries each): at 50 interactions a second that was
 * a large share of the main thread's work, for answers that change far less often. Hand-written:
 * it is a dozen lines, and a utility library's throttle knows nothing of stopping.
 */
export interface Throttled {
  (): void;
  /** No run starts after this. */
  stop(): void;
}

export function throttle(work: () => void, windowMs: number): Throttled {
  let lastRun = Number.NEGATIVE_INFINITY;
  let pending: NodeJS.Timeout | null = null;
  let stopped = false;
  const run = () => {
    pending = null;
    if (stopped) return;
    lastRun = performance.now();
    work();
  };
  const throttled = (() => {
    if (pending || stopped) return;
    const wait = lastRun + windowMs - performance.now();
    if (wait <= 0) run();
    else pending = setTimeout(run, wait);
  }) as Throttled;
  throttled.stop = () => {
    stopped = true;
    if (pending) clearTimeout(pending);
    pending = null;
  };
  return throttled;
}
