/**
 * How ladder challenges are settled: who counts as active, the inactivity check on every settlement,
 * and the rungs judged as they are at acceptance and at the end (not as they were at the challenge).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type LadderKey, readRungs } from "../../src/competition/ladder-store.ts";
import type { ChallengeRow } from "../../src/db/schema.ts";
import { DAY, GUILD, HOUR, setup, type World } from "../support/helpers.ts";

let w: World;
beforeEach(() => {
  w = setup();
});
afterEach(() => w.close());

const KEY: LadderKey = { guildId: GUILD, ruleset: "abapa" };
/** Six players; they join in this order, so P[0] is on rung 1. */
const P = ["5001", "5002", "5003", "5004", "5005", "5006"];

function ladderOn(inactiveDays = 14, players = P): void {
  w.app.settings.update(GUILD, { ladderEnabled: true, ladderInactiveDays: inactiveDays });
  for (const p of players) w.app.ladders.join(KEY, p);
}

/** The rungs as stored, without the inactivity check that showing the ladder runs. */
function stored() {
  return w.db().transaction((tx) => readRungs(tx, KEY));
}
const storedOrder = () => stored().map((r) => r.userId);
const lastActive = (userId: string) => stored().find((r) => r.userId === userId)?.lastActiveAt;
/** The rungs as shown (idle players dropped first). */
const shown = () => w.app.ladders.show(KEY).rungs.map((r) => r.userId);

function challenge(from: string, to: string): ChallengeRow {
  return w.app.challenges.create({
    guildId: GUILD,
    channelId: "200",
    challengerId: from,
    opponent: { id: to, bot: false },
    kind: "ladder",
    ruleset: "abapa",
  });
}

/** `from` challenges `to` on the ladder and `to` accepts; returns the game id. */
function ladderGame(from: string, to: string): string {
  return w.app.challenges.accept(challenge(from, to).id, to).game.row.id;
}

/** `winner` wins the game: the other player resigns. */
function win(gameId: string, winner: string): void {
  const { row } = w.app.games.get(gameId)!;
  w.app.games.resign(gameId, row.southId === winner ? row.northId : row.southId, null);
}

describe("ladder activity", () => {
  it("ladder expiry - the silent target is not made active and drops later - unanswered for 48 hours", () => {
    ladderOn(3, P.slice(0, 4));
    const start = w.clock.now();
    w.clock.advance(2 * DAY);
    w.app.ladders.join(KEY, P[3]); // P[3] is active (rejoining counts)
    const c = challenge(P[2], P[1]);
    // Pending: the challenged player is busy, so never idle however long it lasts.
    w.clock.advance(47 * HOUR);
    expect(shown()).toEqual([P[1], P[2], P[3]]);
    w.clock.advance(HOUR);
    w.app.challenges.expire();
    expect(w.app.challenges.get(c.id)!.status).toBe("expired");
    // The forfeit moves the challenger up; the challenger's challenge counted as activity until now,
    // the target's silence did not.
    expect(storedOrder()).toEqual([P[2], P[1], P[3]]);
    expect(lastActive(P[2])).toBe(w.clock.now());
    expect(lastActive(P[1])).toBe(start);
    // P[1] has done nothing for four days: the next look drops them.
    expect(shown()).toEqual([P[2], P[3]]);
  });

  it("ladder decline - answering counts as activity - the target declines", () => {
    ladderOn(3, P.slice(0, 3));
    w.clock.advance(2 * DAY);
    const c = challenge(P[2], P[1]);
    w.clock.advance(HOUR);
    w.app.challenges.decline(c.id, P[1]);
    expect(lastActive(P[1])).toBe(w.clock.now());
    w.clock.advance(2 * DAY);
    expect(shown()).toEqual([P[2], P[1]]);
  });
});

describe("ladder inactivity on settlement", () => {
  it("ladder game end - idle players drop in the same transaction - a game lasting four days", () => {
    ladderOn(3);
    const id = ladderGame(P[4], P[1]);
    w.clock.advance(4 * DAY);
    expect(storedOrder()).toEqual(P);
    win(id, P[4]);
    // No one looked at the ladder: the game's end dropped the idle ones; the two players stayed.
    expect(storedOrder()).toEqual([P[4], P[1]]);
    expect(lastActive(P[1])).toBe(w.clock.now());
  });

  it("ladder expiry - idle players drop in the same transaction - forfeit after 48 hours", () => {
    ladderOn(1, P.slice(0, 4));
    const c = challenge(P[3], P[2]);
    w.clock.advance(48 * HOUR);
    w.app.challenges.expire();
    // P[0] and P[1] idle for two days drop; the target is spared this once (dropped at the next look).
    expect(storedOrder()).toEqual([P[3], P[2]]);
    expect(shown()).toEqual([P[3]]);
    expect(w.app.challenges.get(c.id)!.status).toBe("expired");
  });
});

describe("ladder reach after the challenge", () => {
  /** P[4] (rung 5) challenges P[2] (rung 3); then P[2] beats P[0] and is on rung 1, four above. */
  function targetClimbs(): ChallengeRow {
    ladderOn();
    const c = challenge(P[4], P[2]);
    win(ladderGame(P[2], P[0]), P[2]);
    expect(shown()).toEqual([P[2], P[0], P[1], P[3], P[4], P[5]]);
    return c;
  }

  it("ladder accept - refused with the reason - the target climbed out of reach", () => {
    const c = targetClimbs();
    expect(() => w.app.challenges.accept(c.id, P[2])).toThrow(
      expect.objectContaining({
        code: "ladder/changed-out-of-reach",
        message: expect.stringContaining(
          `you are now on rung 1, more than 3 rungs above @${P[4]} (rung 5). It can no longer be played`,
        ),
      }),
    );
    expect(w.app.challenges.get(c.id)!.status).toBe("pending");
    expect(w.app.games.activeFor(GUILD, P[4])).toEqual([]);
  });

  it("ladder forfeit - nothing moves - declining or ignoring an out-of-reach challenge", () => {
    const c = targetClimbs();
    w.app.challenges.decline(c.id, P[2]);
    expect(shown()).toEqual([P[2], P[0], P[1], P[3], P[4], P[5]]);

    // P[5] (rung 6) challenges P[3] (rung 4); P[3] then takes rung 2, out of P[5]'s reach, and lets it expire.
    const late = challenge(P[5], P[3]);
    win(ladderGame(P[3], P[0]), P[3]);
    expect(shown()).toEqual([P[2], P[3], P[0], P[1], P[4], P[5]]);
    w.clock.advance(48 * HOUR);
    w.app.challenges.expire();
    expect(w.app.challenges.get(late.id)!.status).toBe("expired");
    expect(shown()).toEqual([P[2], P[3], P[0], P[1], P[4], P[5]]);
  });

  it("ladder forfeit - the challenger takes the target's current rung - still within reach", () => {
    ladderOn();
    const c = challenge(P[5], P[3]);
    win(ladderGame(P[4], P[2]), P[4]); // P[3] moves down to rung 5, just above P[5]
    expect(shown()).toEqual([P[0], P[1], P[4], P[2], P[3], P[5]]);
    w.app.challenges.decline(c.id, P[3]);
    expect(shown()).toEqual([P[0], P[1], P[4], P[2], P[5], P[3]]);
  });

  it("ladder accept - allowed - the target moved but is still within reach", () => {
    ladderOn();
    const c = challenge(P[4], P[2]);
    win(ladderGame(P[3], P[1]), P[3]); // P[2] moves down: rung 4, one above P[4]
    expect(shown()).toEqual([P[0], P[3], P[1], P[2], P[4], P[5]]);
    const { game } = w.app.challenges.accept(c.id, P[2]);
    win(game.row.id, P[4]);
    expect(shown()).toEqual([P[0], P[3], P[1], P[4], P[2], P[5]]);
  });

  it("ladder game end - judged on the rungs at the end - the challenger is already above the target", () => {
    ladderOn();
    const first = ladderGame(P[4], P[3]);
    // While that game runs, P[4] beats P[1] and is now on rung 2, above P[3] on rung 5.
    win(ladderGame(P[4], P[1]), P[4]);
    expect(shown()).toEqual([P[0], P[4], P[1], P[2], P[3], P[5]]);
    win(first, P[4]);
    expect(shown()).toEqual([P[0], P[4], P[1], P[2], P[3], P[5]]);
  });
});
