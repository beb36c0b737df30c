/**
 * The interactions being handled right now, so that a shutdown can let them finish (their move is
 * stored before the acknowledgement, but the board edit and follow-ups come after it).
 */
export class InFlight {
  private readonly running = new Set<Promise<unknown>>();

  get size(): number {
    return this.running.size;
  }

  track(work: Promise<unknown>): void {
    const tracked = work.catch(() => {}).finally(() => this.running.delete(tracked));
    this.running.add(tracked);
  }

  /** Resolves when everything tracked so far (and anything tracked meanwhile) has settled, or after `timeoutMs`. */
  async drain(timeoutMs: number): Promise<{ finished: boolean; left: number }> {
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<"timeout">((resolve) => {
      timer = setTimeout(() => resolve("timeout"), timeoutMs);
    });
    try {
      while (this.running.size > 0) {
        const result = await Promise.race([Promise.all([...this.running]), timedOut]);
        if (result === "timeout") return { finished: false, left: this.running.size };
      }
      return { finished: true, left: 0 };
    } finally {
      clearTimeout(timer);
    }
  }
}
