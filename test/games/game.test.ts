import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCommand } from "../../src/commands/guards.ts";
import { COMMANDS } from "../../src/commands/index.ts";
import { RULESET_IDS, type RulesetId } from "../../src/engine/index.ts";
import { type GameSnapshot, userOf } from "../../src/games/snapshot.ts";
import { handleButton } from "../../src/interactions/buttons/index.ts";
import type { GameAction } from "../../src/interactions/custom-id.ts";
import type { Response } from "../../src/interactions/reply.ts";
import { ALICE, BOB, CAROL, CHANNEL, GUILD, options, setup, type World } from "../support/helpers.ts";

let w: World;
beforeEach(() => {
  w = setup();
});
afterEach(() => w.close());

/** Alice (South) against Bob (North), bound to message "board". */
async function start(ruleset: RulesetId = "abapa", time = "1h"): Promise<string> {
  return startBetween(ALICE, BOB, ruleset, time);
}

async function startBetween(south: string, north: string, ruleset: RulesetId = "abapa", time = "1h"): Promise<string> {
  const res = await COMMANDS.challenge.handle(
    w.ctx(south),
    options({ opponent: { id: north }, first: "me", ruleset, time }),
  );
  w.app.challenges.bindMessage(res.bind!.id, "board");
  const accepted = await handleButton(w.ctx(north, { messageId: "board" }), {
    type: "challenge",
    challengeId: res.bind!.id,
    action: "accept",
  });
  return accepted.bind!.id;
}

const game = (id: string): GameSnapshot => w.app.games.get(id)!;
const mover = (g: GameSnapshot) => (g.state.position.toMove === 0 ? g.row.southId : g.row.northId);

function press(userId: string, gameId: string, action: GameAction, ply = game(gameId).row.ply, messageId = "board") {
  return handleButton(w.ctx(userId, { messageId }), { type: "game", gameId, ply, action });
}

/** Deterministic pseudo-random moves. */
function rng(seed: number) {
  let s = seed;
  return () => {
    s = (s * 1103515245 + 12345) & 0x7fffffff;
    return s / 0x7fffffff;
  };
}

async function playOut(id: string, seed: number): Promise<Response> {
  const random = rng(seed);
  let last: Response | null = null;
  for (let i = 0; i < 2000 && game(id).row.status === "active"; i++) {
    const g = game(id);
    const legal = g.state.legalMoves;
    const house = legal[Math.floor(random() * legal.length)];
    last = await press(mover(g), id, { kind: "move", house });
    expect(last.mode).toBe("update");
  }
  return last!;
}

describe("games", () => {
  it.each(RULESET_IDS)("game - ends with the engine's result - %s played to the end with buttons", async (ruleset) => {
    const id = await start(ruleset);
    const last = await playOut(id, ruleset.length * 7);
    const g = game(id);
    expect(g.row.status).toBe("finished");
    expect(g.state.outcome.over).toBe(true);
    expect(g.row.reason).toBe(g.state.outcome.over ? g.state.outcome.reason : null);
    expect(g.row.deadlineAt).toBeNull();
    expect(g.row.position).toBe(
      [...g.state.position.pits, ...g.state.position.stores, g.state.position.toMove ? "N" : "S"].join("-"),
    );
    expect(last.reply.content).toMatch(/Game over|wins|Draw/);
    // Animate, Rematch and Analyse; both players are pinged in a new message with the result and the ratings.
    expect(last.reply.components?.flatMap((r) => r.components).map((b) => ("label" in b ? b.label : ""))).toEqual([
      "Animate",
      "Rematch",
      "Analyse",
    ]);
    const ending = last.notices?.[0];
    expect(last.notices).toHaveLength(1);
    expect(ending).toMatchObject({ key: `game:${id}`, users: [ALICE, BOB] });
    expect(ending?.text).toMatch(/is over: \*\*(<@\d+> wins \d+–\d+|Draw \d+–\d+)/);
    expect(ending?.text).toMatch(/Ratings: <@1001> \d+ \([+−±]\d+\) · <@1002> \d+ \([+−±]\d+\)/);
    expect(ending?.components?.[0].components.map((b) => ("label" in b ? b.label : ""))).toEqual(["Rematch"]);
    await expect(press(ALICE, id, { kind: "move", house: 1 })).rejects.toMatchObject({ code: "game/over" });
  });

  it("game board - shows the houses of the player to move - after one move", async () => {
    const id = await start();
    const res = await press(ALICE, id, { kind: "move", house: 3 });
    const rows = res.reply.components!;
    expect(rows.map((r) => r.components.length)).toEqual([3, 3, 3]);
    const labels = rows.flatMap((r) => r.components.map((c) => ("label" in c ? c.label : "")));
    expect(labels.slice(0, 6)).toEqual(["a · 5", "b · 4", "c · 4", "d · 4", "e · 4", "f · 4"]);
    expect(labels.slice(6)).toEqual(["Resign", "Offer draw", "Animate"]);
    expect(res.reply.content).toContain(`<@${ALICE}> played C`);
    expect(res.reply.content).toContain(`<@${BOB}> to move (North)`);
    expect(res.reply.mentions).toEqual([BOB]);
    expect(res.edits).toEqual([]);
    expect(await res.reply.image!()).toMatchObject({ name: `nickar-${id}-1.png` });
  });

  it("game - refuses with a reason - out of turn, not a player, illegal house", async () => {
    const id = await start();
    await expect(press(BOB, id, { kind: "move", house: 1 })).rejects.toMatchObject({
      code: "game/not-your-turn-named",
    });
    await expect(press(CAROL, id, { kind: "move", house: 1 })).rejects.toMatchObject({ code: "game/not-yours" });
    await press(ALICE, id, { kind: "move", house: 1 });
    await press(BOB, id, { kind: "move", house: 1 });
    await expect(press(ALICE, id, { kind: "move", house: 1 })).rejects.toMatchObject({ code: "move/empty-house" });
    expect(game(id).row.ply).toBe(2);
  });

  it("game - answers with the current board - stale button", async () => {
    const id = await start();
    await press(ALICE, id, { kind: "move", house: 3 });
    const stale = await press(BOB, id, { kind: "move", house: 2 }, 0);
    expect(stale.mode).toBe("reply");
    expect(stale.reply.ephemeral).toBe(true);
    expect(stale.reply.content).toContain("out of date");
    // Its buttons carry the current ply and work; the game's own message is edited too.
    const ids = stale.reply.components!.flatMap((r) => r.components.map((c) => ("custom_id" in c ? c.custom_id : "")));
    expect(ids).toContain(`g:${id}:1:m:2`);
    const moved = await press(BOB, id, { kind: "move", house: 2 }, 1, "ephemeral-message");
    expect(moved.edits?.map((e) => e.ref.messageId)).toEqual(["board"]);
    expect(game(id).row.ply).toBe(2);
  });

  it("game - a second press of the move just made gets a short word, no board - double click on a house", async () => {
    const id = await start();
    await press(ALICE, id, { kind: "move", house: 3 }, 0);
    const again = await press(ALICE, id, { kind: "move", house: 3 }, 0);
    expect(again.mode).toBe("reply");
    expect(again.reply).toEqual({ content: "Already played: C.", ephemeral: true });
    expect(again.edits ?? []).toEqual([]);
    expect(game(id).row.ply).toBe(1);
    // North's house is written in lower case, as on North's buttons.
    await press(BOB, id, { kind: "move", house: 2 }, 1);
    expect((await press(BOB, id, { kind: "move", house: 2 }, 1)).reply.content).toBe("Already played: b.");
  });

  it("game - a double click on the move that ended the game answers in a word - the last move", async () => {
    const id = await start();
    for (let i = 0; i < 1000 && game(id).row.status === "active"; i++) {
      const g = game(id);
      const ply = g.row.ply;
      const house = g.state.legalMoves[0];
      await press(mover(g), id, { kind: "move", house }, ply);
      if (game(id).row.status !== "active") {
        const again = await press(userOf(g.row, g.state.position.toMove)!, id, { kind: "move", house }, ply);
        expect(again.reply.content).toMatch(/^Already played: [A-Fa-f]\.$/);
        expect(again.reply.image).toBeUndefined();
      }
    }
    expect(game(id).row.status).toBe("finished");
  });

  it("game - an old board still gets the current one - another house, another presser, two moves behind", async () => {
    const id = await start();
    await press(ALICE, id, { kind: "move", house: 3 }, 0);
    const other = await press(ALICE, id, { kind: "move", house: 4 }, 0);
    const opponent = await press(BOB, id, { kind: "move", house: 3 }, 0);
    await press(BOB, id, { kind: "move", house: 2 }, 1);
    const older = await press(ALICE, id, { kind: "move", house: 3 }, 0);
    for (const stale of [other, opponent, older]) {
      expect(stale.reply.ephemeral).toBe(true);
      expect(stale.reply.content).toContain("out of date");
      expect(stale.reply.image).toBeDefined();
    }
  });

  it("game - lets exactly one of two racing presses move - same ply on two connections", async () => {
    const id = await start();
    const other = w.other();
    try {
      const results = await Promise.allSettled([
        press(ALICE, id, { kind: "move", house: 3 }, 0),
        handleButton(
          { ...w.ctx(ALICE, { messageId: "board" }), app: other.app },
          {
            type: "game",
            gameId: id,
            ply: 0,
            action: { kind: "move", house: 4 },
          },
        ),
      ]);
      const values = results.map((r) => (r.status === "fulfilled" ? r.value : null));
      expect(values.filter((v) => v?.mode === "update")).toHaveLength(1);
      expect(values.filter((v) => v?.reply.content.includes("out of date"))).toHaveLength(1);
      expect(game(id).row.ply).toBe(1);
      expect(JSON.parse(game(id).row.moves)).toHaveLength(1);
    } finally {
      other.close();
    }
  });

  it("game - is won by the opponent - resign with confirmation", async () => {
    const id = await start();
    const ask = await press(ALICE, id, { kind: "resign" });
    expect(ask.reply.ephemeral).toBe(true);
    expect(game(id).row.status).toBe("active");
    const done = await press(ALICE, id, { kind: "resign-confirm" }, 0, "confirm-message");
    expect(done.reply.content).toBe("You resigned.");
    expect(done.edits?.[0].reply.content).toContain(`**<@${BOB}> wins by resignation: <@${ALICE}> resigned**`);
    expect(done.notices?.[0]).toMatchObject({ key: `game:${id}`, users: [ALICE, BOB] });
    expect(game(id).row).toMatchObject({ status: "finished", winner: 1, reason: "resign" });
  });

  it("game - is drawn - offer and accept by agreement", async () => {
    const id = await start();
    await press(ALICE, id, { kind: "move", house: 3 });
    const offered = await press(ALICE, id, { kind: "draw" });
    expect(offered.reply.content).toContain(`<@${ALICE}> offers a draw`);
    // The opponent is asked by the game's notice, with Accept draw and Decline.
    const ask = offered.notices?.at(-1);
    expect(offered.notices).toHaveLength(1);
    expect(ask).toMatchObject({ key: `game:${id}`, users: [BOB] });
    expect(ask?.components?.[0].components.map((b) => ("label" in b ? b.label : ""))).toEqual([
      "Accept draw",
      "Decline",
    ]);
    await expect(press(ALICE, id, { kind: "draw" })).rejects.toMatchObject({ code: "draw/already-offered" });
    const agreed = await press(BOB, id, { kind: "draw" });
    expect(agreed.reply.content).toContain("Draw");
    expect(game(id).row).toMatchObject({ status: "finished", winner: null, reason: "agreement" });
  });

  it("game - declines a draw offer - the opponent moves instead", async () => {
    const id = await start();
    await press(ALICE, id, { kind: "draw" });
    await press(ALICE, id, { kind: "move", house: 3 });
    expect(game(id).row.drawOfferBy).toBe(0);
    await press(BOB, id, { kind: "move", house: 3 });
    expect(game(id).row.drawOfferBy).toBeNull();
  });

  it("game - is aborted without a result - before both players moved", async () => {
    const id = await start();
    await press(ALICE, id, { kind: "move", house: 3 });
    const res = await COMMANDS.abort.handle(w.ctx(BOB), options());
    expect(res.edits?.[0].reply.content).toContain("Game aborted: called off before both players had moved");
    // Both are told in a new message, which says who aborted.
    expect(res.notices?.[0].text).toMatch(new RegExp(`^game \`${id}\` is over: .*\n<@${BOB}> aborted the game\\.`));
    expect(res.notices?.[0]).toMatchObject({ key: `game:${id}`, users: [ALICE, BOB] });
    expect(game(id).row).toMatchObject({ status: "aborted", winner: null, reason: "abort" });
  });

  it("game - refuses abort - both players have moved", async () => {
    const id = await start();
    await press(ALICE, id, { kind: "move", house: 3 });
    await press(BOB, id, { kind: "move", house: 3 });
    await expect(async () => COMMANDS.abort.handle(w.ctx(ALICE), options())).rejects.toMatchObject({
      code: "abort/too-late",
    });
  });

  it("game - is cancelled by an admin only - cancel command", async () => {
    const id = await start();
    const opts = options({ game: id, reason: "cheating" });
    await expect(runCommand(COMMANDS["nickar-admin cancel"], w.ctx(CAROL), opts)).rejects.toMatchObject({
      code: "permission/manage-server",
    });
    expect(game(id).row.status).toBe("active");
    const res = await COMMANDS["nickar-admin cancel"].handle(w.ctx(CAROL, { canManageGuild: true }), opts);
    expect(res.edits?.[0].reply.content).toContain("cancelled by an admin (cheating): no result, ratings unchanged");
    expect(game(id).row).toMatchObject({ status: "cancelled", reason: "cancel", note: "cheating" });
  });

  it("game - is won on time - deadline passes after both moved", async () => {
    const id = await start("abapa", "1h");
    await press(ALICE, id, { kind: "move", house: 3 });
    await press(BOB, id, { kind: "move", house: 3 });
    w.clock.advance(29 * 60_000);
    expect(w.app.games.sweep()).toEqual({ notices: [], failed: [] });
    w.clock.advance(60_000);
    const { notices: reminders } = w.app.games.sweep();
    expect(reminders.map((n) => n.kind)).toEqual(["reminder"]);
    expect(w.app.games.sweep()).toEqual({ notices: [], failed: [] });
    expect(w.app.games.nextDue()).toBe(game(id).row.deadlineAt);
    w.clock.advance(30 * 60_000);
    const { notices: timeouts } = w.app.games.sweep();
    expect(timeouts.map((n) => n.kind)).toEqual(["timeout"]);
    expect(game(id).row).toMatchObject({ status: "finished", winner: 1, reason: "timeout" });
    expect(w.app.games.nextDue()).toBeNull();
  });

  it("game - is aborted, not lost - first move never made", async () => {
    const id = await start("abapa", "5m");
    w.clock.advance(5 * 60_000);
    const { notices } = w.app.games.sweep();
    expect(notices.map((n) => n.kind)).toEqual(["timeout"]);
    expect(game(id).row).toMatchObject({ status: "aborted", winner: null, reason: "no-first-move" });
  });

  it("game - continues where it was - restart in the middle", async () => {
    const id = await start("caribbean");
    await press(ALICE, id, { kind: "move", house: 3 });
    await press(BOB, id, { kind: "move", house: 2 });
    const before = game(id);
    w.restart();
    const after = game(id);
    expect(after.state.position).toEqual(before.state.position);
    expect(after.row.deadlineAt).toBe(before.row.deadlineAt);
    // The buttons posted before the restart still work.
    await press(ALICE, id, { kind: "move", house: 5 }, 2);
    expect(game(id).row.ply).toBe(3);
  });

  it("slash move - edits the game message and answers privately - letter and number", async () => {
    const id = await start();
    const res = await COMMANDS.move.handle(w.ctx(ALICE), options({ house: "C" }));
    expect(res.reply).toMatchObject({ ephemeral: true });
    expect(res.reply.content).toContain(`<@${ALICE}> played C`);
    expect(res.edits?.map((e) => e.ref.messageId)).toEqual(["board"]);
    await expect(async () => COMMANDS.move.handle(w.ctx(ALICE), options({ house: "C" }))).rejects.toMatchObject({
      code: "game/not-your-turn",
    });
    await COMMANDS.move.handle(w.ctx(BOB), options({ house: "4" }));
    expect(JSON.parse(game(id).row.moves)).toEqual([3, 4]);
  });

  it("slash move - asks which game - player with two games", async () => {
    const first = await start();
    const res = await COMMANDS.challenge.handle(w.ctx(CAROL), options({ opponent: { id: ALICE }, first: "them" }));
    await handleButton(w.ctx(ALICE), { type: "challenge", challengeId: res.bind!.id, action: "accept" });
    await expect(async () => COMMANDS.move.handle(w.ctx(ALICE), options({ house: "A" }))).rejects.toMatchObject({
      code: "game/which",
    });
    const choices = await COMMANDS.move.autocomplete!(w.ctx(ALICE), { name: "game", value: "" });
    expect(choices).toHaveLength(2);
    const houses = await COMMANDS.move.autocomplete!(w.ctx(ALICE), { name: "house", value: "" });
    expect(houses).toHaveLength(12);
    await COMMANDS.move.handle(w.ctx(ALICE), options({ house: "A", game: first }));
    expect(game(first).row.ply).toBe(1);
  });

  it("board - reposts and becomes the game message - board command", async () => {
    const id = await start();
    w.app.games.bindMessage(id, CHANNEL, "board");
    const res = await COMMANDS.board.handle(w.ctx(BOB), options());
    expect(res).toMatchObject({ mode: "reply", bind: { kind: "game", id } });
    // Once posted, the old board loses its buttons and links to the new message.
    const [old] = res.afterBind?.({ channelId: CHANNEL, messageId: "new-board" }) ?? [];
    expect(old.ref.messageId).toBe(game(id).row.messageId);
    expect(old.reply.components).toEqual([]);
    expect(old.reply.content).toContain(
      `This board moved to a newer message: https://discord.com/channels/${GUILD}/${CHANNEL}/new-board`,
    );
  });

  it("game ids - found in any case, with a hint when unknown - typed id", async () => {
    const id = await start();
    expect(id).toMatch(/^[a-z2-9]{8}$/);
    const shown = await COMMANDS.game.handle(w.ctx(CAROL), options({ id: id.toUpperCase() }));
    expect(shown.reply.content).toContain(`**Game \`${id}\`**`);
    await expect(async () => COMMANDS.game.handle(w.ctx(CAROL), options({ id: "nope1234" }))).rejects.toMatchObject({
      code: "game/not-found",
      message: expect.stringContaining("/nickar history"),
    });
  });

  it("game id autocomplete - your games first, then the server's, with ruleset, players and date - game and export", async () => {
    const mine = await start();
    const theirs = await startBetween(BOB, CAROL);
    const choices = await COMMANDS.game.autocomplete!(w.ctx(ALICE), { name: "id", value: "" });
    expect(choices.map((c) => c.value)).toEqual([mine, theirs]);
    expect(choices[0].name).toMatch(
      new RegExp(`^${mine} · Oware Abapa · you vs ${BOB} · \\d{4}-\\d\\d-\\d\\d · in progress$`),
    );
    expect(choices[1].name).toContain(`${BOB} vs ${CAROL}`);
    const typed = await COMMANDS.export.autocomplete!(w.ctx(ALICE), {
      name: "id",
      value: theirs.slice(0, 4).toUpperCase(),
    });
    expect(typed.map((c) => c.value)).toContain(theirs);
  });

  it("games and rules - list games and show decisions - info commands", async () => {
    const id = await start();
    const list = await COMMANDS.games.handle(w.ctx(ALICE), options());
    expect(list.reply.content).toContain(id);
    expect(list.reply.content).toContain("your move");
    const rules = await COMMANDS.rules.handle(w.ctx(ALICE), options({ ruleset: "haiti" }));
    expect(rules.reply.content).toContain("Haitian");
    expect(rules.reply.content).toContain("[decision]");
  });

  it("animate - posts the move GIF privately - after a move", async () => {
    const id = await start();
    await expect(press(CAROL, id, { kind: "animate" })).rejects.toMatchObject({ code: "game/no-moves" });
    await press(ALICE, id, { kind: "move", house: 3 });
    const res = await press(CAROL, id, { kind: "animate" });
    expect(res.reply.ephemeral).toBe(true);
    expect(await res.reply.image!()).toMatchObject({ name: `nickar-${id}-1.gif` });
  });
});

describe("settings", () => {
  it("settings - need Manage Server to change - plain member", async () => {
    await expect(async () =>
      COMMANDS["nickar-admin settings"].handle(w.ctx(ALICE), options({ ruleset: "wari" })),
    ).rejects.toMatchObject({
      code: "permission/manage-server",
    });
    const shown = await COMMANDS["nickar-admin settings"].handle(w.ctx(ALICE), options());
    expect(shown.reply.content).toContain("Oware Abapa");
  });

  it("settings - are saved - admin changes every setting", async () => {
    const admin = w.ctx(CAROL, { canManageGuild: true });
    const res = await COMMANDS["nickar-admin settings"].handle(
      admin,
      options({ ruleset: "wari", time: "3d", max_games: 5, allow_channel: { id: "77" } }),
    );
    expect(res.reply.content).toContain("Wari");
    expect(w.app.settings.get("100")).toEqual({
      defaultRuleset: "wari",
      defaultTimeLimit: 3 * 86400,
      allowedChannels: ["77"],
      maxGamesPerPlayer: 5,
      ratedPairsPerDay: 5,
      ladderEnabled: false,
      ladderInactiveDays: 14,
      animateMoves: false,
      // The test defaults set no rate limits.
      commandsPerMinute: 0,
      challengesPerHour: 0,
      // No language set: public messages follow the server's Discord locale.
      language: null,
      tournamentCreators: "managers",
      ratedTakebacks: false,
      dailyPuzzleChannel: null,
      dailyPuzzleMinute: 720,
    });
    await COMMANDS["nickar-admin settings"].handle(
      admin,
      options({
        pair_limit: 0,
        ladder: true,
        ladder_inactive_days: 30,
        animations: true,
        command_rate: 12,
        challenge_rate: 4,
        tournaments: "everyone",
        takebacks: true,
        daily_puzzle: { id: "88" },
        daily_puzzle_time: "7:05",
      }),
    );
    expect(w.app.settings.get("100")).toMatchObject({
      tournamentCreators: "everyone",
      ratedPairsPerDay: 0,
      ladderEnabled: true,
      ladderInactiveDays: 30,
      animateMoves: true,
      commandsPerMinute: 12,
      challengesPerHour: 4,
      ratedTakebacks: true,
      dailyPuzzleChannel: "88",
      dailyPuzzleMinute: 7 * 60 + 5,
    });
    await COMMANDS["nickar-admin settings"].handle(admin, options({ all_channels: true }));
    expect(w.app.settings.get("100").allowedChannels).toBeNull();
  });
});
