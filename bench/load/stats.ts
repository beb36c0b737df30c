/** Latency samples and CPU readings for the load benchmark. */
import { readFileSync } from "node:fs";

export function percentile(sorted: readonly number[], q: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
}

export class Samples {
  private readonly values: number[] = [];

  add(value: number): void {
    this.values.push(value);
  }

  get count(): number {
    return this.values.length;
  }

  /** p50 / p95 / p99 in milliseconds, e.g. "41 / 120 / 230". */
  summary(): string {
    const sorted = [...this.values].sort((a, b) => a - b);
    if (sorted.length === 0) return "–";
    return [0.5, 0.95, 0.99].map((q) => Math.round(percentile(sorted, q))).join(" / ");
  }

  quantile(q: number): number {
    return percentile(
      [...this.values].sort((a, b) => a - b),
      q,
    );
  }
}

const TICKS_PER_SECOND = 100; // Linux USER_HZ

function statSeconds(path: string): number {
  const stat = readFileSync(path, "utf8");
  // The command name may hold spaces: the fields after it start after the last ")".
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  return (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND;
}

/** CPU seconds (user + system) a process has used so far, from /proc (Linux): all threads, and its main thread. */
export function cpuSeconds(pid: number): { total: number; main: number } {
  return { total: statSeconds(`/proc/${pid}/stat`), main: statSeconds(`/proc/${pid}/task/${pid}/stat`) };
}
