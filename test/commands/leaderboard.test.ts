import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/commands/index.ts";
import { compareStandings, leaderboardEntries, type StandingRow } from "../../src/competition/standings.ts";
import { handleButton } from "../../src/interactions/buttons/index.ts";
import { parseCustomId } from "../../src/interactions/custom-id.ts";
import { GUILD, options, setup, type World } from "../support/helpers.ts";
import { buttonIds, playGame } from "../support/play.ts";

let w: World;
beforeEach(() => {
  w = setup();
});
afterEach(() => w.close());

/**
 * Twelve players, "2001".."2012", in two round robins: enough mixed results to settle every rating.
 * The clock moves a second after each game: games ending in the same millisecond are replayed in
 * the order of their random ids, and a deviation near the provisional line would then vary by run.
 */
const PLAYERS = Array.from({ length: 12 }, (_, i) => String(2001 + i));
const NEWCOMER = "2099";

async function roundRobins(): Promise<void> {
  for (let round = 0; round < 2; round++) {
    for (let i = 0; i < PLAYERS.length; i++) {
      for (let j = i + 1; j < PLAYERS.length; j++) {
        const [south, north] = (i + j + round) % 2 ? [PLAYERS[i], PLAYERS[j]] : [PLAYERS[j], PLAYERS[i]];
        const winner = (i + j + round) % 3 ? PLAYERS[i] : PLAYERS[j];
        await playGame(w, south, north, south === winner ? "south" : "north");
        w.clock.advance(1000);
      }
    }
  }
  await playGame(w, NEWCOMER, PLAYERS[0], "north");
}

const row = (userId: string, rating: number, games: number, reachedAt: number, deviation = 80): StandingRow => ({
  userId,
  rating,
  deviation,
  volatility: 0.06,
  games,
  wins: 0,
  draws: 0,
  losses: 0,
  reachedAt,
});

describe("leaderboard order", () => {
  it("standings - rating, then games, then earliest reached, then id - exact ties", () => {
    const rows = [
      row("e", 1500, 20, 300),
      row("d", 1500, 20, 100),
      row("c", 1500, 30, 500),
      row("b", 1600, 10, 900),
      row("a", 1500, 20, 100),
      row("p", 1900, 2, 50, 200),
    ];
    expect([...rows].sort(compareStandings).map((r) => r.userId)).toEqual(["p", "b", "c", "a", "d", "e"]);
    const entries = leaderboardEntries(rows);
    expect(entries.map((e) => [e.userId, e.rank])).toEqual([
      ["b", 1],
      ["c", 2],
      ["a", 3],
      ["d", 4],
      ["e", 5],
      ["p", null],
    ]);
  });

  it("leaderboard - equal ratings ranked by who reached them first - two pairs with the same history", async () => {
    // Two separate pairs play the same games: a and c (b and d) end on exactly the same rating and games.
    const [a, b, c, d] = ["3001", "3002", "3003", "3004"];
    await COMMANDS["nickar-admin settings"].handle(w.ctx(a, { canManageGuild: true }), options({ pair_limit: 0 }));
    for (let i = 0; i < 17; i++) {
      await playGame(w, a, b, i % 2 ? "north" : "south");
      w.clock.advance(1000);
      await playGame(w, c, d, i % 2 ? "north" : "south");
      w.clock.advance(1000);
    }
    const { entries } = w.app.ratings.leaderboard(GUILD, "abapa");
    const get = (id: string) => entries.find((e) => e.userId === id)!;
    expect(get(a).rating).toBe(get(c).rating);
    expect(get(b).rating).toBe(get(d).rating);
    expect(get(a).rating).toBeGreaterThan(get(b).rating);
    // Equal rating and games: the pair that finished first is ranked first.
    expect(entries.map((e) => [e.userId, e.rank])).toEqual([
      [a, 1],
      [c, 2],
      [b, 3],
      [d, 4],
    ]);
  });
});

describe("leaderboard", () => {
  it("leaderboard - ten per page, provisional apart, the asker unmarked in public - thirteen players", async () => {
    await roundRobins();
    const { entries } = w.app.ratings.leaderboard(GUILD, "abapa");
    expect(entries.map((e) => e.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, null]);
    expect(entries.at(-1)!.userId).toBe(NEWCOMER);
    const [top, last] = [entries[0], entries[11]];
    const first = await COMMANDS.leaderboard.handle(w.ctx(last.userId), options());
    expect(first.reply.ephemeral).toBeFalsy();
    const lines = first.reply.content.split("\n");
    expect(lines[0]).toBe("**Oware Abapa leaderboard** · season 1 · page 1 of 2");
    expect(lines.slice(1, 11).map((l) => /<@(\d+)>/.exec(l)?.[1])).toEqual(entries.slice(0, 10).map((e) => e.userId));
    const record = `${top.games} games · ${top.wins} W ${top.draws} D ${top.losses} L`;
    expect(lines[1]).toBe(`\`  1.\` <@${top.userId}> **${Math.round(top.rating)}** · ${record}`);
    expect(lines[10]).toContain(`\` 10.\` <@${entries[9].userId}>`);
    // The caller is 12th: the public board says nothing of them.
    expect(lines).toHaveLength(11);
    expect(first.reply.mentions).toEqual([]);

    const ids = buttonIds(first);
    expect(ids).toEqual(["lb:abapa:1:0:p", "lb:abapa:1:1:n", "lb:abapa:1:0:m"]);
    const disabled = first.reply.components![0].components.map((c) => ("disabled" in c ? c.disabled : false));
    expect(disabled).toEqual([true, false, false]);

    const second = await handleButton(w.ctx("someone"), parseCustomId(ids[1])!);
    expect(second.mode).toBe("update");
    const page2 = second.reply.content.split("\n");
    expect(page2[0]).toContain("page 2 of 2");
    expect(page2[1]).toContain(`\` 11.\` <@${entries[10].userId}>`);
    expect(page2[2]).toContain(`\` 12.\` <@${last.userId}>`);
    expect(page2[3]).toBe(
      "**Not ranked yet** (needs a few more games to be ranked; the ? after a rating means it is still settling)",
    );
    expect(page2[4]).toMatch(/^<@2099> \*\*\d{4}\?\*\* · 1 game · 0 W 0 D 1 L$/);
    expect(page2).toHaveLength(5);
    expect(second.reply.content).not.toContain("someone");

    // A player on the page turned by a page button is not marked either: everyone sees that message.
    const turned = await handleButton(w.ctx(last.userId), parseCustomId(ids[1])!);
    expect(turned.mode).toBe("update");
    expect(turned.reply.content).not.toContain("← you");
  });

  it("leaderboard - My rank answers the presser alone, their line marked - ranked, provisional and absent players", async () => {
    await roundRobins();
    const { entries } = w.app.ratings.leaderboard(GUILD, "abapa");
    const last = entries[11];
    expect(last.rank).toBe(12);
    const board = await COMMANDS.leaderboard.handle(w.ctx("someone"), options());
    const myRank = parseCustomId(buttonIds(board)[2])!;

    // Ranked 12th: their page (2), their line marked, to them alone; the public message is not touched.
    const mine = await handleButton(w.ctx(last.userId), myRank);
    expect(mine.mode).toBe("reply");
    expect(mine.reply.ephemeral).toBe(true);
    expect(mine.reply.components).toEqual([]);
    expect(mine.reply.content).toContain("page 2 of 2");
    expect(mine.reply.content).toMatch(new RegExp(`\` 12\\.\` <@${last.userId}> \\*\\*\\d{4}\\*\\* · .* ← you$`, "m"));
    expect(mine.reply.content.match(/← you/g)).toHaveLength(1);

    const newcomer = await handleButton(w.ctx(NEWCOMER), myRank);
    expect(newcomer.reply.ephemeral).toBe(true);
    expect(newcomer.reply.content).toMatch(/^<@2099> \*\*\d{4}\?\*\* · 1 game · 0 W 0 D 1 L ← you$/m);

    // Not on the board: page 1, nobody marked, and why.
    const absent = await handleButton(w.ctx("someone"), myRank);
    expect(absent.reply.ephemeral).toBe(true);
    expect(absent.reply.content).toContain("page 1 of 2");
    expect(absent.reply.content).not.toContain("← you");
    expect(absent.reply.content.split("\n").at(-1)).toBe("<@someone>: no rated game in this ruleset this season.");
  });
});
