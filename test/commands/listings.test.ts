/**
 * Every command that lists things stays within Discord's 2000 characters (50035 otherwise), with
 * real 19-digit snowflakes for the server, channels, messages and users.
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/commands/index.ts";
import { RULESET_IDS } from "../../src/engine/index.ts";
import { rulesMessages } from "../../src/games/commands/rules.ts";
import { LOCALES, translator } from "../../src/i18n/index.ts";
import { handleButton } from "../../src/interactions/buttons/index.ts";
import type { HandlerContext } from "../../src/interactions/context.ts";
import type { Response } from "../../src/interactions/reply.ts";
import { fitContent, fitLines, fitSections, MESSAGE_LIMIT } from "../../src/interactions/text-budget.ts";
import { options, setup, type World } from "../support/helpers.ts";

const GUILD = "1100000000000000001";
const CHANNEL = "1200000000000000001";
/** Players with 19-digit ids. */
const P = Array.from({ length: 90 }, (_, i) => String(1300000000000000000n + BigInt(i)));
const ADMIN = "1399999999999999999";

let w: World;
beforeEach(() => {
  w = setup();
  w.app.settings.update(GUILD, { maxGamesPerPlayer: 100 });
});
afterEach(() => w.close());

const at = (userId: string, extra: Partial<HandlerContext> = {}) =>
  w.ctx(userId, { guildId: GUILD, channelId: CHANNEL, ...extra });

async function content(res: Response | Promise<Response>): Promise<string> {
  const { content } = (await res).reply;
  expect(content.length).toBeLessThanOrEqual(MESSAGE_LIMIT);
  return content;
}

/** `south` challenges `north` (moving first), `north` accepts; the game's message gets a 19-digit id. */
async function startGame(south: string, north: string, values: Parameters<typeof options>[0] = {}): Promise<string> {
  const res = await COMMANDS.challenge.handle(
    at(south),
    options({ opponent: { id: north }, first: "me", ruleset: "speightstown", ...values }),
  );
  const accepted = await handleButton(at(north), { type: "challenge", challengeId: res.bind!.id, action: "accept" });
  const gameId = accepted.bind!.id;
  w.app.games.bindMessage(gameId, CHANNEL, String(1400000000000000000n + BigInt(w.clock.now() % 1_000_000)));
  w.clock.advance(1000);
  return gameId;
}

async function resign(gameId: string, loser: string): Promise<Response> {
  const { row } = w.app.games.get(gameId)!;
  return handleButton(at(loser), { type: "game", gameId, ply: row.ply, action: { kind: "resign-confirm" } });
}

/** "…and N more" at the end of a section: N. */
function moreCount(text: string, pattern = /…and (\d+) more/): number {
  const found = pattern.exec(text);
  return found ? Number(found[1]) : 0;
}

describe("text budget", () => {
  it("fitLines - keeps what fits and counts the rest - lines beyond the limit", () => {
    const items = Array.from({ length: 50 }, (_, i) => `${i}`.padEnd(99, "x"));
    const { lines, shown } = fitLines(items, (n) => `…and ${n} more.`);
    expect(lines.join("\n").length).toBeLessThanOrEqual(MESSAGE_LIMIT);
    expect(shown).toBe(19);
    expect(lines.at(-1)).toBe("…and 31 more.");
    expect(fitLines(items.slice(0, 3), (n) => `…and ${n} more.`).lines).toEqual(items.slice(0, 3));
  });

  it("fitSections - shares the room between sections - one long section", () => {
    const long = Array.from({ length: 40 }, () => "y".repeat(100));
    const short = Array.from({ length: 4 }, () => "z".repeat(100));
    const { lines, shown } = fitSections([
      { head: ["A"], items: long, more: (n) => `…and ${n} more.` },
      { head: ["B"], items: short, more: (n) => `…and ${n} more.` },
    ]);
    expect(lines.join("\n").length).toBeLessThanOrEqual(MESSAGE_LIMIT);
    expect(shown[1]).toBe(4);
    expect(shown[0]).toBeGreaterThan(10);
    expect(lines).toContain(`…and ${40 - shown[0]} more.`);
  });

  it("fitContent - clips heads that alone are too long - no items", () => {
    const text = fitContent([{ head: ["h".repeat(3000)] }]);
    expect(text).toHaveLength(MESSAGE_LIMIT);
    expect(text.endsWith("…")).toBe(true);
  });
});

describe("listings within 2000 characters", () => {
  it("games - ends with how many more - fifteen games with real ids", async () => {
    const ids: string[] = [];
    for (let i = 1; i <= 15; i++) ids.push(await startGame(P[0], P[i]));
    const text = await content(COMMANDS.games.handle(at(P[0]), options()));
    const listed = ids.filter((id) => text.includes(`\`${id}\``));
    expect(listed.length).toBeGreaterThanOrEqual(5);
    expect(listed).toEqual(ids.slice(0, listed.length));
    expect(text).toContain(`…and ${15 - listed.length} more (15 in all).`);
    expect(text).toContain(`https://discord.com/channels/${GUILD}/${CHANNEL}/`);
  });

  it("series standings - cut by length with counts - ten running and ten finished series", async () => {
    // Ten finished series between twenty players (first to one), then ten running ones.
    for (let i = 0; i < 10; i++) {
      const res = await COMMANDS["series challenge"].handle(
        at(P[2 * i]),
        options({ opponent: { id: P[2 * i + 1] }, first: "me", first_to: 1, ruleset: "speightstown" }),
      );
      const accepted = await handleButton(at(P[2 * i + 1]), {
        type: "challenge",
        challengeId: res.bind!.id,
        action: "accept",
      });
      await resign(accepted.bind!.id, P[2 * i + 1]);
      w.clock.advance(1000);
    }
    for (let i = 0; i < 10; i++) {
      const res = await COMMANDS["series challenge"].handle(
        at(P[i]),
        options({ opponent: { id: P[19 - i] }, first: "me", ruleset: "speightstown" }),
      );
      await handleButton(at(P[19 - i]), { type: "challenge", challengeId: res.bind!.id, action: "accept" });
    }
    const text = await content(COMMANDS["series standings"].handle(at(P[0]), options()));
    const [records, running, finished] = text.split(/\n\n/);
    expect(running.startsWith("**Running**")).toBe(true);
    expect(finished.startsWith("**Finished**")).toBe(true);
    const count = (section: string) => section.split("\n").filter((l) => l.startsWith("- ")).length;
    const ranked = records.split("\n").filter((l) => l.startsWith("`")).length;
    expect(ranked + moreCount(records)).toBe(20);
    expect(count(running) + moreCount(running)).toBe(10);
    expect(count(finished) + moreCount(finished)).toBe(10);
    expect(moreCount(running) + moreCount(finished)).toBeGreaterThan(0);
    expect(count(running)).toBeGreaterThan(2);
    expect(count(finished)).toBeGreaterThan(2);
  });

  it("history - ten games with series and ratings fit - real ids", async () => {
    for (let i = 1; i <= 12; i++) {
      const id = await startGame(P[0], P[i], { rated: true });
      await resign(id, P[i]);
    }
    const text = await content(COMMANDS.history.handle(at(P[0]), options()));
    expect(text).toContain("(12 in all)");
    expect(text).toContain("…and 2 earlier.");
  });

  it("settings - lists the channels that fit and counts the rest - ninety allowed channels", async () => {
    const admin = at(ADMIN, { canManageGuild: true });
    for (const [i] of P.entries()) {
      await COMMANDS["nickar-admin settings"].handle(
        admin,
        options({ allow_channel: { id: String(1500000000000000000n + BigInt(i)) } }),
      );
    }
    expect(w.app.settings.get(GUILD).allowedChannels).toHaveLength(90);
    const shown = await content(COMMANDS["nickar-admin settings"].handle(at(P[0]), options()));
    const saved = await content(COMMANDS["nickar-admin settings"].handle(admin, options({ ladder: true })));
    for (const text of [shown, saved]) {
      const listed = (text.match(/<#\d+>/g) ?? []).length;
      expect(listed).toBeGreaterThan(50);
      expect(text).toContain(` and ${90 - listed} more`);
      expect(text).toContain("Boards:");
    }
  });

  it("season list - keeps the latest seasons - sixty seasons", async () => {
    const admin = at(ADMIN, { canManageGuild: true });
    for (let i = 0; i < 60; i++) {
      w.clock.advance(86_400_000);
      await handleButton(admin, { type: "season", season: w.app.ratings.currentSeason(GUILD) });
    }
    const text = await content(COMMANDS["nickar-admin season list"].handle(admin, options()));
    const lines = text.split("\n");
    const earlier = Number(/^\((\d+) earlier seasons not shown\)$/.exec(lines[0])![1]);
    expect(lines.length - 1 + earlier).toBe(61);
    expect(lines.at(-1)).toMatch(/^Season 61: .*\(current\)/);
    expect(lines[1]).toMatch(new RegExp(`^Season ${earlier + 1}: `));
  });

  it("ladder show - lists the rungs that fit - ninety players", async () => {
    await COMMANDS["nickar-admin settings"].handle(at(ADMIN, { canManageGuild: true }), options({ ladder: true }));
    for (const p of P) await COMMANDS["ladder join"].handle(at(p), options());
    const text = await content(COMMANDS["ladder show"].handle(at(P[0]), options()));
    const listed = (text.match(/^`\s*\d+\.`/gm) ?? []).length;
    expect(listed).toBeGreaterThan(40);
    expect(text).toContain(`…and ${90 - listed} more.`);
  });

  it("leaderboard and stats - a full page and five recent games fit - real ids", async () => {
    for (let i = 1; i <= 12; i++) {
      const id = await startGame(P[i], P[i + 20], { rated: true });
      await resign(id, P[i + 20]);
      const again = await startGame(P[i], P[0], { rated: true });
      await resign(again, P[0]);
    }
    const board = await content(COMMANDS.leaderboard.handle(at(P[0]), options({ ruleset: "speightstown" })));
    expect((board.match(/<@\d+>/g) ?? []).length).toBeGreaterThanOrEqual(10);
    const stats = await content(COMMANDS.stats.handle(at(P[0]), options()));
    expect((stats.match(/^- `/gm) ?? []).length).toBe(5);
  });

  it("rules - every ruleset's text fits, in two messages where one is too short - all rulesets, every language", () => {
    for (const locale of LOCALES) {
      for (const id of RULESET_IDS) {
        const messages = rulesMessages(translator(locale), id);
        for (const message of messages) expect(message.length, `${locale} ${id}`).toBeLessThanOrEqual(MESSAGE_LIMIT);
        // Split only when needed: English fits in one; the decisions are never cut from their heading.
        if (locale === "en") expect(messages, id).toHaveLength(1);
        if (messages.length === 2) expect(messages[1]).toMatch(/^\*\*\[/);
      }
    }
  });

  it("game viewer - cuts a long reason, keeps record and position - a long cancel reason", async () => {
    const id = await startGame(P[0], P[1]);
    for (let i = 0; i < 40; i++) {
      const { row, state } = w.app.games.get(id)!;
      const mover = state.position.toMove === 0 ? row.southId : row.northId;
      await handleButton(at(mover), {
        type: "game",
        gameId: id,
        ply: row.ply,
        action: { kind: "move", house: state.legalMoves[i % state.legalMoves.length] },
      });
      if (w.app.games.get(id)!.row.status !== "active") break;
    }
    await COMMANDS["nickar-admin cancel"].handle(
      at(ADMIN, { canManageGuild: true }),
      options({ game: id, reason: "r".repeat(1850) }),
    );
    const text = await content(COMMANDS.game.handle(at(P[0]), options({ id })));
    expect(text).toContain("r…**");
    expect(text).toContain("Record: `1. ");
    expect(text).toMatch(/Position: `[\d-]+\d` \(game over: nobody to move\)$/);
  });
});
