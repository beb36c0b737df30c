// Takebacks (issue #24): asked from the board or by /nickar takeback, answered on the game's notice with
// Accept takeback / Decline as a draw offer is; accepted, the move list loses the move and the ply moves on.
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/commands/index.ts";
import { games } from "../../src/db/schema.ts";
import { moveLetter, newGame, play } from "../../src/engine/index.ts";
import { insertGame } from "../../src/games/game-store.ts";
import { TAKEBACK_GAP } from "../../src/games/questions.ts";
import { handleButton } from "../../src/interactions/buttons/index.ts";
import type { GameAction } from "../../src/interactions/custom-id.ts";
import { gameRecordFile } from "../../src/present/record-file.ts";
import { ALICE, BOB, CAROL, CHANNEL, GUILD, options, setup, type World } from "../support/helpers.ts";
import { buttonIds, startGame } from "../support/play.ts";

const NICKAR = "999";
const NICKAR_GAME = {
  ruleset: "abapa",
  southId: ALICE,
  northId: NICKAR,
  timeLimit: 3600,
  rated: false,
  level: "easy",
} as const;

let w: World;
beforeEach(() => {
  w = setup(() => 0.1, undefined, { bots: new Set([NICKAR]) });
});
afterEach(() => w.close());

const game = (id: string) => w.app.games.get(id)!;
const moves = (id: string): number[] => JSON.parse(game(id).row.moves);
const userToMove = (id: string) => {
  const { row, state } = game(id);
  return state.position.toMove === 0 ? row.southId : row.northId;
};

/** A press on the board (or notice) as it is now, or as it was drawn at `ply`. */
const press = (userId: string, gameId: string, action: GameAction, ply = game(gameId).row.ply) =>
  handleButton(w.ctx(userId), { type: "game", gameId, ply, action });

/** The player to move plays their first legal house, `plies` times. */
async function playOn(gameId: string, plies: number): Promise<void> {
  for (let i = 0; i < plies; i++)
    await press(userToMove(gameId), gameId, { kind: "move", house: game(gameId).state.legalMoves[0] });
}

/** An unrated game of Alice (South, first) against Bob, with its message posted. */
async function unrated(values: Parameters<typeof options>[0] = {}): Promise<string> {
  const id = await startGame(w, ALICE, BOB, { rated: false, ...values });
  w.app.games.bindMessage(id, CHANNEL, "m1");
  return id;
}

/** Marks a game as a ladder, series or tournament game (as their own services create them). */
function mark(id: string, values: Partial<typeof games.$inferInsert>): void {
  w.db().update(games).set(values).where(eq(games.id, id)).run();
}

describe("takebacks", () => {
  it("takeback - asked, accepted: the move goes, the ply moves on, the asker's time starts again - unrated game", async () => {
    const id = await unrated();
    await playOn(id, 3); // Alice, Bob, Alice
    const before = game(id);
    const last = moves(id).at(-1)!;
    // The board shows Take back (to both: a press by the wrong player is refused); Alice, whose move is the last, asks.
    expect(buttonIds(await COMMANDS.board.handle(w.ctx(BOB), options({ game: id })))).toContain(`g:${id}:3:t`);
    const asked = await press(ALICE, id, { kind: "takeback" });
    expect(asked.reply.content).toContain(`<@${ALICE}> asks to take back`);
    expect(buttonIds(asked)).toContain(`g:${id}:3:t`);
    expect(asked.reply.components!.at(-1)!.components.map((c) => ("label" in c ? c.label : ""))).toContain(
      "Accept takeback",
    );
    // Bob is asked by the game's notice, with Accept takeback and Decline.
    const [notice] = asked.notices!;
    expect(notice).toMatchObject({ users: [BOB] });
    expect(notice.text).toBe(
      `<@${ALICE}> asks you to take back ${moveLetter(0, last)} in game \`${id}\`. Playing a move also declines it.`,
    );
    expect(notice.components![0].components.map((c) => ("label" in c ? c.label : ""))).toEqual([
      "Accept takeback",
      "Decline",
    ]);
    expect(game(id).row.takebackBy).toBe(0);

    w.clock.advance(60_000);
    const accepted = await press(BOB, id, { kind: "takeback-accept" });
    expect(accepted.reply.content).toBe(`<@${BOB}> accepted the takeback.`);
    const after = game(id);
    expect(moves(id)).toEqual(before.state.history.slice(0, 2));
    expect(after.row).toMatchObject({
      ply: 4,
      takebackBy: null,
      southTakebacks: 1,
      northTakebacks: 0,
      deadlineAt: w.clock.now() + 3600 * 1000,
      takenBackAt: 4,
      takenBackMoves: JSON.stringify([last]),
    });
    expect(after.state.position.toMove).toBe(0);
    // The board says so, and Alice is told it is her move again.
    const board = accepted.edits![0].reply.content!;
    expect(board).toContain(`<@${ALICE}> took back ${moveLetter(0, last)}.`);
    expect(accepted.notices).toMatchObject([{ users: [ALICE] }]);
    // The record keeps the final move list and counts the takebacks.
    expect(gameRecordFile(after, ["alice", "bob"])).toMatch(/\[SouthTakebacks "1"\][\s\S]*\[NorthTakebacks "0"\]/);
    // Ratings never hear of it: the game is still active, nothing rated.
    expect(after.row.status).toBe("active");
  });

  it("takeback - declined: the game goes on as it is, and the asker is told - unrated game", async () => {
    const id = await unrated();
    await playOn(id, 1);
    await press(ALICE, id, { kind: "takeback" });
    const declined = await press(BOB, id, { kind: "takeback-decline" });
    expect(declined.reply.content).toContain(`<@${BOB}> declined the takeback: the game goes on.`);
    // The game's notice goes to Alice, who asked (Bob, to move, has just answered it).
    const told = `<@${BOB}> declined your takeback request in game \`${id}\`: the game goes on.`;
    expect(declined.notices).toEqual([expect.objectContaining({ users: [ALICE], text: told, direct: told })]);
    expect(game(id).row).toMatchObject({ ply: 1, takebackBy: null, southTakebacks: 0 });
    expect(moves(id)).toHaveLength(1);
    // Declined is answered: accepting it now finds nothing.
    await expect(press(BOB, id, { kind: "takeback-accept" })).rejects.toMatchObject({ code: "takeback/none" });
  });

  it("takeback - lapses when the opponent moves, and cannot be asked once they have - unrated game", async () => {
    const id = await unrated();
    await playOn(id, 1);
    const asked = game(id).row.ply;
    await press(ALICE, id, { kind: "takeback" });
    await playOn(id, 1); // Bob moves instead of answering
    expect(game(id).row.takebackBy).toBeNull();
    // The notice's Accept is from before Bob's move: out of date, and nothing is taken back.
    const stale = await press(BOB, id, { kind: "takeback-accept" }, asked);
    expect(stale.reply.content).toContain("out of date");
    expect(moves(id)).toHaveLength(2);
    // Alice's move has been replied to: it can no longer be taken back; Bob's can.
    await expect(press(ALICE, id, { kind: "takeback" })).rejects.toMatchObject({ code: "takeback/replied" });
    await expect(press(ALICE, id, { kind: "takeback" })).rejects.toThrow(/opponent has moved since your last move/);
    expect((await press(BOB, id, { kind: "takeback" })).notices).toMatchObject([{ users: [ALICE] }]);
  });

  it("takeback - refused - a forged press: a stranger, one's own request, no request, nothing to take back", async () => {
    const id = await unrated();
    await expect(press(ALICE, id, { kind: "takeback" })).rejects.toMatchObject({ code: "takeback/no-move" });
    await playOn(id, 1);
    await expect(press(CAROL, id, { kind: "takeback" })).rejects.toMatchObject({ code: "game/not-yours" });
    await expect(press(CAROL, id, { kind: "takeback-accept" })).rejects.toMatchObject({ code: "game/not-yours" });
    await expect(press(BOB, id, { kind: "takeback-accept" })).rejects.toMatchObject({ code: "takeback/none" });
    await expect(press(BOB, id, { kind: "takeback-decline" })).rejects.toMatchObject({ code: "takeback/none" });
    await press(ALICE, id, { kind: "takeback" });
    await expect(press(ALICE, id, { kind: "takeback" })).rejects.toMatchObject({ code: "takeback/already-asked" });
    await expect(press(ALICE, id, { kind: "takeback-accept" })).rejects.toMatchObject({
      code: "takeback/own-request",
    });
    await expect(press(ALICE, id, { kind: "takeback-decline" })).rejects.toMatchObject({
      code: "takeback/own-request",
    });
    // A press for another server's game gets the one refusal of a game that is not there.
    await expect(
      handleButton(w.ctx(BOB, { guildId: "other" }), {
        type: "game",
        gameId: "nope",
        ply: 0,
        action: { kind: "takeback-accept" },
      }),
    ).rejects.toMatchObject({ code: "game/not-found" });
    expect(game(id).row).toMatchObject({ ply: 1, takebackBy: 0 });
  });

  it("takeback - exactly one wins - a move and an accept racing on the same board, an old board after it", async () => {
    const id = await unrated();
    await playOn(id, 1);
    await press(ALICE, id, { kind: "takeback" });
    const board = game(id).row.ply;
    // Bob accepts on the notice and presses a house on the board he had: the accept came first.
    await press(BOB, id, { kind: "takeback-accept" }, board);
    const raced = await press(BOB, id, { kind: "move", house: 1 }, board);
    expect(raced.reply.content).toContain("out of date");
    expect(moves(id)).toEqual([]);
    expect(game(id).row).toMatchObject({ ply: 2, southTakebacks: 1 });
  });

  it("takeback - an old board stays out of date when the move count comes back - ply as the version", async () => {
    const id = await unrated();
    await playOn(id, 1);
    const beforeTakeback = game(id).row.ply; // 1: Bob to move on this board
    await press(ALICE, id, { kind: "takeback" });
    await press(BOB, id, { kind: "takeback-accept" });
    await press(ALICE, id, { kind: "move", house: game(id).state.legalMoves.at(-1)! });
    // One move in the list again, Bob to move: the board drawn before the takeback still refuses.
    expect(moves(id)).toHaveLength(1);
    const old = await press(BOB, id, { kind: "move", house: 1 }, beforeTakeback);
    expect(old.reply.content).toContain("out of date");
    expect(moves(id)).toHaveLength(1);
  });

  it("takeback - one of a move and an accept racing wins - the move first", async () => {
    const id = await unrated();
    await playOn(id, 1);
    await press(ALICE, id, { kind: "takeback" });
    const board = game(id).row.ply;
    await press(BOB, id, { kind: "move", house: game(id).state.legalMoves[0] }, board);
    const raced = await press(BOB, id, { kind: "takeback-accept" }, board);
    expect(raced.reply.content).toContain("out of date");
    expect(moves(id)).toHaveLength(2);
    expect(game(id).row).toMatchObject({ takebackBy: null, southTakebacks: 0 });
  });

  it("takeback - refused again until the gap is played, and says so - a declined request", async () => {
    const id = await unrated();
    await playOn(id, 1);
    await press(ALICE, id, { kind: "takeback" });
    await press(BOB, id, { kind: "takeback-decline" });
    await playOn(id, 2);
    await expect(press(ALICE, id, { kind: "takeback" })).rejects.toMatchObject({
      code: "takeback/too-soon",
      message: expect.stringContaining(`once ${TAKEBACK_GAP - 2} more moves have been played`),
    });
    // The slash command is held to the same rule; Bob's own request is his.
    await expect(async () => COMMANDS.takeback.handle(w.ctx(ALICE), options({ game: id }))).rejects.toMatchObject({
      code: "takeback/too-soon",
    });
    await playOn(id, 1);
    await press(BOB, id, { kind: "takeback" });
    await press(ALICE, id, { kind: "takeback-decline" });
    await playOn(id, TAKEBACK_GAP - 3);
    expect(userToMove(id)).toBe(BOB);
    await press(ALICE, id, { kind: "takeback" });
    expect(game(id).row.takebackBy).toBe(0);
  });

  it("takeback - allowed or refused by the kind of game - rated (server setting), ladder, series, tournament", async () => {
    const rated = await startGame(w, ALICE, BOB);
    await playOn(rated, 1);
    // Off by default in rated games: no button, and a refusal.
    expect(buttonIds(await COMMANDS.board.handle(w.ctx(ALICE), options({ game: rated })))).not.toContain(
      `g:${rated}:1:t`,
    );
    await expect(press(ALICE, rated, { kind: "takeback" })).rejects.toMatchObject({ code: "takeback/rated" });
    // The server allows it: asked and accepted as anywhere.
    await COMMANDS["nickar-admin settings"].handle(
      w.ctx(ALICE, { canManageGuild: true }),
      options({ takebacks: true }),
    );
    expect(buttonIds(await COMMANDS.board.handle(w.ctx(ALICE), options({ game: rated })))).toContain(`g:${rated}:1:t`);
    await press(ALICE, rated, { kind: "takeback" });
    await press(BOB, rated, { kind: "takeback-accept" });
    expect(game(rated).row).toMatchObject({ ply: 2, southTakebacks: 1, rated: true });

    // Never in ladder, series or tournament games, whatever the setting.
    for (const [values, code] of [
      [{ ladderChallengerId: ALICE }, "takeback/ladder"],
      [{ seriesId: "s1", seriesGame: 1 }, "takeback/series"],
      [{ tournamentId: "t1", tournamentRound: 1 }, "takeback/tournament"],
    ] as const) {
      const id = await unrated();
      await playOn(id, 1);
      mark(id, values);
      await expect(press(ALICE, id, { kind: "takeback" })).rejects.toMatchObject({ code });
      await w.app.games.resign(id, ALICE, null);
    }
  });

  it("takeback - refused - a real series game", async () => {
    const res = await COMMANDS["series challenge"].handle(
      w.ctx(ALICE),
      options({ opponent: { id: BOB }, rated: false }),
    );
    const accepted = await handleButton(w.ctx(BOB), { type: "challenge", challengeId: res.bind!.id, action: "accept" });
    const id = accepted.bind!.id;
    await playOn(id, 1);
    const mover = game(id).state.movers[0] === 0 ? game(id).row.southId : game(id).row.northId;
    await expect(press(mover, id, { kind: "takeback" })).rejects.toMatchObject({ code: "takeback/series" });
  });

  it("takeback - Nickar accepts at once, its reply goes too - a game against Nickar", async () => {
    // As /nickar play makes it (the search itself is not needed: Nickar's replies are played here).
    const id = w
      .db()
      .transaction((tx) =>
        insertGame(tx, { ...NICKAR_GAME, guildId: GUILD, channelId: CHANNEL, messageId: "m1" }, w.clock.now(), NICKAR),
      ).id;
    await press(ALICE, id, { kind: "move", house: game(id).state.legalMoves[0] });
    // While Nickar thinks, only Alice's move goes; Nickar's search, answered on the old ply, is refused.
    const thinking = game(id).row.ply;
    const first = await press(ALICE, id, { kind: "takeback" });
    expect(first.reply.content).toMatch(new RegExp(`<@${ALICE}> took back [A-F]\\.`));
    expect(moves(id)).toEqual([]);
    expect(() => w.app.games.play(id, NICKAR, 1, thinking)).toThrow(expect.objectContaining({ code: "game/stale" }));

    // Alice moves, Nickar replies: the command takes back both, and it is Alice's move again.
    await playOn(id, 2 + TAKEBACK_GAP);
    const before = moves(id);
    expect(userToMove(id)).toBe(ALICE);
    const typed = await COMMANDS.takeback.handle(w.ctx(ALICE), options({ game: id }));
    expect(typed.reply.content).toMatch(/^Nickar accepts: [A-F], [a-f] taken back, it is your move again\.$/);
    expect(moves(id)).toEqual(before.slice(0, -2));
    expect(game(id).row).toMatchObject({ takebackBy: null, northTakebacks: 0, level: "easy", rated: false });
    expect(game(id).row.southTakebacks).toBe(2);
    expect(game(id).row.deadlineAt).not.toBeNull();
    expect(userToMove(id)).toBe(ALICE);
    // Nickar never asks, and never has anything to accept.
    await expect(press(ALICE, id, { kind: "takeback-accept" })).rejects.toMatchObject({ code: "takeback/none" });
  });

  it("takeback - the extra move is the last move, the grand slam before it - Caribbean grand slam", async () => {
    const line = caribbeanGrandSlam();
    const id = await unrated({ ruleset: "caribbean" });
    for (const house of line) await press(userToMove(id), id, { kind: "move", house });
    const slammer = userToMove(id); // the grand slam gave its player the extra move
    const other = slammer === ALICE ? BOB : ALICE;
    // The extra move still to play: the grand slam is the last move, and can be asked back.
    await press(slammer, id, { kind: "takeback" });
    await press(other, id, { kind: "takeback-decline" });
    // The extra move played: only it goes, and the slammer plays the extra move again.
    await press(slammer, id, { kind: "move", house: game(id).state.legalMoves[0] });
    const played = moves(id);
    // (The repeat limit would wait some moves: forgotten here, as if they had been played.)
    mark(id, { southTakebackPly: null, northTakebackPly: null });
    await press(slammer, id, { kind: "takeback" });
    await press(other, id, { kind: "takeback-accept" });
    expect(moves(id)).toEqual(played.slice(0, -1));
    expect(userToMove(id)).toBe(slammer);
    expect(game(id).state.movers.at(-1)).toBe(game(id).state.position.toMove);
  });

  it("/nickar takeback - asks, then the opponent's accepts - slash command", async () => {
    const id = await unrated();
    await playOn(id, 1);
    const asked = await COMMANDS.takeback.handle(w.ctx(ALICE), options({}));
    expect(asked.reply).toMatchObject({ ephemeral: true });
    expect(asked.reply.content).toMatch(new RegExp(`^You ask <@${BOB}> to take back [A-F] in game \`${id}\``));
    expect(asked.notices).toMatchObject([{ users: [BOB] }]);
    const accepted = await COMMANDS.takeback.handle(w.ctx(BOB), options({ game: id }));
    expect(accepted.reply.content).toMatch(/^Takeback accepted: [A-F] taken back\.$/);
    expect(moves(id)).toEqual([]);
    expect(accepted.edits?.[0].reply.content).toContain(`<@${ALICE}> took back`);
  });
});

/** A Caribbean line that ends with a grand slam (its player moves again), found by seeded random play. */
function caribbeanGrandSlam(): number[] {
  let seed = 7;
  const random = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
    return seed / 2 ** 31;
  };
  for (let tries = 0; tries < 2000; tries++) {
    let state = newGame("caribbean");
    const line: number[] = [];
    while (!state.outcome.over && line.length < 200) {
      const house = state.legalMoves[Math.floor(random() * state.legalMoves.length)];
      const mover = state.position.toMove;
      const played = play(state, house);
      if (!played.ok) break;
      line.push(house);
      state = played.value.state;
      if (!state.outcome.over && state.position.toMove === mover) return line;
    }
  }
  throw new Error("no grand slam found");
}
