import { describe, expect, it } from "vitest";
import { moveFrames, sowBatch } from "../../src/render/frames.ts";
import { stillScene } from "../../src/render/still.ts";
import { LONG_RELAY_MOVES, playMoves, SCENARIOS, viewOf } from "./fixtures.ts";

const duration = (frames: { delay: number }[]) => frames.reduce((sum, f) => sum + f.delay, 0);

describe("moveFrames", () => {
  it("moveFrames - opens and ends on the still scene, replays from the position before the move - capture", () => {
    const view = SCENARIOS.capture();
    const frames = moveFrames(view);
    expect(frames[0].scene).toEqual(stillScene(view));
    expect(frames[1].scene.pits).toEqual(view.lastMove?.before.pits);
    expect(frames[1].scene.trace?.marks[3].origin).toBe(true);
    expect(frames.at(-1)?.scene).toEqual(stillScene(view));
    expect(frames.at(-1)?.delay).toBeGreaterThan(Math.max(...frames.slice(0, -1).map((f) => f.delay)));
  });

  it("moveFrames - during the replay the header marks the mover as playing, never the next player - finished game", () => {
    const view = SCENARIOS.finished();
    const frames = moveFrames(view);
    for (const { scene } of frames.slice(1, -1)) {
      expect(scene.turn).toBe(view.lastMove?.player);
      expect(scene.playing).toBe(true);
      expect(scene.banner).toBeNull();
    }
    for (const { scene } of [frames[0], frames[frames.length - 1]]) {
      expect(scene.playing).toBe(false);
      expect(scene.banner?.title).toBe("Ada wins 27–2");
    }
  });

  it("moveFrames - every seed is accounted for in every frame - all scenarios", () => {
    for (const scenario of Object.values(SCENARIOS)) {
      const view = scenario();
      if (!view.lastMove) continue;
      for (const { scene } of moveFrames(view)) {
        const onBoard = scene.pits.reduce((a, b) => a + b, 0) + scene.stores[0] + scene.stores[1];
        const held = (scene.hand?.seeds ?? 0) + scene.flights.reduce((a, f) => a + f.seeds, 0);
        // Seeds in the hand or in flight have left their pit and not yet arrived anywhere.
        expect(onBoard + held).toBe(48);
      }
    }
  });

  it("moveFrames - seeds fly to the capturer's store - grand slam", () => {
    const frames = moveFrames(SCENARIOS["grand-slam"]());
    const flying = frames.filter((f) => f.scene.flights.length > 0);
    expect(flying).toHaveLength(3);
    expect(flying[0].scene.flights.map((f) => f.seeds)).toEqual([2, 2]);
    expect(frames.some((f) => f.scene.caption?.includes("moves again"))).toBe(true);
  });

  it("moveFrames - one drop per frame - short move", () => {
    const view = viewOf(playMoves("abapa", [3]));
    expect(sowBatch(view.lastMove?.events ?? [])).toBe(1);
    expect(moveFrames(view).map((f) => f.scene.hand?.seeds ?? 0)).toEqual([0, 0, 4, 3, 2, 1, 0, 0]);
  });

  it("moveFrames - drops are batched and the move stays a few seconds - long haiti relay", () => {
    const view = viewOf(playMoves("haiti", LONG_RELAY_MOVES));
    const events = view.lastMove?.events ?? [];
    expect(events.filter((e) => e.type === "pickup" && e.relay)).toHaveLength(8);
    expect(sowBatch(events)).toBeGreaterThan(1);
    const frames = moveFrames(view);
    expect(frames.length).toBeLessThanOrEqual(41);
    expect(duration(frames)).toBeLessThanOrEqual(10_500);
    expect(frames.every((f) => f.delay >= 60)).toBe(true);
  });
});
