// A ladder command that names no ruleset means the ladder its caller is on: not the ruleset they play most.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COMMANDS } from "../../src/commands/index.ts";
import { ALICE, BOB, CAROL, GUILD, options, setup, type World } from "../support/helpers.ts";
import { playGame } from "../support/play.ts";

let w: World;
beforeEach(async () => {
  w = setup();
  await COMMANDS["nickar-admin settings"].handle(w.ctx("admin", { canManageGuild: true }), options({ ladder: true }));
});
afterEach(() => w.close());

const join = (userId: string, ruleset?: string) =>
  COMMANDS["ladder join"].handle(w.ctx(userId), options(ruleset ? { ruleset } : {}));

describe("ladder ruleset", () => {
  it("ladder commands - take the ladder the caller is on - bob on Abapa who plays Bridgetown most", async () => {
    await join(ALICE, "abapa");
    await join(BOB, "abapa");
    // Bob's games here are all Bridgetown: the ruleset he plays most is not his ladder's.
    for (let i = 0; i < 3; i++) await playGame(w, BOB, CAROL, "south", { ruleset: "bridgetown" });
    const shown = await COMMANDS["ladder show"].handle(w.ctx(BOB), options());
    expect(shown.reply.content).toContain("Oware Abapa ladder");
    const challenge = await COMMANDS["ladder challenge"].handle(w.ctx(BOB), options({ opponent: { id: ALICE } }));
    expect(w.app.challenges.get(challenge.bind!.id)!.ruleset).toBe("abapa");
  });

  it("ladder commands - ask which ladder - a caller on two ladders", async () => {
    await join(BOB, "abapa");
    await join(BOB, "haiti");
    for (const name of ["ladder show", "ladder leave", "ladder challenge"] as const) {
      const values: Parameters<typeof options>[0] = name === "ladder challenge" ? { opponent: { id: ALICE } } : {};
      await expect(async () => COMMANDS[name].handle(w.ctx(BOB), options(values))).rejects.toMatchObject({
        code: "ladder/which",
        message: expect.stringMatching(/Oware Abapa.*Haitian|Haitian.*Oware Abapa/),
      });
    }
    const named = await COMMANDS["ladder show"].handle(w.ctx(BOB), options({ ruleset: "haiti" }));
    expect(named.reply.content).toContain("Haitian");
  });

  it("ladder commands - the server's one ladder for a caller on none - carol looks and joins", async () => {
    await join(ALICE, "speightstown");
    const shown = await COMMANDS["ladder show"].handle(w.ctx(CAROL), options());
    expect(shown.reply.content).toContain("Speightstown");
    await join(CAROL);
    expect(w.app.ladders.show({ guildId: GUILD, ruleset: "speightstown" }).rungs.map((r) => r.userId)).toEqual([
      ALICE,
      CAROL,
    ]);
  });

  it("ladder commands - ask which of the server's ladders - a caller on none, two ladders here", async () => {
    await join(ALICE, "abapa");
    await join(BOB, "haiti");
    for (const name of ["ladder show", "ladder challenge"] as const) {
      const values: Parameters<typeof options>[0] = name === "ladder challenge" ? { opponent: { id: ALICE } } : {};
      await expect(async () => COMMANDS[name].handle(w.ctx(CAROL), options(values))).rejects.toMatchObject({
        code: "ladder/which-here",
        message: expect.stringMatching(/This server has .*Oware Abapa.* ladders/),
      });
    }
    // Joining without a ruleset still works: a caller may start on any ladder.
    const joined = await join(CAROL);
    expect(joined.reply.content).toContain("ladder");
  });

  it("ladder refusals - name the ladder's ruleset - not on it, opponent not on it, leaving it", async () => {
    await join(ALICE, "abapa");
    await expect(async () =>
      COMMANDS["ladder challenge"].handle(w.ctx(ALICE), options({ opponent: { id: BOB } })),
    ).rejects.toMatchObject({ code: "ladder/target-not-on-ladder", message: expect.stringContaining("Oware Abapa") });
    await expect(async () =>
      COMMANDS["ladder challenge"].handle(w.ctx(BOB), options({ opponent: { id: ALICE }, ruleset: "abapa" })),
    ).rejects.toMatchObject({ code: "ladder/not-on-ladder", message: expect.stringContaining("Oware Abapa ladder") });
    await expect(async () =>
      COMMANDS["ladder leave"].handle(w.ctx(BOB), options({ ruleset: "wari" })),
    ).rejects.toMatchObject({ code: "ladder/not-joined", message: expect.stringContaining("Wari ladder") });
  });
});
