/** The opening book (src/ai/book.ts, data in book-data.ts): legal, replayable, reproducible, and used within budget. */
import { describe, expect, it } from "vitest";
import { bookMoves, buildBook, type OpeningBook } from "../../src/ai/book.ts";
import { BOOK } from "../../src/ai/book-data.ts";
import { buildTable, installTable, uninstallTable } from "../../src/ai/endgame.ts";
import { think } from "../../src/ai/think.ts";
import { CoreGame } from "../../src/engine/core.ts";
import { START_POSITION } from "../../src/engine/notation.ts";
import { seededRandom } from "../../src/engine/random.ts";
import { RULESET_IDS } from "../../src/engine/types.ts";

describe("opening book", () => {
  for (const ruleset of RULESET_IDS) {
    it(`opening book - every position replays from the start and holds only legal moves - ${ruleset}`, () => {
      const entries = Object.entries((BOOK as OpeningBook)[ruleset]);
      expect(entries.length).toBeGreaterThan(10);
      const wrong: string[] = [];
      for (const [key, moves] of entries) {
        const game = CoreGame.fromPosition(ruleset, START_POSITION);
        for (const digit of key) {
          if (game.illegalReason(Number(digit))) wrong.push(`${key}: ${digit} is illegal`);
          else game.play(Number(digit));
        }
        if (game.over) wrong.push(`${key}: the game is over`);
        if (moves.length === 0 || new Set(moves).size !== moves.length) wrong.push(`${key}: ${moves}`);
        for (const house of moves) if (game.illegalReason(house)) wrong.push(`${key}: book move ${house} is illegal`);
      }
      expect(wrong).toEqual([]);
    });
  }

  /** The move lists of every position after at most `plies` plies from the start that is not over. */
  function allPositions(ruleset: (typeof RULESET_IDS)[number], plies: number): string[] {
    const keys: string[] = [];
    const visit = (moves: number[]) => {
      const game = CoreGame.fromPosition(ruleset, START_POSITION);
      for (const house of moves) game.play(house);
      if (game.over) return;
      keys.push(moves.join(""));
      if (moves.length < plies) for (const house of game.legalHouses()) visit([...moves, house]);
    };
    visit([]);
    return keys;
  }

  for (const ruleset of RULESET_IDS) {
    it(`opening book - every position of the first three plies is in the book, whatever either side played - ${ruleset}`, () => {
      const book = (BOOK as OpeningBook)[ruleset];
      expect(allPositions(ruleset, 3).filter((key) => book[key] === undefined)).toEqual([]);
    });
  }

  it("opening book - a wide build holds every position of its first plies, the self-play lines beyond - abapa, a small build", () => {
    const book = buildBook("abapa", { seed: 3, games: 2, plies: 4, nodes: 2000, wide: 2 }, seededRandom);
    const wide = allPositions("abapa", 2);
    expect(wide.filter((key) => book[key] === undefined)).toEqual([]);
    expect(Object.keys(book).some((key) => key.length === 3)).toBe(true);
    expect(Object.keys(book).filter((key) => key.length === 3).length).toBeLessThan(
      allPositions("abapa", 3).length - wide.length,
    );
  });

  it("opening book - the same seed builds the same book - abapa, a small build", () => {
    const options = { seed: 3, games: 3, plies: 3, nodes: 3000 };
    expect(buildBook("abapa", options, seededRandom)).toEqual(buildBook("abapa", options, seededRandom));
  });

  it("opening book - the expert plays a book move when asked, and searches otherwise - abapa start", () => {
    const asked = think({ ruleset: "abapa", moves: [], level: "expert", ms: 200, seed: 1, book: true });
    expect(asked.book).toBe(true);
    expect(bookMoves("abapa", [])).toContain(asked.best);
    const searched = think({ ruleset: "abapa", moves: [], level: "expert", ms: 20, seed: 1 });
    expect(searched.book).toBeUndefined();
    expect(searched.nodes).toBeGreaterThan(0);
  });

  it("ai budget - no move of a game over its budget with the book and a table in use - expert self-play, wari", () => {
    installTable(buildTable("wari", 6));
    try {
      const game = CoreGame.fromPosition("wari", START_POSITION);
      const moves: number[] = [];
      let fromBook = 0;
      while (!game.over && moves.length < 40) {
        let t = 0;
        const r = think({ ruleset: "wari", moves, level: "expert", ms: 5, book: true }, undefined, () => t++);
        expect(r.ms).toBeLessThanOrEqual(6);
        if (r.book) fromBook++;
        game.play(r.best);
        moves.push(r.best);
      }
      expect(fromBook).toBeGreaterThan(0);
    } finally {
      uninstallTable();
    }
  });
});
