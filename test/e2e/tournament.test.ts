// A Swiss tournament through the local Discord and the real bot: created by command, joined by the
// announcement's button, started by its organiser, round 1's pairings and boards posted in the channel,
// the announcement edited as it goes (the router binds it to the tournament).
import type { APIMessage } from "discord-api-types/v10";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tournaments } from "../../src/db/schema.ts";
import { gameRef, LONG, sharedStack, waitFor } from "./harness.ts";

const stack = sharedStack();

describe("tournament through Discord", () => {
  it(
    "tournament - created, joined by button, started by its organiser, round 1 posted - 3 players",
    async () => {
      const { driver, database } = stack();
      const [, amy, ben, cat] = await driver.users("admin", "amy", "ben", "cat");
      const created = await driver.command("admin", "/nickar-tournament create ruleset:abapa rounds:2 time:1h");
      expect(created.status).toBe(200);
      const announcement: APIMessage = created.body.messages[0];
      expect(announcement.content).toContain("2 rounds");
      const row = await waitFor(
        () => database.db.select().from(tournaments).where(eq(tournaments.messageId, announcement.id)).get(),
        "the announcement bound to its tournament",
      );
      for (const name of ["amy", "ben", "cat"]) {
        const joined = await driver.click(name, announcement.id, "Join");
        expect(joined.status).toBe(200);
      }
      const listed = await driver.message(announcement.id);
      for (const id of [amy, ben, cat]) expect(listed?.content).toContain(`<@${id}>`);

      // A player cannot start it; the organiser can.
      const refused = await driver.click("amy", announcement.id, "Start");
      expect(JSON.stringify(refused.body)).toContain("organiser");
      expect((await driver.click("admin", announcement.id, "Start")).status).toBe(200);

      const posted = await waitFor(async () => {
        const messages = await driver.messages();
        const pairings = messages.find((m) => m.content.includes(`\`${row.id}\`, round 1 of 2`));
        const boards = messages.filter((m) => m.content.includes("Tournament round 1") && gameRef(m));
        return pairings && boards.length === 1 ? { pairings, boards } : undefined;
      }, "round 1's pairings and board");
      expect(posted.pairings.content).toContain("Bye");
      const started = await driver.message(announcement.id);
      expect(started?.content).toContain("Round 1 of 2");

      const standings = await driver.command("ben", "/nickar-tournament standings");
      expect(standings.status).toBe(200);
      expect(standings.body.messages[0].content).toContain("Buchholz");
    },
    LONG,
  );
});
