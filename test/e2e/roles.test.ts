// Roles that follow the standings, through the local Discord (which enforces Manage Roles and the role order
// as Discord does) and the real bot: a role given to the winner of the latest first-to-1 series, moved to
// the next winner; a missing permission refused and reported once; a restart that finds the role out of
// step and mends it.
import { pino } from "pino";
import { describe, expect, it } from "vitest";
import { ratings } from "../../src/db/schema.ts";
import { startBot } from "../../src/discord/bot.ts";
import { type Driver, gameRef, startGame, startStack, waitFor } from "./harness.ts";

async function roles(driver: Driver, user: string): Promise<string[]> {
  const { body } = await driver.call(`/local/users/${user}/roles`);
  return (body as { name: string }[]).map((r) => r.name);
}

/** `winner` challenges `loser` to a first-to-1 series, which `loser` accepts and resigns. */
async function seriesWon(driver: Driver, winner: string, loser: string): Promise<void> {
  const challenge = await driver.command(
    winner,
    `/nickar series challenge opponent:@${loser} first_to:1 ruleset:abapa`,
  );
  expect(challenge.status, JSON.stringify(challenge.body)).toBe(200);
  const accepted = await driver.click(loser, challenge.body.messages[0].id, "Accept");
  expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
  const game = gameRef(accepted.body.messages[0])!;
  expect((await driver.command(loser, `/nickar resign game:${game.gameId}`)).status).toBe(200);
}

describe("roles that follow the standings", () => {
  it("roles - given to the series winner, moved, a refusal reported once, mended after a restart - first-to-1 series", async () => {
    const stack = await startStack();
    let bot = stack.playground.bot;
    try {
      const { driver } = stack;
      await driver.users("admin", "ana", "bob");
      expect((await driver.call("/local/roles", { name: "Champion" })).status).toBe(201);
      // Without Manage Roles, setting the rule is refused in plain words.
      const refused = await driver.command(
        "admin",
        "/nickar-admin roles set role:Champion follows:series-champion value:1",
      );
      expect(JSON.stringify(refused.body)).toContain("Manage Roles");
      await driver.call("/local/roles/bot", { permissions: ["ManageRoles"], position: 5 });
      // A role above Nickar's is refused too.
      await driver.call("/local/roles", { name: "Elders", position: 9 });
      const above = await driver.command(
        "admin",
        "/nickar-admin roles set role:Elders follows:series-champion value:1",
      );
      expect(JSON.stringify(above.body)).toContain("not below Nickar");

      const set = await driver.command(
        "admin",
        "/nickar-admin roles set role:Champion follows:series-champion value:1",
      );
      expect(JSON.stringify(set.body)).toContain("now follows");
      await seriesWon(driver, "ana", "bob");
      await waitFor(async () => (await roles(driver, "ana")).includes("Champion") || undefined, "ana given Champion");
      await seriesWon(driver, "bob", "ana");
      await waitFor(
        async () =>
          ((await roles(driver, "bob")).includes("Champion") && !(await roles(driver, "ana")).includes("Champion")) ||
          undefined,
        "Champion moved from ana to bob",
      );

      // Manage Roles taken away: the next change is refused before asking, and reported once where the rule was set.
      await driver.call("/local/roles/bot", { permissions: [] });
      await seriesWon(driver, "ana", "bob");
      const report = await waitFor(async () => {
        const found = (await driver.messages()).filter((m) => m.content.includes("could not keep"));
        return found.length ? found : undefined;
      }, "the refusal reported");
      expect(report).toHaveLength(1);
      expect(report[0].content).toContain("Manage Roles");
      await seriesWon(driver, "bob", "ana");
      await seriesWon(driver, "ana", "bob");
      expect((await driver.messages()).filter((m) => m.content.includes("could not keep"))).toHaveLength(1);
      expect(await roles(driver, "bob")).toContain("Champion");

      // Fixed and set again: the role follows ana, the latest winner, again.
      await driver.call("/local/roles/bot", { permissions: ["ManageRoles"] });
      await driver.command("admin", "/nickar-admin roles set role:Champion follows:series-champion value:1");
      await waitFor(
        async () => (await roles(driver, "ana")).includes("Champion") || undefined,
        "ana given Champion again",
      );

      // The bot stops; someone takes the role from ana by hand; the restarted bot gives it back.
      await bot.stop();
      await fetch(`${driver.url}/local/users/ana/roles/Champion`, { method: "DELETE" });
      expect(await roles(driver, "ana")).not.toContain("Champion");
      const { local } = stack.playground;
      bot = await startBot({
        token: local.token,
        apiUrl: local.localDiscord.apiUrl,
        db: stack.database.db,
        logger: pino({ level: "silent" }),
        computer: { moveMs: 20, hintMs: 20, analysisMs: 20 },
      });
      await waitFor(
        async () => (await roles(driver, "ana")).includes("Champion") || undefined,
        "the role mended at start-up",
      );
    } finally {
      if (bot !== stack.playground.bot) await bot.stop();
      await stack.stop();
    }
  }, 120_000);

  it("roles - a rating band and the leaderboard's top follow a rated game - ratings cross 1600, the leader changes", async () => {
    const stack = await startStack();
    try {
      const { driver, database } = stack;
      const [ana, bob] = await driver.users("admin", "ana", "bob").then((ids) => ids.slice(1));
      await driver.call("/local/roles/bot", { permissions: ["ManageRoles"], position: 5 });
      await driver.call("/local/roles", { name: "Expert" });
      await driver.call("/local/roles", { name: "Leader" });
      // Two established players either side of 1600 (a played-in rating: not provisional).
      const guildId = (await driver.info()).guild.id;
      for (const [userId, rating] of [
        [ana, 1592],
        [bob, 1608],
      ] as const) {
        database.db
          .insert(ratings)
          .values({
            guildId,
            ruleset: "abapa",
            season: 1,
            userId,
            rating,
            deviation: 60,
            volatility: 0.06,
            games: 30,
            wins: 15,
            draws: 0,
            losses: 15,
            reachedAt: 1,
          })
          .run();
      }
      await driver.command("admin", "/nickar-admin roles set role:Expert follows:rating ruleset:abapa value:1600");
      await driver.command("admin", "/nickar-admin roles set role:Leader follows:top ruleset:abapa value:1");
      await waitFor(async () => {
        const b = await roles(driver, "bob");
        return (b.includes("Expert") && b.includes("Leader")) || undefined;
      }, "bob, above 1600 and first, given both");
      expect(await roles(driver, "ana")).toEqual([]);
      // Ana beats Bob in a rated game: she crosses 1600 and leads, he falls below.
      const game = await startGame(driver, "ana", "bob", "abapa");
      expect((await driver.command("bob", `/nickar resign game:${game.gameId}`)).status).toBe(200);
      await waitFor(async () => {
        const [a, b] = [await roles(driver, "ana"), await roles(driver, "bob")];
        return (a.includes("Expert") && a.includes("Leader") && b.length === 0) || undefined;
      }, "both roles moved to ana");
    } finally {
      await stack.stop();
    }
  }, 120_000);
});
