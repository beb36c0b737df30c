// The starter set in a real SQLite database: a release that recomputed its themes and refutations (the
// same puzzles) brings them into a database loaded with the older set, and keeps what players did there.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { puzzles } from "../../src/db/schema.ts";
import { loadStarterPuzzles } from "../../src/puzzles/core/starter.ts";
import { ensureStarterPuzzles } from "../../src/puzzles/puzzle-catalog.ts";
import { refutationsText } from "../../src/puzzles/puzzle-line.ts";
import { setup, type World } from "../support/helpers.ts";

let w: World;
beforeEach(() => {
  w = setup();
});
afterEach(() => w.close());

describe("puzzle catalogue", () => {
  it("ensureStarterPuzzles - a database loaded with the older set - new themes and refutations, ratings and counts kept, mined puzzles' themes from their lines", () => {
    const shipped = loadStarterPuzzles("speightstown").find((p) => p.id === "438c67ef4394")!;
    expect(ensureStarterPuzzles(w.db(), 1)).toBe(loadStarterPuzzles().length);
    // As the older release stored it: a starvation the line never reaches, no refutations; then played.
    const older = { themes: "starvation endgame", refutations: "", rating: 1712, attempts: 3, solves: 1 };
    w.db().update(puzzles).set(older).where(eq(puzzles.id, shipped.id)).run();
    expect(ensureStarterPuzzles(w.db(), 2)).toBe(0);
    const row = w.db().select().from(puzzles).where(eq(puzzles.id, shipped.id)).get()!;
    expect(row).toMatchObject({ rating: 1712, attempts: 3, solves: 1, createdAt: 1 });
    expect(row.themes).toBe("quiet-move endgame");
    expect(row.refutations).toBe(refutationsText(shipped.refutations));
    expect(row.refutations).not.toBe("");
    // A puzzle mined by an older release takes its line's themes too (its refutations need a search: none).
    const mined = { ...row, id: "minedpuzzle1", sourceKind: "game" as const, sourceGameId: "g1", refutations: "" };
    w.db()
      .insert(puzzles)
      .values({ ...mined, themes: "starvation endgame" })
      .run();
    ensureStarterPuzzles(w.db(), 3);
    const after = w.db().select().from(puzzles).where(eq(puzzles.id, "minedpuzzle1")).get();
    expect(after).toMatchObject({ themes: "quiet-move endgame", refutations: "", rating: 1712 });
  });
});
