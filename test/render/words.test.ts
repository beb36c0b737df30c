import { describe, expect, it } from "vitest";
import { newGame, RULESET_IDS } from "../../src/engine/index.ts";
import { LOCALES } from "../../src/i18n/index.ts";
import { textWidth } from "../../src/render/fonts.ts";
import { viewFromState } from "../../src/render/index.ts";
import { translatorFor } from "../../src/render/language.ts";
import { LABEL_MIN } from "../../src/render/layout.ts";
import { traceOf } from "../../src/render/trace.ts";
import { playerName } from "../../src/render/view.ts";
import { bannerFor, CORNER_WIDTH, cornerText, moveSummary } from "../../src/render/words.ts";
import { PLAYERS, playMoves, SCENARIOS, viewOf } from "./fixtures.ts";

describe("render words", () => {
  it("viewFromState - carries the last move's player, house and events - D captures", () => {
    const view = SCENARIOS.capture();
    expect(view.lastMove?.player).toBe(0);
    expect(view.lastMove?.house).toBe(4);
    expect(view.lastMove?.before.pits[3]).toBe(4);
    expect(view.players).toBe(PLAYERS);
  });

  it("playerName - falls back to the side - empty names", () => {
    const view = viewFromState(newGame("abapa"), [{ name: "" }, { name: "  " }]);
    expect([playerName(view, 0), playerName(view, 1)]).toEqual(["South", "North"]);
  });

  it("moveSummary - names the move and what it did - haiti relay with a Kay", () => {
    const view = SCENARIOS["haiti-relay"]();
    expect(moveSummary(view, traceOf(view.lastMove?.events ?? []))).toBe("Ada played E · 3 relays · Kay! took 4");
  });

  it("bannerFor - winner, score and reason - 25 seeds", () => {
    expect(bannerFor(SCENARIOS.finished())).toEqual({ title: "Ada wins 27–2", detail: "reached 25 seeds" });
  });

  it("bannerFor - the bot's reasons in words, never a 0–0 win - resign, timeout, agreement, abort", () => {
    const view = viewOf(playMoves("abapa", [3]));
    const with_ = (winner: 0 | 1 | null, reason: string) =>
      bannerFor({ ...view, outcome: { over: true, winner, reason } });
    expect(with_(1, "resign")).toEqual({ title: "Kwame wins by resignation", detail: "Ada resigned" });
    expect(with_(0, "timeout")).toEqual({ title: "Ada wins on time", detail: "Kwame ran out of time" });
    expect(with_(null, "agreement")).toEqual({ title: "Draw by agreement", detail: "before any capture" });
    expect(with_(null, "abort")).toEqual({
      title: "Game aborted",
      detail: "called off before both players had moved: no result, ratings unchanged",
    });
    // North is to move after South's opening move, and never moved.
    expect(with_(null, "no-first-move")?.detail).toBe("Kwame made no first move in time: no result, ratings unchanged");
  });

  it("bannerFor - scores in kay - haiti", () => {
    const view = SCENARIOS["haiti-relay"]();
    const banner = bannerFor({ ...view, outcome: { over: true, winner: 0, reason: "stuck" } });
    expect(banner?.title).toBe("Ada wins 1–0 kay");
  });

  it("bannerFor - how it was won, the score it was won at (the loser's first), and the series result - North wins by resignation", () => {
    const view = { ...SCENARIOS.finished(), bannerNote: "Kwame wins the series 6–4" };
    const banner = bannerFor({ ...view, outcome: { over: true, winner: 1, reason: "resign" } });
    expect(banner).toEqual({
      title: "Kwame wins by resignation",
      detail: "Ada resigned at 27–2 · Kwame wins the series 6–4",
    });
  });

  it("bannerFor - nothing while the game goes on - start", () => {
    expect(bannerFor(SCENARIOS.start())).toBeNull();
  });

  it("cornerText - keeps the whole game id and fits, shortening the ruleset's name - every ruleset and language", () => {
    const width = (text: string) => textWidth(text, 400, LABEL_MIN);
    for (const ruleset of RULESET_IDS) {
      const view = { ...viewFromState(newGame(ruleset), PLAYERS), gameId: "4pbaq6xk" };
      for (const locale of LOCALES) {
        const corner = cornerText(view, translatorFor(locale));
        expect(corner, `${ruleset} ${locale}`).toContain("4pbaq6xk");
        expect(width(corner), `${ruleset} ${locale}`).toBeLessThanOrEqual(CORNER_WIDTH);
      }
    }
    // A narrow corner shortens the name, not the id.
    const narrow = cornerText(
      { ...viewFromState(newGame("speightstown"), PLAYERS), gameId: "4pbaq6xk" },
      undefined,
      200,
    );
    expect(narrow).toMatch(/…/);
    expect(narrow).toContain("4pbaq6xk");
  });
});
