/** Guards declared in the root commands' tables and checked before the handler, stage by stage (where, who, what). */
import { SlashCommandSubcommandBuilder } from "discord.js";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Guard, Subcommand } from "../../src/commands/command.ts";
import { GUILD, guardsHold, MANAGE_SERVER, runCommand } from "../../src/commands/guards.ts";
import { COMMANDS } from "../../src/commands/index.ts";
import type { UserError } from "../../src/errors.ts";
import { PLAYER } from "../../src/games/commands/game-option.ts";
import { refusalText } from "../../src/interactions/speech.ts";
import { ORGANISER } from "../../src/tournaments/commands/tournament-option.ts";
import { ALICE, BOB, CAROL, options, setup, type World } from "../support/helpers.ts";
import { startGame } from "../support/play.ts";

let w: World;
beforeEach(() => {
  w = setup();
});
afterEach(() => w.close());

function fakeCommand(guards: readonly Guard[]): Subcommand & { handle: ReturnType<typeof vi.fn> } {
  const definition = new SlashCommandSubcommandBuilder().setName("tidy").setDescription("Test command");
  const handle = vi.fn(() => ({ mode: "reply" as const, reply: { content: "ran" } }));
  return { definition, root: "nickar", group: null, guards, handle };
}

async function refusalOf(key: string, ctx: ReturnType<World["ctx"]>, values: Parameters<typeof options>[0] = {}) {
  try {
    await runCommand(COMMANDS[key], ctx, options(values));
  } catch (error) {
    return (error as UserError).code;
  }
  return null;
}

describe("command guards", () => {
  it("runCommand - refuses before the handler runs - a server command in DMs", async () => {
    const command = fakeCommand([GUILD]);
    await expect(runCommand(command, w.ctx(ALICE, { guildId: null }), options())).rejects.toMatchObject({
      code: "guild/required",
    });
    expect(command.handle).not.toHaveBeenCalled();
  });

  it("runCommand - checks the server before Manage Server - an admin command in DMs by a plain member", async () => {
    const command = fakeCommand([MANAGE_SERVER, GUILD]);
    await expect(runCommand(command, w.ctx(ALICE, { guildId: null }), options())).rejects.toMatchObject({
      code: "guild/required",
    });
    await expect(runCommand(command, w.ctx(ALICE), options())).rejects.toMatchObject({
      code: "permission/manage-server",
      message: "/nickar tidy needs the Manage Server permission.",
    });
    expect(command.handle).not.toHaveBeenCalled();
    const ran = await runCommand(command, w.ctx(ALICE, { canManageGuild: true }), options());
    expect(ran.reply.content).toBe("ran");
  });

  it("manage-server refusal - names the command as the user sees it, in their language - Danish and French members", async () => {
    const refused = async (key: string, locale: "da" | "fr", values = {}) => {
      const ctx = w.ctx(ALICE, { locale });
      try {
        await runCommand(COMMANDS[key], ctx, options(values));
      } catch (error) {
        return refusalText(ctx.t, error as UserError);
      }
      throw new Error(`${key} ran`);
    };
    expect(await refused("nickar-admin season new", "da")).toBe(
      "/nickar-admin sæson ny kræver tilladelsen Administrer server.",
    );
    expect(await refused("nickar-admin void", "fr")).toBe(
      "/nickar-admin invalider demande la permission Gérer le serveur.",
    );
    // Part of a command: changing the settings (reading them is for anyone).
    expect(await refused("nickar-admin settings", "fr", { ladder: true })).toBe(
      "Changer les réglages de Nickar demande la permission Gérer le serveur.",
    );
  });

  it("guardsHold - false where a guard refuses, true where all hold - autocomplete's check", () => {
    const command = fakeCommand([GUILD, MANAGE_SERVER]);
    expect(guardsHold(command, w.ctx(ALICE), options())).toBe(false);
    expect(guardsHold(command, w.ctx(ALICE, { canManageGuild: true }), options())).toBe(true);
    expect(guardsHold(fakeCommand([]), w.ctx(ALICE, { guildId: null }), options())).toBe(true);
    // What the options name is not checked while they are typed: an unknown game suggests all the same.
    expect(guardsHold(fakeCommand([GUILD, PLAYER]), w.ctx(ALICE), options({ game: "k7m" }))).toBe(true);
  });

  it("commands - every command that needs a server declares it, so the router refuses DMs first - all but rules", () => {
    const undeclared = Object.entries(COMMANDS)
      .filter(([key, command]) => key !== "rules" && !command.guards.includes(GUILD))
      .map(([key]) => key);
    expect(undeclared).toEqual([]);
  });

  it("admin commands - declare Manage Server and refuse a plain member before touching anything - cancel, void, season new", async () => {
    for (const key of ["nickar-admin cancel", "nickar-admin void", "nickar-admin season new"]) {
      expect(COMMANDS[key].guards, key).toEqual([GUILD, MANAGE_SERVER]);
      await expect(
        runCommand(COMMANDS[key], w.ctx(ALICE), options({ game: "nope", reason: "x" })),
      ).rejects.toMatchObject({
        code: "permission/manage-server",
      });
    }
  });

  it("player guard - refuses one who does not play the game named, before the handler - draw, takeback, resign, abort, move", async () => {
    const id = await startGame(w, ALICE, BOB);
    const games = w.app.games;
    const handled = ["draw", "takeback", "resign", "abort", "play"].map((m) => vi.spyOn(games, m as "draw"));
    for (const name of ["draw", "takeback", "resign", "abort"]) {
      expect(COMMANDS[name].guards, name).toContain(PLAYER);
      expect(await refusalOf(name, w.ctx(CAROL), { game: id }), name).toBe("game/not-yours");
    }
    // A move names its game by the option or by the house suggested for it.
    expect(await refusalOf("move", w.ctx(CAROL), { house: `A@${id}` })).toBe("game/not-yours");
    expect(await refusalOf("move", w.ctx(CAROL), { house: "A", game: id })).toBe("game/not-yours");
    // The handlers never ran (the game service would refuse too, later): the game is as it was.
    for (const spy of handled) expect(spy).not.toHaveBeenCalled();
    expect(w.app.games.get(id)!.row).toMatchObject({ status: "active", drawOfferBy: null, ply: 0 });
    expect(await refusalOf("draw", w.ctx(ALICE), { game: id })).toBeNull();
  });

  it("organiser guard - the organiser's actions declare it, the others do not - /nickar-tournament's table", () => {
    const organisers = Object.entries(COMMANDS)
      .filter(([, command]) => command.guards.includes(ORGANISER))
      .map(([key]) => key);
    expect(organisers).toEqual([
      "nickar-tournament start",
      "nickar-tournament pause",
      "nickar-tournament resume",
      "nickar-tournament cancel",
      "nickar-tournament remove",
    ]);
  });

  it("organiser guard - refuses a player, lets the organiser and Manage Server through - resume", async () => {
    const create = COMMANDS["nickar-tournament create"];
    const made = await runCommand(create, w.ctx(ALICE, { canManageGuild: true }), options({ rounds: 2 }));
    const id = made.bind!.id;
    expect(await refusalOf("nickar-tournament resume", w.ctx(BOB), { tournament: id })).toBe("tournament/organiser");
    // Past the guard the service answers: the tournament is not paused, whoever asks.
    const own = await refusalOf("nickar-tournament resume", w.ctx(ALICE), { tournament: id });
    const admin = await refusalOf("nickar-tournament resume", w.ctx(CAROL, { canManageGuild: true }), {
      tournament: id,
    });
    expect(own).not.toBe("tournament/organiser");
    expect(admin).toBe(own);
  });
});
