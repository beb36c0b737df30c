// /nickar forget-me: after the confirmation a player's data is gone from every table, their games
// stay anonymised for their opponents, their ratings are removed and the standings rebuilt.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/commands/index.ts";
import { rebuildRatings } from "../../src/competition/rating-cache.ts";
import { challenges, games, ratingChanges, series } from "../../src/db/schema.ts";
import { UserError } from "../../src/errors.ts";
import { handleButton } from "../../src/interactions/buttons/index.ts";
import { parseCustomId } from "../../src/interactions/custom-id.ts";
import { gameProblems } from "../e2e/consistency.ts";
import { columnsNaming } from "../support/catalogue.ts";
import { ALICE, BOB, CAROL, CHANNEL, GUILD, options, setup, type World } from "../support/helpers.ts";
import { buttonIds, finish, playGame, startGame } from "../support/play.ts";

let w: World;
beforeEach(() => {
  w = setup();
});
afterEach(() => w.close());

const DAVE = "1004";

/** Every column, in every table of the database, that still names `userId`. */
function mentionsOf(userId: string): string[] {
  return columnsNaming(w.db(), userId);
}

function standing(userId: string) {
  return w.app.ratings.stats(GUILD, "abapa", userId).standing;
}

/** Alice's world: finished rated games, unrated games in progress, a series, challenges both ways, a ladder. */
async function aliceEverywhere() {
  const admin = w.ctx(DAVE, { canManageGuild: true });
  await COMMANDS["nickar-admin settings"].handle(admin, options({ ladder: true, max_games: 10 }));
  for (const userId of [BOB, ALICE, CAROL]) await COMMANDS["ladder join"].handle(w.ctx(userId), options({}));
  await playGame(w, ALICE, BOB, "south");
  await playGame(w, BOB, ALICE, "draw");
  await playGame(w, ALICE, CAROL, "north");
  await playGame(w, BOB, CAROL, "south");
  // A note naming her: an admin's void reason.
  const voided = await playGame(w, BOB, CAROL, "north");
  await COMMANDS["nickar-admin void"].handle(
    admin,
    options({ game: voided, reason: `replayed after <@${ALICE}> reported it` }),
  );
  // In progress (unrated, so that resigning them does not move anyone's rating).
  const active = await startGame(w, ALICE, CAROL, { rated: false });
  w.app.games.bindMessage(active, CHANNEL, "5550001");
  const res = await COMMANDS["series challenge"].handle(w.ctx(BOB), options({ opponent: { id: ALICE }, rated: false }));
  await handleButton(w.ctx(ALICE), { type: "challenge", challengeId: res.bind!.id, action: "accept" });
  await COMMANDS.challenge.handle(w.ctx(ALICE), options({ opponent: { id: DAVE } }));
  await COMMANDS.challenge.handle(w.ctx(CAROL), options({ opponent: { id: ALICE } }));
  return { active };
}

/** Alice's /nickar forget-me and the custom ids of its two buttons. */
async function ask(userId = ALICE) {
  const res = await COMMANDS["forget-me"].handle(w.ctx(userId), options({}));
  const [yes, no] = buttonIds(res).map((id) => parseCustomId(id)!);
  return { res, yes, no };
}

describe("/nickar forget-me", () => {
  it("forget-me - asks first, telling what goes and what stays - counts", async () => {
    await aliceEverywhere();
    const { res, yes, no } = await ask();
    expect(res.reply.ephemeral).toBe(true);
    const text = res.reply.content;
    expect(text).toContain("2 games resigned");
    expect(text).toContain("1 series resigned");
    expect(text).toContain("2 pending challenges withdrawn");
    expect(text).toContain("You leave 1 ladder");
    expect(text).toContain("in 1 standings are deleted");
    expect(text).toContain("Your 3 finished games stay");
    expect(yes).toEqual({ type: "forget", userId: ALICE, confirm: true });
    expect(no).toEqual({ type: "forget", userId: ALICE, confirm: false });
    // Nothing happened yet.
    expect(mentionsOf(ALICE).length).toBeGreaterThan(0);
  });

  it("forget-me - Keep my data and someone else's press change nothing - refusals", async () => {
    await aliceEverywhere();
    const before = mentionsOf(ALICE);
    const { yes, no } = await ask();
    await expect(handleButton(w.ctx(BOB), yes)).rejects.toThrow(UserError);
    const kept = await handleButton(w.ctx(ALICE), no);
    expect(kept.reply.content).toBe("Nothing was deleted.");
    expect(mentionsOf(ALICE)).toEqual(before);
  });

  it("forget-me - no trace of the player, games anonymised, opponents' ratings unchanged, standings rebuilt - confirmed", async () => {
    const { active } = await aliceEverywhere();
    const bobBefore = standing(BOB)!;
    const carolBefore = standing(CAROL)!;
    const gamesBefore = w.db().select().from(games).all().length;
    const { yes } = await ask();
    const done = await handleButton(w.ctx(ALICE), yes);
    expect(done.mode).toBe("update");
    expect(done.reply.content).toContain("Done: Nickar has forgotten you.");

    expect(mentionsOf(ALICE)).toEqual([]);
    const rows = w.db().select().from(games).all();
    expect(rows).toHaveLength(gamesBefore);
    for (const row of rows) expect(gameProblems(row)).toEqual([]);
    // Her games now have the placeholder "1" where she sat, and the ones in progress were resigned.
    const hers = rows.filter((r) => r.southId === "1" || r.northId === "1");
    expect(hers).toHaveLength(5);
    const resigned = rows.find((r) => r.id === active)!;
    expect(resigned).toMatchObject({ status: "finished", reason: "resign", southId: "1", northId: CAROL, winner: 1 });
    expect(w.db().select().from(series).get()).toMatchObject({ status: "resigned", playerB: "1", winnerId: BOB });
    expect(
      w
        .db()
        .select()
        .from(challenges)
        .all()
        .filter((c) => c.status === "pending"),
    ).toEqual([]);
    // The ladder closes up: Bob first, Carol second.
    expect(w.app.ladders.show({ guildId: GUILD, ruleset: "abapa" }).rungs.map((r) => [r.userId, r.rung])).toEqual([
      [BOB, 1],
      [CAROL, 2],
    ]);
    // No rating for her nor for the placeholder; the others' are as they were, and equal a rebuild.
    expect(standing(ALICE)).toBeNull();
    expect(standing("1")).toBeNull();
    expect(standing(BOB)).toEqual(bobBefore);
    expect(standing(CAROL)).toEqual(carolBefore);
    const entries = w.app.ratings.leaderboard(GUILD, "abapa").entries;
    expect(entries.map((e) => e.userId).sort()).toEqual([BOB, CAROL].sort());
    w.db().transaction((tx) => rebuildRatings(tx, { guildId: GUILD, ruleset: "abapa", season: 1 }, new Set()));
    expect(standing(BOB)).toEqual(bobBefore);
    expect(standing("1")).toBeNull();
    // Her opponents' history shows the placeholder as the opponent.
    expect(
      w
        .db()
        .select()
        .from(ratingChanges)
        .all()
        .filter((c) => c.opponentId === "1"),
    ).toHaveLength(3);
    // The resigned games' messages get their final board, which names the placeholder.
    expect(done.edits?.map((e) => e.ref.messageId)).toEqual(["5550001"]);
    expect(done.edits![0].reply.content).toContain("<@1>");
  });

  it("forget-me - a player who comes back starts afresh and gets a new placeholder - twice", async () => {
    await playGame(w, ALICE, BOB, "south");
    await handleButton(w.ctx(ALICE), (await ask()).yes);
    expect(standing(ALICE)).toBeNull();
    const id = await startGame(w, ALICE, BOB);
    await finish(w, id, "north");
    expect(standing(ALICE)).toMatchObject({ games: 1, losses: 1 });
    const again = await handleButton(w.ctx(ALICE), (await ask()).yes);
    expect(again.reply.content).toContain("1 finished game now show");
    const seats = w
      .db()
      .select()
      .from(games)
      .all()
      .map((r) => r.southId);
    expect(seats.sort()).toEqual(["1", "2"]);
    expect(mentionsOf(ALICE)).toEqual([]);
  });
});
