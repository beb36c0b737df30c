// A wrong answer explained (issue 33), through the real buttons on a real database and in real pixels:
// the refutation of the pressed house in words, then its animation before the solution's.
import { eq } from "drizzle-orm";
import { PNG } from "pngjs";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { puzzles } from "../../../src/db/schema.ts";
import { moveLetter } from "../../../src/engine/index.ts";
import { handleButton } from "../../../src/interactions/buttons/index.ts";
import { parseCustomId } from "../../../src/interactions/custom-id.ts";
import { rendererImages } from "../../../src/present/images.ts";
import { housesOf, linePoints, pointsFrom, refutationOf } from "../../../src/puzzles/puzzle-line.ts";
import { puzzleReply } from "../../../src/puzzles/views/puzzle.ts";
import { asPng, decodeGif } from "../../render/gif-decode.ts";
import { diffPixels } from "../../render/golden.ts";
import { ALICE, GUILD, setup, type World } from "../../support/helpers.ts";

let w: World;
beforeEach(() => {
  w = setup(() => 0.1, rendererImages);
});
afterEach(() => w.close());

/** speightstown: e takes 2 (the solution), b would take 3. */
const BIGGER_CAPTURE = "62e11923d3e5";

async function pressWrong(id: string, house: number) {
  const { attempt, puzzle } = w.app.puzzles.start({ userId: ALICE, guildId: GUILD }, id, null);
  const reply = puzzleReply(w.ctx(ALICE), { attempt, puzzle });
  const solver = linePoints(puzzle)[0].state.position.toMove;
  const label = `${moveLetter(solver, house)} ·`;
  const button = reply.components!.flatMap((r) => r.components).find((b) => "label" in b && b.label?.startsWith(label));
  if (!button || !("custom_id" in button)) throw new Error(`no button ${label}`);
  return handleButton(w.ctx(ALICE), parseCustomId(button.custom_id)!);
}

/** The fraction of pixels that differ between a GIF frame and a PNG. */
function apart(gif: ReturnType<typeof decodeGif>, frame: number, png: Buffer): number {
  const diff = diffPixels(asPng(gif.frames[frame].rgba, gif.width, gif.height), PNG.sync.read(png), 0.2);
  return diff.differing / diff.total;
}

describe("puzzle refutation", () => {
  it("puzzle try - the bigger capture pressed - its refutation in words, what each side takes, then the solution", async () => {
    const failed = await pressWrong(BIGGER_CAPTURE, 2);
    expect(failed.reply.content).toContain("❌ b is not it: best play after it goes E f C b E e B f D e A.");
    expect(failed.reply.content).toContain("In that line you take 6 seeds and your opponent takes 7 seeds.");
    expect(failed.reply.content).toContain("The solution: e.");
    expect(failed.reply.content).not.toContain("does not show it all");
  });

  it("puzzle try - a wrong move whose line wins no seeds back - the search's verdict said, in Danish and French too", async () => {
    const failed = await pressWrong(BIGGER_CAPTURE, 1);
    expect(failed.reply.content).toMatch(/❌ a is not it: best play after it goes \w( \w)*\./);
    expect(failed.reply.content).toContain("Nickar's search rates the solution at least 3 seeds better.");
    for (const [locale, text] of [
      ["da", "Nickars søgning vurderer løsningen mindst 3 frø bedre"],
      ["fr", "la recherche de Nickar estime la solution meilleure d'au moins 3 graines"],
    ] as const) {
      const user = `${ALICE}${locale}`;
      const { attempt } = w.app.puzzles.start({ userId: user, guildId: GUILD }, BIGGER_CAPTURE, null);
      const house = { type: "puzzle", attemptId: attempt.id, step: 0, action: "move", house: 1 } as const;
      const failed = await handleButton(w.ctx(user, { locale }), house);
      expect(failed.reply.content).toContain(text);
    }
  });

  it("puzzle try - the wrong answer's animation - opens on the puzzle, shows where the refutation ends, ends on the solution's last position (real pixels)", async () => {
    const failed = await pressWrong(BIGGER_CAPTURE, 2);
    const image = await failed.reply.image!();
    expect(image?.name).toMatch(/\.gif$/);
    expect(image?.description).toContain("b E f C b E e B f D e A");
    const gif = decodeGif(image!.data);
    const row = w.app.puzzles.puzzle(BIGGER_CAPTURE)!;
    const points = linePoints(row);
    const refuted = pointsFrom(points[0], refutationOf(row, 0, 2)!);
    const names = ["Opponent", await w.app.displayName(GUILD, ALICE)] as const;
    const still = (shot: (typeof points)[number]) => rendererImages.positionPng(shot, names, "en");
    expect(apart(gif, 0, await still(points[0]))).toBeLessThan(0.001);
    expect(apart(gif, gif.frames.length - 1, await still(points[points.length - 1]))).toBeLessThan(0.001);
    const end = await still(refuted[refuted.length - 1]);
    const nearest = Math.min(...gif.frames.map((_, i) => apart(gif, i, end)));
    expect(nearest).toBeLessThan(0.001);
    // The solution alone (Show solution) is a shorter animation that never shows the refutation's end.
    const { attempt } = w.app.puzzles.start({ userId: "9", guildId: GUILD }, BIGGER_CAPTURE, null);
    const gaveUp = await handleButton(w.ctx("9"), {
      type: "puzzle",
      attemptId: attempt.id,
      step: 0,
      action: "solution",
      house: 0,
    });
    const alone = decodeGif((await gaveUp.reply.image!())!.data);
    expect(alone.frames.length).toBeLessThan(gif.frames.length);
    expect(Math.min(...alone.frames.map((_, i) => apart(alone, i, end)))).toBeGreaterThan(0.001);
  }, 60_000);

  it("puzzle try - a puzzle kept without refutations (mined before them) - says only that the move is not it", async () => {
    w.app.puzzles.count();
    w.db().update(puzzles).set({ refutations: "" }).where(eq(puzzles.id, BIGGER_CAPTURE)).run();
    const failed = await pressWrong(BIGGER_CAPTURE, 2);
    expect(failed.reply.content).toContain("❌ b is not it. The solution: e.");
    expect(housesOf(w.app.puzzles.puzzle(BIGGER_CAPTURE)!.solution)).toEqual([5]);
  });
});
