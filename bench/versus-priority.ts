/**
 * Run by bench:versus on a search pool's thread (AiPool.runTask) after its first search: the pool's worker
 * lowers its thread below normal priority (so that the bot's interactions come first), which in a match
 * against another engine would hand that engine, at normal priority, more of a shared machine's CPU.
 * This puts the thread back at normal priority and returns the priority it now has (0 when it worked).
 */
import { constants, getPriority, setPriority } from "node:os";

export default function normalPriority(): number {
  try {
    setPriority(constants.priority.PRIORITY_NORMAL);
  } catch {
    // Not allowed here: the report shows the priority that stayed.
  }
  return getPriority();
}
