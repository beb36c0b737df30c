// The tournament images in real pixels: the flame beside a name on a streak, a bracket's winners in green,
// a crosstable's results by colour, a podium of one to three, in each language.
import fc from "fast-check";
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { translator } from "../../../src/i18n/index.ts";
import { describeTournament } from "../../../src/render/describe-charts.ts";
import { collectLabels, type DrawnLabel } from "../../../src/render/labels.ts";
import { THEME } from "../../../src/render/theme.ts";
import { type Bracket, renderBracketImage, WINNER_FILL } from "../../../src/tournaments/images/bracket.ts";
import { breakLines, cardHeading, phrases } from "../../../src/tournaments/images/card-heading.ts";
import { type CrosstableRow, renderCrosstableImage } from "../../../src/tournaments/images/crosstable.ts";
import { type KnockoutTableRow, renderKnockoutTableImage } from "../../../src/tournaments/images/knockout-table.ts";
import { renderPodiumImage } from "../../../src/tournaments/images/podium.ts";
import { FLAME } from "../../../src/tournaments/images/tournament-card.ts";
import { renderStandingsImage, type StandingRow } from "../../../src/tournaments/images/tournament-standings.ts";

const hex = (c: string): [number, number, number] =>
  [1, 3, 5].map((i) => Number.parseInt(c.slice(i, i + 2), 16)) as [number, number, number];

/** Pixels close to a colour inside a box (the whole image by default). */
function count(
  png: Buffer,
  [r, g, b]: [number, number, number],
  box?: { x0: number; x1: number; y0: number; y1: number },
) {
  const image = PNG.sync.read(png);
  const { x0 = 0, x1 = image.width, y0 = 0, y1 = image.height } = box ?? {};
  let n = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const i = (y * image.width + x) * 4;
      if (Math.abs(image.data[i] - r) + Math.abs(image.data[i + 1] - g) + Math.abs(image.data[i + 2] - b) < 40) n++;
    }
  }
  return { n, width: image.width, height: image.height };
}

const row = (rank: number, flame = false): StandingRow => ({
  rank,
  name: `player ${rank}`,
  score: String(20 - rank),
  tieBreaks: [],
  played: 5,
  flame,
  withdrawn: false,
});

describe("tournament images", () => {
  it("standings - the flame drawn beside a player on a streak, not without one - arena", async () => {
    const image = (flame: boolean) =>
      renderStandingsImage({ title: "Arena", subtitle: "", tieBreakNames: [], rows: [row(1, flame), row(2)], more: 0 });
    const withFlame = count(await image(true), hex(FLAME));
    const without = count(await image(false), hex(FLAME));
    expect(withFlame.n).toBeGreaterThan(60);
    expect(without.n).toBe(0);
  });

  it("standings - a row per player up to the limit, then a line - taller with more players", async () => {
    const small = count(
      await renderStandingsImage({
        title: "Swiss",
        subtitle: "",
        tieBreakNames: ["Buch.", "S-B"],
        rows: [row(1)],
        more: 0,
      }),
      [0, 0, 0],
    );
    const rows = Array.from({ length: 40 }, (_, i) => ({ ...row(i + 1), tieBreaks: ["1", "2"] }));
    const big = count(
      await renderStandingsImage({ title: "Swiss", subtitle: "", tieBreakNames: ["Buch.", "S-B"], rows, more: 0 }),
      [0, 0, 0],
    );
    expect(small.width).toBe(800);
    // 24 rows drawn and the "and 16 more" line.
    expect(big.height - small.height).toBe(38 * 24);
  });

  it("crosstable - each result in its colour, a column per round - wider with more rounds", async () => {
    const rows: CrosstableRow[] = [
      { rank: 1, name: "a", score: "2", cells: [{ opponentRank: 2, side: "S", result: "1" }, { bye: true }] },
      { rank: 2, name: "b", score: "½", cells: [{ opponentRank: 1, side: "N", result: "0" }, null] },
    ];
    const png = await renderCrosstableImage({ title: "Swiss", subtitle: "", rows, more: 0 });
    const green = count(png, [0x5a, 0x8f, 0x50]);
    expect(green.n).toBeGreaterThan(0);
    const many = await renderCrosstableImage({
      title: "Swiss",
      subtitle: "",
      rows: [{ ...rows[0], cells: Array.from({ length: 12 }, () => ({ bye: true as const })) }],
      more: 0,
    });
    expect(count(many, [0, 0, 0]).width).toBeGreaterThan(count(png, [0, 0, 0]).width);
  });

  it("bracket - the winners' slots in green, more as matches are decided - 4 players", async () => {
    const slot = (seed: number, wins: number | null) => ({ seed, name: `p${seed}`, wins });
    const bracket = (decided: boolean): Bracket => ({
      title: "Knockout",
      subtitle: "",
      rounds: [
        [
          { top: slot(1, 2), bottom: slot(4, 0), bye: false, winner: "top" },
          { top: slot(2, decided ? 2 : 1), bottom: slot(3, 1), bye: false, winner: decided ? "top" : null },
        ],
        [{ top: slot(1, null), bottom: decided ? slot(2, null) : null, bye: false, winner: null }],
      ],
      roundNames: ["Semi-finals", "Final"],
    });
    // The green over the card: blend it with the card's dark colour rather than match its exact value.
    const greenish = (png: Buffer) => {
      const image = PNG.sync.read(png);
      let n = 0;
      for (let i = 0; i < image.data.length; i += 4)
        if (image.data[i + 1] - image.data[i] > 25 && image.data[i + 1] > 80) n++;
      return n;
    };
    expect(WINNER_FILL).toContain("126,224,129");
    const one = greenish(await renderBracketImage(bracket(false)));
    const two = greenish(await renderBracketImage(bracket(true)));
    expect(one).toBeGreaterThan(1000);
    expect(two).toBeGreaterThan(one * 1.5);
  });

  it("podium - one to three places in medal colours - fewer players", async () => {
    const gold = hex("#ffd04d");
    const bronze = hex("#d08b4c");
    const three = await renderPodiumImage({
      title: "t",
      subtitle: "",
      places: ["a", "b", "c"].map((name) => ({ name, detail: "3 points" })),
    });
    const one = await renderPodiumImage({ title: "t", subtitle: "", places: [{ name: "a", detail: "3 points" }] });
    expect(count(three, gold).n).toBeGreaterThan(5000);
    expect(count(three, bronze).n).toBeGreaterThan(5000);
    expect(count(one, bronze).n).toBeLessThan(200);
  });

  it("tournament images - every language renders its words - da, fr", async () => {
    for (const locale of ["da", "fr"] as const) {
      const t = translator(locale);
      const png = await renderStandingsImage(
        {
          title: "Æblegrød · Élève",
          subtitle: "",
          tieBreakNames: [t("board:tournament.buchholz")],
          rows: [row(1)],
          more: 3,
        },
        t,
      );
      expect(PNG.sync.read(png).width).toBe(800);
    }
    const alt = describeTournament(
      { kind: "podium", data: { title: "Finale", subtitle: "", places: [{ name: "ana", detail: "4 points" }] } },
      translator("fr"),
    );
    expect(alt).toBe("Finale : 1. ana, 4 points");
  });

  it("card heading - a long title broken between its phrases on two lines, never cut - a knockout's title", async () => {
    const title = "Knockout k7m2xq9d: Oware Abapa, matches first to 6 wins, 1 minute a move, rated";
    const drawn: DrawnLabel[] = [];
    let png: Promise<Buffer> | undefined;
    collectLabels(
      (l) => drawn.push(l),
      () => {
        png = renderStandingsImage({ title, subtitle: "Finished.", tieBreakNames: [], rows: [row(1)], more: 0 });
      },
    );
    const image = PNG.sync.read(await png!);
    const lines = drawn.filter((l) => l.size === 26).map((l) => l.text);
    expect(lines).toEqual(["Knockout k7m2xq9d: Oware Abapa, matches first to 6 wins,", "1 minute a move, rated"]);
    expect(drawn.some((l) => l.text.includes("…"))).toBe(false);
    for (const l of drawn) expect(l.x + l.w).toBeLessThanOrEqual(image.width - 28 + 1);
    // The rows start below the second line: the card is taller than with a short title.
    const short = PNG.sync.read(
      await renderStandingsImage({ title: "Arena", subtitle: "Finished.", tieBreakNames: [], rows: [row(1)], more: 0 }),
    );
    expect(image.height).toBe(short.height + 34);
  });

  it("card heading - a title too long for three lines loses whole phrases at its end, with …, never a word cut - any phrases", () => {
    fc.assert(
      fc.property(
        fc.array(fc.stringMatching(/^[a-z]{1,12}( [a-z]{1,12}){0,3}$/), { minLength: 1, maxLength: 30 }),
        (parts) => {
          const title = parts.join(", ");
          const head = cardHeading(title, "", 800, 28);
          expect(head.title.length).toBeLessThanOrEqual(3);
          const text = head.title.join(" ");
          const kept = text.endsWith("…") ? text.slice(0, -1) : text;
          // What is shown is the title's first phrases, whole.
          const all = phrases(title).map((p) => p.trim());
          const shown = phrases(kept).map((p) => p.trim().replace(/,$/, ""));
          expect(all.slice(0, shown.length).map((p) => p.replace(/,$/, ""))).toEqual(shown);
          if (!text.endsWith("…")) expect(kept).toBe(title);
        },
      ),
      { numRuns: 60 },
    );
    const measure = (s: string) => s.length;
    expect(breakLines("ab, cd ef, gh", 6, measure)).toEqual(["ab,", "cd ef,", "gh"]);
    // A phrase wider than a line is broken between its words.
    expect(breakLines("abc def ghi jkl", 8, measure)).toEqual(["abc def", "ghi jkl"]);
  });

  it("knockout table - a row per player, those out dim, a dash for those still in - 4 players", async () => {
    const rows: KnockoutTableRow[] = [
      { place: 1, name: "alice", stage: "Final", result: "beat bob 2–0", out: false },
      { place: null, name: "carol", stage: "Semi-finals", result: "playing dave: 1–1", out: false },
      { place: 2, name: "bob", stage: "Final", result: "lost 0–2 to alice", out: true },
      { place: 5, name: "erin", stage: "Round 1 of 3", result: "withdrew: dave went through (0–1)", out: true },
    ];
    const drawn: DrawnLabel[] = [];
    let png: Promise<Buffer> | undefined;
    collectLabels(
      (l) => drawn.push(l),
      () => {
        png = renderKnockoutTableImage({ title: "Knockout", subtitle: "In play: Semi-finals.", rows, more: 0 });
      },
    );
    const buffer = await png!;
    const texts = drawn.map((l) => l.text);
    expect(texts).toEqual(
      expect.arrayContaining(["–", "1", "2", "5", "lost 0–2 to alice", "withdrew: dave went through (0–1)"]),
    );
    expect(texts.some((t) => t.includes("…"))).toBe(false);
    // The rows of players out are drawn in the faint colour, those still in in the bright one.
    const rowBox = (text: string) => {
      const l = drawn.find((x) => x.text === text)!;
      return { x0: Math.floor(l.x), x1: Math.ceil(l.x + l.w), y0: Math.floor(l.y), y1: Math.ceil(l.y + l.h) };
    };
    expect(count(buffer, hex(THEME.textFaint), rowBox("lost 0–2 to alice")).n).toBeGreaterThan(50);
    expect(count(buffer, hex(THEME.text), rowBox("lost 0–2 to alice")).n).toBe(0);
    expect(count(buffer, hex(THEME.text), rowBox("playing dave: 1–1")).n).toBeGreaterThan(50);
  });
});
