// A line of moves as one animation (a puzzle's solution), in real pixels: it opens and ends on the final
// position's still, and replays each move of the line in turn.
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { moveFrames } from "../../src/render/frames.ts";
import { renderBoardPng } from "../../src/render/index.ts";
import { renderLineGif } from "../../src/render/line-gif.ts";
import { playMoves, viewOf } from "./fixtures.ts";
import { asPng, decodeGif } from "./gif-decode.ts";
import { diffPixels } from "./golden.ts";

describe("renderLineGif", () => {
  it("renderLineGif - each move's replay in turn, opening and ending on the final still - three moves of abapa", async () => {
    const moves = [3, 4, 4];
    const views = moves.map((_, i) => viewOf(playMoves("abapa", moves.slice(0, i + 1))));
    const gif = decodeGif(await renderLineGif(views));
    // The final poster, then each move's frames without its own poster and with its still as the pause.
    const perMove = views.map((v) => moveFrames(v).length - 1);
    expect(gif.frames).toHaveLength(1 + perMove.reduce((a, b) => a + b, 0));
    expect(gif.loop).toBeNull();
    const still = PNG.sync.read(await renderBoardPng(views[views.length - 1]));
    for (const frame of [gif.frames[0], gif.frames[gif.frames.length - 1]]) {
      const diff = diffPixels(asPng(frame.rgba, gif.width, gif.height), still, 0.2);
      expect(diff.differing / diff.total).toBeLessThan(0.001);
    }
    // The pause after the first move shows the position after it, not the final one.
    const afterFirst = PNG.sync.read(await renderBoardPng(views[0]));
    const pause = gif.frames[perMove[0]];
    expect(diffPixels(asPng(pause.rgba, gif.width, gif.height), afterFirst, 0.2).differing).toBeLessThan(
      diffPixels(asPng(pause.rgba, gif.width, gif.height), still, 0.2).differing,
    );
  });

  it("renderLineGif - a solution opens on the puzzle's position and still ends on the final one - opening given", async () => {
    const start = viewOf(playMoves("abapa", [2]));
    const moves = [2, 3, 4];
    const views = [1, 2].map((n) => viewOf(playMoves("abapa", moves.slice(0, n + 1))));
    const gif = decodeGif(await renderLineGif(views, { opening: start }));
    const opening = PNG.sync.read(await renderBoardPng(start));
    const final = PNG.sync.read(await renderBoardPng(views[views.length - 1]));
    const first = asPng(gif.frames[0].rgba, gif.width, gif.height);
    expect(diffPixels(first, opening, 0.2).differing / (gif.width * gif.height)).toBeLessThan(0.001);
    expect(diffPixels(first, final, 0.2).differing).toBeGreaterThan(0);
    const last = asPng(gif.frames[gif.frames.length - 1].rgba, gif.width, gif.height);
    expect(diffPixels(last, final, 0.2).differing / (gif.width * gif.height)).toBeLessThan(0.001);
  });

  it("renderLineGif - refused - a view without its move", async () => {
    await expect(renderLineGif([viewOf(playMoves("abapa", []))])).rejects.toThrow("a line needs its moves");
  });
});
