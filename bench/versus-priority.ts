/**
 * Run by bench:versus on a search pool's thread (AiPool.runTask): the priority the thread runs at, for the
 * report. The match's pools ask for normal priority (AiPoolOptions.priority): below it, a shared machine
 * would hand the other engine, at normal priority, more of its CPU.
 */
import { getPriority } from "node:os";

export default function threadPriority(): number {
  return getPriority();
}
