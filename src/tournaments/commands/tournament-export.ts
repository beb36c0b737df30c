import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { localized } from "../../commands/localize.ts";
import { UserError } from "../../errors.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { formatOf } from "../formats/registry.ts";
import { tournamentChoices, tournamentHere, tournamentOption } from "./tournament-option.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:tournamentExport.name",
  "commands:tournamentExport.description",
).addStringOption(tournamentOption);

/** FIDE's TRF-16 of the tournament, as a file, with the players' display names. */
function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const t = tournamentHere(ctx, options, true);
  // Refused here, not when the file is made: an error there would leave the answer without its file or a word.
  if (!formatOf(t).trfRecord) throw new UserError("tournament/export-swiss");
  return {
    mode: "reply",
    reply: {
      content: ctx.t("replies:tournament.export", { id: t.id }),
      ephemeral: true,
      image: async () => {
        const ids = ctx.app.tournaments.view(t.id).players.map((p) => p.userId);
        const names = new Map(
          await Promise.all(ids.map(async (id) => [id, (await ctx.app.displayName(t.guildId, id)) || id] as const)),
        );
        return { name: `nickar-${t.id}.trf`, data: Buffer.from(ctx.app.tournaments.trf(t.id, names), "utf8") };
      },
    },
  };
}

export const tournamentExport: Command = {
  definition,
  handle,
  autocomplete: tournamentChoices,
};
