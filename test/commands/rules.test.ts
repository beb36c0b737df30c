import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/commands/index.ts";
import { RULESET_IDS, RULESETS } from "../../src/engine/index.ts";
import { rulesText } from "../../src/games/commands/rules.ts";
import { RULES_TEXT } from "../../src/games/commands/rules-text.ts";
import { LOCALES, translator } from "../../src/i18n/index.ts";
import { ALICE, BOB, CAROL, options, setup, type World } from "../support/helpers.ts";
import { playGame } from "../support/play.ts";

describe("/nickar rules", () => {
  it("rules - every [decision] of the ruleset is explained - all rulesets", () => {
    for (const id of RULESET_IDS) expect(RULES_TEXT[id].decisions, id).toHaveLength(RULESETS[id].decisions.length);
  });

  it("rules - no engine jargon - all rulesets", () => {
    for (const id of RULESET_IDS) {
      const text = rulesText(translator("en"), id);
      for (const jargon of [
        "end checks",
        "Couvert followed",
        "Skipping none is read",
        "pits 0",
        "reason is",
        "toMove",
      ]) {
        expect(text, `${id}: ${jargon}`).not.toContain(jargon);
      }
      expect(text).toContain("**[decision]**");
    }
  });

  it("rules - each rule said once: 25 seeds in one rule - speightstown, every language", () => {
    for (const locale of LOCALES) {
      const all = RULES_TEXT.speightstown.rules.map((key) => translator(locale)(key));
      expect(
        all.filter((r) => r.includes("25")),
        locale,
      ).toHaveLength(1);
      expect(new Set(all).size).toBe(all.length);
    }
  });
});

describe("default ruleset", () => {
  let w: World;
  beforeEach(() => {
    w = setup();
  });
  afterEach(() => w.close());

  it("leaderboard, stats and ladder - one rule: the option, else your most played, else the server's - haiti player", async () => {
    await COMMANDS["nickar-admin settings"].handle(w.ctx("admin", { canManageGuild: true }), options({ ladder: true }));
    await playGame(w, ALICE, BOB, "south", { ruleset: "haiti" });
    await playGame(w, ALICE, BOB, "north", { ruleset: "haiti" });
    await playGame(w, ALICE, BOB, "south", { ruleset: "wari" });
    const board = await COMMANDS.leaderboard.handle(w.ctx(ALICE), options());
    expect(board.reply.content).toMatch(/^\*\*Haitian Warri \(Kay\) leaderboard\*\*/);
    const stats = await COMMANDS.stats.handle(w.ctx(CAROL), options({ user: { id: ALICE } }));
    expect(stats.reply.content).toContain("Haitian Warri (Kay)");
    const ladder = await COMMANDS["ladder show"].handle(w.ctx(ALICE), options());
    expect(ladder.reply.content).toContain(
      "Nobody is on the Haitian Warri (Kay) ladder yet: /nickar ladder join ruleset:haiti",
    );
    // Someone who has played nothing gets the server's default, the same for all three.
    const fresh = await COMMANDS["ladder show"].handle(w.ctx(CAROL), options());
    expect(fresh.reply.content).toContain("Oware Abapa ladder");
    const freshBoard = await COMMANDS.leaderboard.handle(w.ctx(CAROL), options());
    expect(freshBoard.reply.content).toMatch(/^\*\*Oware Abapa leaderboard\*\*/);
    // The option wins over both.
    const wari = await COMMANDS.leaderboard.handle(w.ctx(ALICE), options({ ruleset: "wari" }));
    expect(wari.reply.content).toMatch(/^\*\*Wari leaderboard\*\*/);
  });
});
