/** The looks after interactions run at once when quiet, and at most once a window under load. */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { throttle } from "../../src/discord/throttle.ts";

describe("throttle", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "performance"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("throttle - runs at once - for the first call after a quiet window", async () => {
    const work = vi.fn();
    const throttled = throttle(work, 250);
    throttled();
    expect(work).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(300);
    throttled();
    expect(work).toHaveBeenCalledTimes(2);
  });

  it("throttle - one run at the window's end - for many calls within the window", async () => {
    const work = vi.fn();
    const throttled = throttle(work, 250);
    throttled();
    await vi.advanceTimersByTimeAsync(0);
    for (let i = 0; i < 20; i++) {
      throttled();
      await vi.advanceTimersByTimeAsync(10);
    }
    // 200 ms into the window: the calls wait for its end, then run once.
    expect(work).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(50);
    expect(work).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(1000);
    expect(work).toHaveBeenCalledTimes(2);
  });

  it("throttle - nothing runs - after stop, even a call already waiting", async () => {
    const work = vi.fn();
    const throttled = throttle(work, 250);
    throttled();
    await vi.advanceTimersByTimeAsync(0);
    throttled();
    throttled.stop();
    throttled();
    await vi.advanceTimersByTimeAsync(1000);
    expect(work).toHaveBeenCalledTimes(1);
  });
});
