// The tournament images in real pixels: the flame beside a name on a streak, a bracket's winners in green,
// a crosstable's results by colour, a podium of one to three, in each language.
import { PNG } from "pngjs";
import { describe, expect, it } from "vitest";
import { translator } from "../../../src/i18n/index.ts";
import { describeTournament } from "../../../src/render/describe-charts.ts";
import { type Bracket, renderBracketImage, WINNER_FILL } from "../../../src/tournaments/images/bracket.ts";
import { type CrosstableRow, renderCrosstableImage } from "../../../src/tournaments/images/crosstable.ts";
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
});
