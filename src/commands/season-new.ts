import { SlashCommandSubcommandBuilder } from "discord.js";
import type { HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import type { Command } from "./command.ts";
import { requireGuild } from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("new")
  .setDescription("Admin: archive the standings and start a new rating season (Manage Server)");

function handle(ctx: HandlerContext): Response {
  const guildId = requireGuild(ctx);
  const season = ctx.app.ratings.newSeason(guildId);
  return {
    mode: "reply",
    reply: {
      content: [
        `**Season ${season} has begun.** Every player starts again at 1500? in every ruleset.`,
        `The standings of season ${season - 1} are archived: \`/nickar leaderboard season:${season - 1}\`.`,
      ].join("\n"),
      mentions: [],
    },
  };
}

export const seasonNew: Command = { guards: ["guild", "manage-server"], group: "season", definition, handle };
