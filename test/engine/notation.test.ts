import { describe, expect, it } from "vitest";
import {
  formatPosition,
  fromRecordText,
  moveLetter,
  parseMoveLetter,
  parsePosition,
  parseRecord,
  pitLetter,
  recordText,
  START_POSITION,
} from "../../src/engine/index.ts";
import { moves, start } from "./helpers.ts";

describe("notation", () => {
  it("move letters - A..F are South's pits 0..5, a..f North's 6..11 - both directions", () => {
    expect(Array.from({ length: 12 }, (_, pit) => pitLetter(pit)).join("")).toBe("ABCDEFabcdef");
    expect(moveLetter(0, 3)).toBe("C");
    expect(moveLetter(1, 6)).toBe("f");
    expect(parseMoveLetter("d")).toEqual({ player: 1, house: 4 });
    expect(parseMoveLetter("G")).toBeNull();
  });

  it("position string - the start position - as the Oware programs write it", () => {
    expect(formatPosition(START_POSITION)).toBe("4-4-4-4-4-4-4-4-4-4-4-4-0-0-S");
    const parsed = parsePosition("haiti", "0-1-0-2-5-0-3-0-4-4-1-0-8-20-N");
    expect(parsed.ok && parsed.value).toEqual({
      pits: [0, 1, 0, 2, 5, 0, 3, 0, 4, 4, 1, 0],
      stores: [8, 20],
      toMove: 1,
    });
  });

  it("position string - refused - malformed, 49 seeds, Oware store of 25", () => {
    expect(parsePosition("abapa", "4-4-4").ok).toBe(false);
    expect(parsePosition("abapa", "5-4-4-4-4-4-4-4-4-4-4-4-0-0-S").ok).toBe(false);
    expect(parsePosition("abapa", "0-0-0-0-0-0-0-0-0-0-0-23-25-0-S").ok).toBe(false);
    expect(parsePosition("haiti", "0-0-0-0-0-0-0-0-0-0-0-23-25-0-S").ok).toBe(true);
  });

  it("record - round-trips through text - a game with a Caribbean extra move", () => {
    const game = moves(start("caribbean", [0, 0, 0, 3, 0, 2, 1, 2, 0, 0, 0, 0], [18, 22]), [6, 4]);
    const text = recordText(game);
    expect(text).toBe("caribbean 0-0-0-3-0-2-1-2-0-0-0-0-18-22-S FD");
    const again = fromRecordText(text);
    expect(again.ok && again.value.position).toEqual(game.position);
  });

  it("record - start position left out - abapa opening", () => {
    const game = moves(start("abapa"), [3, 5, 1]);
    expect(recordText(game)).toBe("abapa CeA");
    expect(parseRecord("abapa CeA")).toMatchObject({ ok: true, value: { moves: [3, 5, 1] } });
  });

  it("record - refused - a letter of the player not to move, an unknown ruleset, a bad letter", () => {
    expect(fromRecordText("abapa CC").ok).toBe(false);
    expect(fromRecordText("chess e4").ok).toBe(false);
    expect(fromRecordText("abapa Cx").ok).toBe(false);
  });
});
