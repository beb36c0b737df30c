import { describe, expect, it } from "vitest";
import { JobLoop } from "../../src/discord/job-loop.ts";

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { opened, open };
}

describe("JobLoop", () => {
  it("JobLoop - passes never overlap and pokes during one ask for exactly one more - three pokes in a pass", async () => {
    let passes = 0;
    let inPass = 0;
    let most = 0;
    const first = gate();
    const loop = new JobLoop({
      pass: async () => {
        passes++;
        inPass++;
        most = Math.max(most, inPass);
        if (passes === 1) await first.opened;
        inPass--;
      },
      onError: () => {},
    });
    loop.poke();
    loop.poke();
    loop.poke();
    loop.poke();
    first.open();
    await loop.idle();
    expect({ passes, most }).toEqual({ passes: 2, most: 1 });
  });

  it("JobLoop - a failing pass is reported and the next poke runs again - a throw", async () => {
    const errors: unknown[] = [];
    let passes = 0;
    const loop = new JobLoop({
      pass: () => {
        passes++;
        throw new Error("boom");
      },
      onError: (err) => errors.push(err),
    });
    loop.poke();
    await loop.idle();
    loop.poke();
    await loop.idle();
    expect({ passes, errors: errors.length }).toEqual({ passes: 2, errors: 2 });
  });

  it("JobLoop - stop aborts the tasks and no pass or task starts after it - a task under way", async () => {
    let passes = 0;
    const loop = new JobLoop({ pass: () => void passes++, onError: () => {} });
    let aborted = false;
    loop.launch(
      "a",
      (signal) =>
        new Promise<void>((resolve) =>
          signal.addEventListener("abort", () => {
            aborted = true;
            resolve();
          }),
        ),
    );
    loop.launch("a", async () => {
      throw new Error("a second task with the same key must not start");
    });
    expect(loop.taskCount).toBe(1);
    loop.stop();
    await loop.idle();
    loop.poke();
    loop.launch("b", async () => void passes++);
    await loop.idle();
    expect({ aborted, passes, tasks: loop.taskCount }).toEqual({ aborted: true, passes: 0, tasks: 0 });
  });

  it("JobLoop - wakeAt pokes at the earliest time asked for - two wake-ups", async () => {
    let passes = 0;
    const loop = new JobLoop({ pass: () => void passes++, onError: () => {} });
    loop.wakeAt(Date.now() + 60_000);
    loop.wakeAt(Date.now() + 5);
    await new Promise((resolve) => setTimeout(resolve, 50));
    loop.stop();
    expect(passes).toBe(1);
  });
});
