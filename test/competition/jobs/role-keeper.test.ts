// The role keeper's own life: a pass that fails never escapes as an unhandled rejection (it is logged, and
// the next change tries again), and once stopped it starts no pass (the database is about to close).
// Then against a stand-in Discord (test/support/role-discord.ts) on a real database: what it gives, what it
// takes back (only what it gave), what it leaves alone (a role given by hand), what it mends at start-up, a
// refusal stopping the rule, a member who left, and a player forgotten while a pass is under way.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type RoleRuleRow, ratings } from "../../../src/db/schema.ts";
import type { App } from "../../../src/interactions/context.ts";
import { ALICE, BOB, CAROL, CHANNEL, GUILD, setup, type World } from "../../support/helpers.ts";
import { RoleDiscord, standInKeeper } from "../../support/role-discord.ts";

/** A keeper over servers with no rules (`guilds` is all a pass reads). */
function keeper(guilds: () => string[]) {
  const app = { roles: { guilds, list: () => [] } } as unknown as App;
  const { keeper, logged } = standInKeeper(app, new RoleDiscord());
  return { keeper, errors: logged };
}

describe("role keeper", () => {
  it("role keeper - a failing pass is logged, not thrown - the database closed under it", async () => {
    const { keeper: k, errors } = keeper(() => {
      throw new TypeError("The database connection is not open");
    });
    k.poke();
    await k.idle();
    expect(errors).toHaveLength(1);
  });

  it("role keeper - no pass once stopped - a change after the stop", async () => {
    let passes = 0;
    const { keeper: k } = keeper(() => {
      passes++;
      return [];
    });
    k.poke();
    await k.idle();
    expect(passes).toBe(1);
    await k.stop();
    k.poke();
    await k.mend();
    await k.idle();
    expect(passes).toBe(1);
  });
});

const DAVE = "1004";
const ADMIN = "1009";
const ROLE = "700";

let w: World;
let discord: RoleDiscord;
beforeEach(() => {
  w = setup();
  discord = new RoleDiscord();
});
afterEach(() => w.close());

/** A played-in rating (not provisional) in abapa. */
function rated(userId: string, rating: number, guildId = GUILD) {
  const values = {
    guildId,
    ruleset: "abapa" as const,
    season: 1,
    userId,
    rating,
    deviation: 60,
    volatility: 0.06,
    games: 30,
    wins: 15,
    draws: 0,
    losses: 15,
    reachedAt: rating,
  };
  w.db()
    .insert(ratings)
    .values(values)
    .onConflictDoUpdate({ target: [ratings.guildId, ratings.ruleset, ratings.season, ratings.userId], set: values })
    .run();
}

/** The role follows a rating of 1600 or more in abapa. */
function band(roleId = ROLE, guildId = GUILD): RoleRuleRow {
  return w.app.roles.set({
    guildId,
    roleId,
    kind: "rating",
    ruleset: "abapa",
    value: 1600,
    channelId: CHANNEL,
    createdBy: ADMIN,
  });
}

const granted = (roleId = ROLE, guildId = GUILD) => [...w.app.roles.granted(guildId, roleId)].sort();

async function pass(keeper: { poke(): void; idle(): Promise<void> }) {
  keeper.poke();
  await keeper.idle();
}

describe("role keeper against Discord", () => {
  it("role keeper - given to those who qualify and recorded as Nickar's, nobody else asked - a rating band", async () => {
    band();
    rated(ALICE, 1700);
    rated(BOB, 1500);
    for (const id of [ALICE, BOB]) discord.member(GUILD, id);
    const { keeper } = standInKeeper(w.app, discord);
    await pass(keeper);
    expect(discord.calls).toEqual([`PUT ${ALICE} ${ROLE}`]);
    expect(discord.roles(GUILD, ALICE)).toEqual([ROLE]);
    expect(discord.roles(GUILD, BOB)).toEqual([]);
    expect(granted()).toEqual([ALICE]);
  });

  it("role keeper - taken back from whom Nickar gave it once they no longer qualify - a rating fallen below the band", async () => {
    band();
    rated(ALICE, 1700);
    discord.member(GUILD, ALICE);
    const { keeper } = standInKeeper(w.app, discord);
    await pass(keeper);
    expect(discord.roles(GUILD, ALICE)).toEqual([ROLE]);
    rated(ALICE, 1550);
    await pass(keeper);
    expect(discord.calls).toEqual([`PUT ${ALICE} ${ROLE}`, `DELETE ${ALICE} ${ROLE}`]);
    expect(discord.roles(GUILD, ALICE)).toEqual([]);
    expect(granted()).toEqual([]);
    // In step: the next pass asks Discord nothing.
    await pass(keeper);
    expect(discord.calls).toHaveLength(2);
  });

  it("role keeper - a role held by hand is never recorded as Nickar's nor taken away - held at start-up, then out of the band", async () => {
    band();
    rated(CAROL, 1700);
    rated(DAVE, 1400);
    // Given by an admin: Carol qualifies anyway, Dave does not.
    discord.member(GUILD, CAROL, ROLE);
    discord.member(GUILD, DAVE, ROLE);
    const { keeper } = standInKeeper(w.app, discord);
    await keeper.mend();
    expect(discord.calls).toEqual([`GET ${CAROL}`]);
    expect(granted()).toEqual([]);
    rated(CAROL, 1500);
    await pass(keeper);
    await keeper.mend();
    expect(discord.calls).toEqual([`GET ${CAROL}`]);
    expect(discord.roles(GUILD, CAROL)).toEqual([ROLE]);
    expect(discord.roles(GUILD, DAVE)).toEqual([ROLE]);
  });

  it("role keeper - a role taken by hand while Nickar was down is given back at start-up, not on a plain pass - granted, not held", async () => {
    band();
    rated(ALICE, 1700);
    discord.member(GUILD, ALICE);
    w.app.roles.recordGranted(GUILD, ROLE, ALICE);
    const { keeper } = standInKeeper(w.app, discord);
    await pass(keeper);
    expect(discord.calls).toEqual([]);
    await keeper.mend();
    expect(discord.calls).toEqual([`GET ${ALICE}`, `PUT ${ALICE} ${ROLE}`]);
    expect(discord.roles(GUILD, ALICE)).toEqual([ROLE]);
    expect(granted()).toEqual([ALICE]);
  });

  it("role keeper - a refusal stops the rule, reported once where it was set - Discord answers Missing Permissions", async () => {
    band();
    rated(ALICE, 1700);
    rated(BOB, 1800);
    for (const id of [ALICE, BOB]) discord.member(GUILD, id);
    discord.refuse = { code: 50013 };
    const { keeper, posted, sent, decided } = standInKeeper(w.app, discord);
    await pass(keeper);
    // The first refusal stops the rule: the second player is not asked for.
    expect(discord.calls).toHaveLength(1);
    expect(w.app.roles.list(GUILD)[0].failure).toBe("above-nickar");
    // The report is decided with the stop (in the outbox, the sender told), sent by the outbox.
    expect(decided()).toBe(1);
    expect(posted).toHaveLength(0);
    await sent();
    expect(posted).toHaveLength(1);
    expect(posted[0].channelId).toBe(CHANNEL);
    expect(posted[0].content).toContain("could not keep");
    await pass(keeper);
    await keeper.mend();
    await sent();
    expect(discord.calls).toHaveLength(1);
    expect(posted).toHaveLength(1);
    expect(granted()).toEqual([]);
    // Set again, it starts afresh.
    discord.refuse = null;
    band();
    await pass(keeper);
    expect(granted()).toEqual([ALICE, BOB].sort());
  });

  it("role keeper - checked before asking: no request, the rule stopped and reported - no Manage Roles", async () => {
    band();
    rated(ALICE, 1700);
    discord.member(GUILD, ALICE);
    const { keeper, posted, sent } = standInKeeper({ ...w.app, roleProblem: () => "no-manage-roles" }, discord);
    await pass(keeper);
    await sent();
    expect(discord.calls).toEqual([]);
    expect(w.app.roles.list(GUILD)[0].failure).toBe("no-manage-roles");
    expect(posted.map((p) => p.content)).toEqual([expect.stringContaining("Manage Roles")]);
  });

  it("role keeper - a member who left: their grant forgotten, not asked again on a plain pass - Unknown Member", async () => {
    band();
    rated(ALICE, 1700);
    rated(BOB, 1700);
    // Alice had the role from Nickar and left; Bob qualifies but is no member.
    w.app.roles.recordGranted(GUILD, ROLE, ALICE);
    const { keeper } = standInKeeper(w.app, discord);
    rated(ALICE, 1500);
    await pass(keeper);
    expect(discord.calls).toEqual([`PUT ${BOB} ${ROLE}`, `DELETE ${ALICE} ${ROLE}`]);
    expect(granted()).toEqual([]);
    await pass(keeper);
    expect(discord.calls).toHaveLength(2);
    // Bob joins: a change that works (here the start-up pass, which asks everyone) gives it to him.
    discord.member(GUILD, BOB);
    await keeper.mend();
    expect(discord.roles(GUILD, BOB)).toEqual([ROLE]);
    expect(granted()).toEqual([BOB]);
  });

  it("role keeper - forgetting takes back what Nickar gave, in every server, before the forget; a role given by hand stays - two servers", async () => {
    const OTHER = "101";
    band(ROLE, GUILD);
    band("800", OTHER);
    rated(ALICE, 1700, GUILD);
    rated(ALICE, 1700, OTHER);
    discord.member(GUILD, ALICE, "900");
    discord.member(OTHER, ALICE);
    const { keeper } = standInKeeper(w.app, discord);
    await pass(keeper);
    expect(discord.roles(GUILD, ALICE)).toEqual([ROLE, "900"]);
    expect(discord.roles(OTHER, ALICE)).toEqual(["800"]);
    const seen = await keeper.forgetting(ALICE, () => ({
      roles: [...discord.roles(GUILD, ALICE), ...discord.roles(OTHER, ALICE)],
      grants: w.app.roles.grantsOf(ALICE),
    }));
    // When the forget ran, the roles were already taken back and their record gone.
    expect(seen).toEqual({ roles: ["900"], grants: [] });
    expect(discord.calls.slice(-2).sort()).toEqual([`DELETE ${ALICE} ${ROLE}`, `DELETE ${ALICE} 800`]);
  });

  it("role keeper - a pass under way gives no role to a player being forgotten, and the hold ends after it - forgotten during another's change", async () => {
    band();
    rated(ALICE, 1700);
    rated(BOB, 1700);
    for (const id of [ALICE, BOB]) discord.member(GUILD, id);
    const { keeper } = standInKeeper(w.app, discord);
    let forgetting: Promise<unknown> | null = null;
    discord.during = (call) => {
      // While Alice's role is being given, Bob forgets himself (the pass has already read him as qualifying).
      if (call === `PUT ${ALICE} ${ROLE}` && !forgetting) {
        forgetting = keeper.forgetting(BOB, () => w.app.forget.forget(BOB));
      }
    };
    await pass(keeper);
    await forgetting;
    expect(discord.calls.filter((c) => c.includes(BOB))).toEqual([]);
    expect(discord.roles(GUILD, BOB)).toEqual([]);
    expect(granted()).toEqual([ALICE]);
    // Bob comes back and qualifies again: the hold is over, he is given the role. (The forget rebuilt the
    // standings from the games, which these made-up ratings are not: Alice's is made up again.)
    rated(ALICE, 1700);
    rated(BOB, 1700);
    await pass(keeper);
    expect(discord.roles(GUILD, BOB)).toEqual([ROLE]);
    expect(granted()).toEqual([ALICE, BOB].sort());
  });

  it("role keeper - a change under way for the player being forgotten is recorded, then taken back - forgotten while given", async () => {
    band();
    rated(BOB, 1700);
    discord.member(GUILD, BOB);
    const { keeper } = standInKeeper(w.app, discord);
    let forgetting: Promise<unknown> | null = null;
    discord.during = (call) => {
      if (call === `PUT ${BOB} ${ROLE}` && !forgetting) {
        forgetting = keeper.forgetting(BOB, () => w.app.forget.forget(BOB));
      }
    };
    await pass(keeper);
    await forgetting;
    expect(discord.calls).toEqual([`PUT ${BOB} ${ROLE}`, `DELETE ${BOB} ${ROLE}`]);
    expect(discord.roles(GUILD, BOB)).toEqual([]);
    expect(granted()).toEqual([]);
  });
});
