import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { moveFrames } from "../../src/render/frames.ts";
import { renderBoardPng, renderMoveGif } from "../../src/render/index.ts";
import { playMoves, SCENARIOS, viewOf } from "./fixtures.ts";
import { asPng, decodeGif } from "./gif-decode.ts";
import { diffPixels } from "./golden.ts";

const TWO_MB = 2 * 1024 * 1024;

describe("renderMoveGif", () => {
  it("renderMoveGif - a GIF89a that plays once (no loop extension), one control extension per frame - opening move", async () => {
    const gif = await renderMoveGif(viewOf(playMoves("abapa", [3])));
    expect(gif.subarray(0, 6).toString("latin1")).toBe("GIF89a");
    expect(gif[gif.length - 1]).toBe(0x3b);
    expect(gif.includes(Buffer.from("NETSCAPE2.0", "latin1"))).toBe(false);
    const decoded = decodeGif(gif);
    expect([decoded.width, decoded.height]).toEqual([800, 420]);
    expect(decoded.loop).toBeNull();
    expect(decoded.controlExtensions).toBe(decoded.frames.length);
  });

  it("renderMoveGif - poster, intro, pickup, one frame per seed, final - C from the start sows 4", async () => {
    // poster + intro + pickup + 4 drops + final
    expect(decodeGif(await renderMoveGif(viewOf(playMoves("abapa", [3])))).frames).toHaveLength(8);
  });

  it("renderMoveGif - a capture adds marking, three flight frames and the landing - D takes 5", async () => {
    // poster + intro + pickup + 4 drops + (mark + 3 flights + landed) + final
    expect(decodeGif(await renderMoveGif(SCENARIOS.capture())).frames).toHaveLength(13);
  });

  it("renderMoveGif - the first and the last frame are the still image of the current position - every scenario with a move", async () => {
    for (const [name, scenario] of Object.entries(SCENARIOS)) {
      const view = scenario();
      if (!view.lastMove) continue;
      const decoded = decodeGif(await renderMoveGif(view));
      const still = PNG.sync.read(await renderBoardPng(view));
      // The GIF has 255 colours: compare with a looser colour threshold, and allow a few edge pixels.
      for (const frame of [decoded.frames[0], decoded.frames[decoded.frames.length - 1]]) {
        const diff = diffPixels(asPng(frame.rgba, decoded.width, decoded.height), still, 0.2);
        expect(diff.differing / diff.total, name).toBeLessThan(0.0005);
      }
      expect(decoded.frames[0].delayMs, name).toBeGreaterThanOrEqual(1000);
      expect(decoded.frames[decoded.frames.length - 1].delayMs, name).toBeGreaterThanOrEqual(2000);
      // The replay in between starts from the position before the move.
      const before = PNG.sync.read(
        await renderBoardPng({ ...view, position: view.lastMove.before, lastMove: null, outcome: { over: false } }),
      );
      const second = diffPixels(asPng(decoded.frames[1].rgba, decoded.width, decoded.height), before, 0.2);
      expect(second.differing / second.total, name).toBeGreaterThan(0.001);
    }
  });

  it("renderMoveGif - well under 2 MB and a few seconds long - each scenario", async () => {
    for (const [name, scenario] of Object.entries(SCENARIOS)) {
      const view = scenario();
      if (!view.lastMove) continue;
      const gif = await renderMoveGif(view);
      expect(gif.length, name).toBeLessThan(TWO_MB / 2);
      const total = decodeGif(gif).frames.reduce((sum, f) => sum + f.delayMs, 0);
      expect(total, name).toBeGreaterThan(1500);
      expect(total, name).toBeLessThan(10_000);
    }
  });

  it("renderMoveGif - frames match the frame plan - haiti relay", async () => {
    const view = SCENARIOS["haiti-relay"]();
    const decoded = decodeGif(await renderMoveGif(view));
    const plan = moveFrames(view);
    expect(decoded.frames.map((f) => f.delayMs)).toEqual(plan.map((f) => Math.round(f.delay / 10) * 10));
  });

  it("renderMoveGif - refuses a view without a last move - start position", async () => {
    await expect(renderMoveGif(SCENARIOS.start())).rejects.toThrow(/last move/);
  });
});
