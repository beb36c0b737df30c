/** A task for the worker-pool tests: waits `ms` (blocking its thread, as a render does), then answers `id`. */
export default function echo(task: { id: string; ms: number }): string {
  const until = Date.now() + task.ms;
  while (Date.now() < until) {
    // busy, as CPU-bound work is
  }
  return task.id;
}
