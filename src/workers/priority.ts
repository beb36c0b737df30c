/**
 * The priority of the bot's worker threads (search and render), set by each thread on itself when it
 * starts (on Linux, setpriority on "this process" from a thread changes only that thread).
 *
 * `low` (the default, WORKER_PRIORITY): below normal, so that when searches and renders fill the cores
 * the main thread, which acknowledges every interaction, still gets one. The nice value also counts
 * against every other process in the same CPU group (no container or service slice of its own), and
 * there busy programs starve these threads far beyond a fair share: with three busy loops and a match
 * beside it, one of Nickar's easy moves took over a minute. `normal` is for such hosts.
 */
import { constants, setPriority } from "node:os";

export const WORKER_PRIORITIES = ["low", "normal"] as const;
export type WorkerPriority = (typeof WORKER_PRIORITIES)[number];

/** Sets the calling thread's priority; where the host refuses (some containers), it stays as it is. */
export function applyWorkerPriority(priority: WorkerPriority = "low"): void {
  if (priority === "normal") return;
  try {
    setPriority(constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // Not allowed here: the thread competes with the main thread on equal terms.
  }
}
