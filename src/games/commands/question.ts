/**
 * /nickar draw and /nickar takeback: a game's question (src/games/questions.ts) asked, or the opponent's
 * accepted, by command, as the board's button does: the board shows it, the opponent is asked by the game's
 * notice, and the one who typed it is answered privately.
 */
import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { localized } from "../../commands/localize.ts";
import type { MessageKey } from "../../i18n/index.ts";
import type { HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { gameChoices, gameOption, resolveGame } from "./game-option.ts";

export interface QuestionCommand<R> {
  /** Asks (or accepts the opponent's) in the game with this id. */
  ask(ctx: HandlerContext, gameId: string): R;
  /** What the board and the notices show, as after the board's button. */
  update(ctx: HandlerContext, result: R): Response;
  /** What the one who typed it is told, privately. */
  answer(ctx: HandlerContext, result: R): string;
}

/** A question's command, named and described by the `commands` catalogue's `texts`. */
export function questionCommand<R>(
  texts: { readonly name: MessageKey; readonly description: MessageKey },
  flow: QuestionCommand<R>,
): Command {
  return {
    definition: localized(new SlashCommandSubcommandBuilder(), texts.name, texts.description).addStringOption(
      gameOption,
    ),
    handle: (ctx, options) => {
      const result = flow.ask(ctx, resolveGame(ctx, options.getString("game")).row.id);
      return {
        ...flow.update(ctx, result),
        mode: "reply",
        reply: { content: flow.answer(ctx, result), ephemeral: true },
      };
    },
    autocomplete: gameChoices,
  };
}
