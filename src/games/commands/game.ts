import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { localized } from "../../commands/localize.ts";
import { moveLabel, parseMoveLabel } from "../../engine/internal.ts";
import { quoted, UserError } from "../../errors.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { voiceOf } from "../../interactions/views/parts.ts";
import type { GameSnapshot } from "../snapshot.ts";
import { viewerReply } from "../views/game-viewer.ts";
import { anyGameChoices, gameHere, gameIdOption } from "./game-option.ts";

/** Room for "123… a b c" and some spaces. */
const MOVE_LENGTH = 20;

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:game.name",
  "commands:game.description",
)
  .addStringOption(gameIdOption("id", "commands:shared.anyGameId"))
  .addStringOption((o) => localized(o, "commands:option.move", "commands:game.move").setMaxLength(MOVE_LENGTH));

/**
 * The ply `move:` names in the record's numbering (engine/move-numbers.ts): "23" is the position after
 * "23. E", "23…" after North's move of 23, "0" the start.
 */
export function plyOfMove(game: GameSnapshot, typed: string): number {
  const parsed = parseMoveLabel(typed, game.state);
  if (parsed.ok) return parsed.ply;
  const last = game.state.ply === 0 ? "0" : moveLabel(game.state, game.state.ply);
  throw new UserError("game/no-such-move", { id: game.row.id, move: quoted(typed), last });
}

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const game = gameHere(ctx, options.getString("id"));
  const typed = options.getString("move");
  const ply = typed === null ? game.state.ply : plyOfMove(game, typed);
  return { mode: "reply", reply: viewerReply(ctx.app, game.row, ply, voiceOf(ctx.locale)) };
}

export const game: Command = { definition, handle, autocomplete: anyGameChoices };
