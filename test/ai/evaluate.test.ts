/** The expert's evaluation: a table lookup per house that treats both players alike. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { FITTED_TERMS } from "../../src/ai/eval-data.ts";
import {
  bestCapture,
  CAPTURE_CAP,
  CAPTURES,
  COUNTS,
  type FittedTerms,
  houseTerms,
  ROWS,
  SCALE,
  STORES,
  sowingCapture,
  TEMPO,
  THREATS,
  tableEvaluation,
  tunedWeights,
} from "../../src/ai/evaluate.ts";
import { CoreGame } from "../../src/engine/core.ts";
import { type Position, RULESET_IDS } from "../../src/engine/types.ts";
import { dealtPosition } from "../support/positions.ts";

/** The same position seen from the other side: the players' houses and stores swapped, the other to move. */
function mirrored(p: Position): Position {
  return {
    pits: [...p.pits.slice(6), ...p.pits.slice(0, 6)],
    stores: [p.stores[1], p.stores[0]],
    toMove: (1 - p.toMove) as 0 | 1,
  };
}

const evaluation = (ruleset: (typeof RULESET_IDS)[number], p: Position, terms: Int32Array) =>
  tableEvaluation(CoreGame.fromPosition(ruleset, p), terms);

describe("ai evaluation", () => {
  for (const ruleset of RULESET_IDS) {
    for (const kind of ["tuned", "fitted"] as const) {
      const terms = houseTerms(kind, tunedWeights(ruleset), ruleset);

      it(`ai evaluation - an opponent's house counts the negative of one's own - ${kind} in ${ruleset}`, () => {
        fc.assert(
          fc.property(dealtPosition, (p) => {
            // The same board with the other player to move: every term but the tempo and the capture terms
            // (which depend on who moves; zeros in a table without them) changes sign.
            const other = { ...p, toMove: (1 - p.toMove) as 0 | 1 };
            const unsigned = (q: Position) => {
              const pits = CoreGame.fromPosition(ruleset, q).pits;
              const captures =
                terms[CAPTURES + bestCapture(pits, q.toMove)] + terms[THREATS + bestCapture(pits, 1 - q.toMove)];
              return terms[TEMPO] + captures;
            };
            const sum =
              evaluation(ruleset, other, terms) - unsigned(other) + (evaluation(ruleset, p, terms) - unsigned(p));
            expect(Math.abs(sum)).toBe(0);
            // And South and North are alike: the mirrored position is worth the same to its player to move.
            expect(evaluation(ruleset, mirrored(p), terms)).toBe(evaluation(ruleset, p, terms));
          }),
        );
      });
    }

    it(`ai evaluation - the fitted table is the data file's terms - ${ruleset}`, () => {
      const terms = houseTerms("fitted", tunedWeights(ruleset), ruleset);
      const fitted = FITTED_TERMS[ruleset];
      expect(terms[TEMPO]).toBe(fitted.tempo);
      for (let h = 0; h < 6; h++) {
        const row = fitted.houses[h];
        for (let c = 0; c < COUNTS; c++) expect(terms[h * COUNTS + c]).toBe(row[Math.min(c, row.length - 1)]);
      }
      for (const [from, row] of [
        [ROWS, fitted.rows],
        [STORES, fitted.stores],
      ] as const) {
        for (let c = 0; c < COUNTS; c++) expect(terms[from + c]).toBe(row ? row[Math.min(c, row.length - 1)] : 0);
      }
      for (const [from, row] of [
        [CAPTURES, fitted.captures],
        [THREATS, fitted.threats],
      ] as const) {
        for (let g = 0; g <= CAPTURE_CAP; g++) expect(terms[from + g]).toBe(row ? row[Math.min(g, row.length - 1)] : 0);
      }
    });
  }

  // A fit with the side terms (tune --sides): random values, to check the sums' symmetry and each term's place.
  const sided: FittedTerms = {
    tempo: 3,
    houses: Array.from({ length: 6 }, (_, h) => Array.from({ length: 21 }, (_, c) => ((c * 7 + h * 3) % 11) - 5)),
    rows: Array.from({ length: 31 }, (_, t) => ((t * 5) % 13) - 6),
    stores: Array.from({ length: 25 }, (_, s) => (s * s) % 17),
  };
  const sidedTerms = houseTerms("fitted", tunedWeights("abapa"), "abapa", sided);

  it("ai evaluation - an opponent's row and store count the negative of one's own - fitted with side terms", () => {
    fc.assert(
      fc.property(dealtPosition, (p) => {
        const other = { ...p, toMove: (1 - p.toMove) as 0 | 1 };
        const sum = evaluation("abapa", other, sidedTerms) + evaluation("abapa", p, sidedTerms) - 2 * sided.tempo;
        expect(Math.abs(sum)).toBe(0);
        expect(evaluation("abapa", mirrored(p), sidedTerms)).toBe(evaluation("abapa", p, sidedTerms));
      }),
    );
  });

  it("ai evaluation - a side's row total and store move the score by their terms - fitted with side terms", () => {
    // Four seeds moved from South's house 3 to its store: house 3, South's row total and store change.
    const before: Position = { pits: [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4], stores: [0, 0], toMove: 0 };
    const after: Position = { ...before, pits: [4, 4, 0, 4, 4, 4, 4, 4, 4, 4, 4, 4], stores: [4, 0] };
    const gain = evaluation("abapa", after, sidedTerms) - evaluation("abapa", before, sidedTerms);
    const house = sidedTerms[2 * COUNTS] - sidedTerms[2 * COUNTS + 4];
    const row = sidedTerms[ROWS + 20] - sidedTerms[ROWS + 24];
    const store = sidedTerms[STORES + 4] - sidedTerms[STORES];
    expect(row).not.toBe(0);
    expect(store).not.toBe(0);
    expect(gain).toBe(4 * SCALE + house + row + store);
    // Seen by North, to move: the same change counts against it.
    const northGain =
      evaluation("abapa", { ...after, toMove: 1 }, sidedTerms) -
      evaluation("abapa", { ...before, toMove: 1 }, sidedTerms);
    expect(northGain).toBe(-gain);
  });

  it("ai evaluation - a sowing's capture is what the core captures - caribbean, sowings of 1 to 11 seeds", () => {
    // Caribbean: every grand slam captures (abapa's captures nothing, which the feature does not read).
    fc.assert(
      fc.property(dealtPosition, (p) => {
        const game = CoreGame.fromPosition("caribbean", p);
        if (game.over) return;
        const own = game.toMove * 6;
        for (const house of game.legalHouses()) {
          const origin = own + house - 1;
          if (game.pits[origin] >= 12) continue;
          const child = game.clone();
          child.play(house);
          // A move that ends the game may add the end's awards to the store.
          if (child.over) continue;
          expect(sowingCapture(game.pits, origin, own)).toBe(child.stores[game.toMove] - game.stores[game.toMove]);
        }
      }),
    );
  });

  it("ai evaluation - the best capture is the most of a side's sowings, capped - hand-made boards", () => {
    // South's house 6 (5 seeds) ends in North's house 5 (1 → 2) after house 4 (2 → 3): 5 seeds.
    const pits = [0, 0, 0, 0, 0, 5, 0, 0, 0, 2, 1, 0];
    expect(bestCapture(pits, 0)).toBe(5);
    // North's houses hold too few to reach South's row: nothing.
    expect(bestCapture(pits, 1)).toBe(0);
    // A sowing of 11 from South's house 1 makes each of North's six houses 2: 12 seeds, capped.
    expect(bestCapture([11, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1], 0)).toBe(CAPTURE_CAP);
  });

  // A fit with the capture terms (tune --captures): random values, to check each term's place and symmetry.
  const capturing: FittedTerms = {
    ...sided,
    captures: Array.from({ length: CAPTURE_CAP + 1 }, (_, g) => (g * 5) % 9),
    threats: Array.from({ length: CAPTURE_CAP + 1 }, (_, g) => -((g * 3) % 7)),
  };
  const capturingTerms = houseTerms("fitted", tunedWeights("abapa"), "abapa", capturing);

  it("ai evaluation - South and North are alike - fitted with capture terms", () => {
    fc.assert(
      fc.property(dealtPosition, (p) => {
        expect(evaluation("abapa", mirrored(p), capturingTerms)).toBe(evaluation("abapa", p, capturingTerms));
      }),
    );
  });

  it("ai evaluation - the player to move's capture and the opponent's add their terms - fitted with capture terms", () => {
    fc.assert(
      fc.property(dealtPosition, (p) => {
        const game = CoreGame.fromPosition("abapa", p);
        const me = game.toMove;
        const added =
          capturingTerms[CAPTURES + bestCapture(game.pits, me)] +
          capturingTerms[THREATS + bestCapture(game.pits, 1 - me)];
        expect(tableEvaluation(game, capturingTerms)).toBe(tableEvaluation(game, sidedTerms) + added);
      }),
    );
  });

  it("ai evaluation - one house's count moves the score by its term - fitted abapa, house 3 of the player to move", () => {
    const terms = houseTerms("fitted", tunedWeights("abapa"), "abapa");
    const base: Position = { pits: [4, 4, 0, 4, 4, 4, 4, 4, 4, 4, 4, 4], stores: [3, 1], toMove: 0 };
    const four: Position = { ...base, pits: [4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4, 4], stores: [0, 0] };
    const gain = evaluation("abapa", four, terms) - evaluation("abapa", base, terms);
    // Store difference −2 seeds, house 3 from 0 to 4 seeds; with abapa's side terms, South's row from 20
    // to 24 seeds and the stores from 3 and 1 to 0.
    const house = terms[2 * COUNTS + 4] - terms[2 * COUNTS];
    const sides =
      terms[ROWS + 24] - terms[ROWS + 20] + (terms[STORES] - terms[STORES + 3]) - (terms[STORES] - terms[STORES + 1]);
    expect(gain).toBe(-2 * SCALE + house + sides);
  });
});
