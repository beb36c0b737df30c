/** Guards declared on commands and checked before the handler, in one order for every command. */
import { SlashCommandSubcommandBuilder } from "discord.js";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { Command } from "../../src/commands/command.ts";
import { guardsHold, runCommand } from "../../src/commands/guards.ts";
import { COMMANDS } from "../../src/commands/index.ts";
import type { UserError } from "../../src/errors.ts";
import { refusalText } from "../../src/interactions/speech.ts";
import { ALICE, options, setup, type World } from "../support/helpers.ts";

let w: World;
beforeEach(() => {
  w = setup();
});
afterEach(() => w.close());

function fakeCommand(guards: Command["guards"]): Command & { handle: ReturnType<typeof vi.fn> } {
  const definition = new SlashCommandSubcommandBuilder().setName("tidy").setDescription("Test command");
  const handle = vi.fn(() => ({ mode: "reply" as const, reply: { content: "ran" } }));
  return { definition, guards, handle };
}

describe("command guards", () => {
  it("runCommand - refuses before the handler runs - a server command in DMs", async () => {
    const command = fakeCommand(["guild"]);
    await expect(runCommand(command, w.ctx(ALICE, { guildId: null }), options())).rejects.toMatchObject({
      code: "guild/required",
    });
    expect(command.handle).not.toHaveBeenCalled();
  });

  it("runCommand - checks the server before Manage Server - an admin command in DMs by a plain member", async () => {
    const command = fakeCommand(["manage-server", "guild"]);
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
    const command = fakeCommand(["guild", "manage-server"]);
    expect(guardsHold(command, w.ctx(ALICE))).toBe(false);
    expect(guardsHold(command, w.ctx(ALICE, { canManageGuild: true }))).toBe(true);
    expect(guardsHold(fakeCommand(undefined), w.ctx(ALICE, { guildId: null }))).toBe(true);
  });

  it("commands - every command that needs a server declares it, so the router refuses DMs first - all but rules", () => {
    const undeclared = Object.entries(COMMANDS)
      .filter(([key, command]) => key !== "rules" && !command.guards?.includes("guild"))
      .map(([key]) => key);
    expect(undeclared).toEqual([]);
  });

  it("admin commands - declare Manage Server and refuse a plain member before touching anything - cancel, void, season new", async () => {
    for (const key of ["nickar-admin cancel", "nickar-admin void", "nickar-admin season new"]) {
      expect(COMMANDS[key].guards, key).toEqual(["guild", "manage-server"]);
      await expect(
        runCommand(COMMANDS[key], w.ctx(ALICE), options({ game: "nope", reason: "x" })),
      ).rejects.toMatchObject({
        code: "permission/manage-server",
      });
    }
  });
});
