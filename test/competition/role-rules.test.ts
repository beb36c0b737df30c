// The roles that follow the standings, below Discord: who qualifies for each kind of rule, read from the
// ratings, the ladder and the series on a real database; rules checked when set; a refusal news only once.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { NewRoleRule } from "../../src/competition/role-rules.ts";
import { forgottenPlayers, ladderRungs, ratings, series } from "../../src/db/schema.ts";
import { CHANNEL, GUILD, refusal, setup, type World } from "../support/helpers.ts";

let w: World;
beforeEach(() => {
  w = setup();
});
afterEach(() => w.close());

function rule(extra: Partial<NewRoleRule>) {
  return w.app.roles.set({
    guildId: GUILD,
    roleId: "700",
    kind: "rating",
    ruleset: "abapa",
    value: 1600,
    channelId: CHANNEL,
    createdBy: "1",
    ...extra,
  });
}

function rated(userId: string, rating: number, deviation = 80) {
  w.db()
    .insert(ratings)
    .values({
      guildId: GUILD,
      ruleset: "abapa",
      season: 1,
      userId,
      rating,
      deviation,
      volatility: 0.06,
      games: 20,
      wins: 10,
      draws: 0,
      losses: 10,
      reachedAt: rating,
    })
    .run();
}

describe("role rules", () => {
  it("role rules - who qualifies - a rating band and the top of a leaderboard, provisional players left out", () => {
    rated("a", 1700);
    rated("b", 1650);
    rated("c", 1550);
    rated("d", 1900, 300); // provisional: not yet in the standings
    expect([...w.app.roles.wanted(rule({ kind: "rating", value: 1600 }))].sort()).toEqual(["a", "b"]);
    expect([...w.app.roles.wanted(rule({ kind: "top", value: 1 }))]).toEqual(["a"]);
    expect([...w.app.roles.wanted(rule({ kind: "top", value: 3 }))].sort()).toEqual(["a", "b", "c"]);
  });

  it("role rules - who qualifies - the ladder's top rung, the latest series winner of that length", () => {
    w.db()
      .insert(ladderRungs)
      .values([
        { guildId: GUILD, ruleset: "wari", userId: "x", rung: 1, joinedAt: 0, lastActiveAt: 0 },
        { guildId: GUILD, ruleset: "wari", userId: "y", rung: 2, joinedAt: 0, lastActiveAt: 0 },
      ])
      .run();
    expect([...w.app.roles.wanted(rule({ kind: "ladder-top", ruleset: "wari", value: null }))]).toEqual(["x"]);
    const s = (id: string, winnerId: string, firstTo: number, finishedAt: number) => ({
      id,
      guildId: GUILD,
      channelId: CHANNEL,
      ruleset: "abapa" as const,
      playerA: "p",
      playerB: "q",
      firstTo,
      rated: true,
      timeLimit: 60,
      status: "finished" as const,
      winnerId,
      createdAt: 0,
      finishedAt,
    });
    w.db()
      .insert(series)
      .values([s("s1", "p", 6, 10), s("s2", "q", 6, 20), s("s3", "p", 3, 30)])
      .run();
    const champion = rule({ kind: "series-champion", ruleset: null, value: null });
    expect(champion.value).toBe(6);
    expect([...w.app.roles.wanted(champion)]).toEqual(["q"]);
    expect([...w.app.roles.wanted(rule({ kind: "series-champion", ruleset: null, value: 3 }))]).toEqual(["p"]);
    // The latest champion forgot themselves: their placeholder is nobody to give the role to.
    w.db().insert(forgottenPlayers).values({ placeholder: "q", forgottenAt: 40 }).run();
    expect([...w.app.roles.wanted(champion)]).toEqual([]);
  });

  it("role rules - refused when incomplete - no ruleset, no rating, a top too large, no such rule", () => {
    expect(refusal(() => rule({ ruleset: null }))).toBe("roles/ruleset-needed");
    expect(refusal(() => rule({ kind: "rating", value: null }))).toBe("roles/rating-needed");
    expect(refusal(() => rule({ kind: "top", value: 500 }))).toBe("roles/top-needed");
    expect(refusal(() => w.app.roles.remove(GUILD, "999"))).toBe("roles/no-rule");
  });

  it("role rules - a refusal is news once, until the rule is set again - failure recorded", () => {
    rule({});
    expect(w.app.roles.recordFailure(GUILD, "700", "no-manage-roles")).toBe(true);
    expect(w.app.roles.recordFailure(GUILD, "700", "no-manage-roles")).toBe(false);
    expect(w.app.roles.list(GUILD)[0].failure).toBe("no-manage-roles");
    rule({});
    expect(w.app.roles.list(GUILD)[0].failure).toBeNull();
    // Grants are what Nickar gave: removing the rule forgets them.
    w.app.roles.recordGranted(GUILD, "700", "a");
    expect([...w.app.roles.granted(GUILD, "700")]).toEqual(["a"]);
    w.app.roles.remove(GUILD, "700");
    expect([...w.app.roles.granted(GUILD, "700")]).toEqual([]);
  });
});
