import { SlashCommandSubcommandBuilder } from "discord.js";
import type { Command } from "../../commands/command.ts";
import { requireGuild } from "../../commands/guards.ts";
import { localized } from "../../commands/localize.ts";
import { rulesetOption, rulesetTerm, VIEW_RULESET } from "../../commands/ruleset-option.ts";
import type { RulesetId } from "../../engine/index.ts";
import type { Translate } from "../../i18n/index.ts";
import type { CommandOptions, HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { fitContent } from "../../interactions/text-budget.ts";
import { describeLadder } from "../../present/images.ts";
import { formatRating } from "../standings.ts";
import { ladderRuleset } from "./ladder-ruleset.ts";

export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:ladderShow.name",
  "commands:ladderShow.description",
).addStringOption((o) => rulesetOption(o, VIEW_RULESET));

/** Rungs drawn in the image. */
const DRAWN = 20;
/** A ladder game this recent is marked on the ladder (who climbed, who was pushed down). */
const RECENT_MS = 7 * 24 * 60 * 60_000;

interface Moved {
  readonly moved: string;
  readonly direction: "up" | "down";
}

/**
 * Who the last ladder game (within a week) moved, while the rungs still show it: the winning challenger
 * above the player they beat.
 */
function lastMoves(
  ctx: HandlerContext,
  t: Translate,
  guildId: string,
  ruleset: RulesetId,
  order: readonly string[],
): Map<string, Moved> {
  const moves = new Map<string, Moved>();
  const game = ctx.app.games.lastLadderGame(guildId, ruleset, ctx.app.clock.now() - RECENT_MS);
  if (!game?.ladderChallengerId || game.winner === null) return moves;
  const challenger = game.ladderChallengerId;
  const target = challenger === game.southId ? game.northId : game.southId;
  const won = (game.winner === 0 ? game.southId : game.northId) === challenger;
  const mine = order.indexOf(challenger);
  const theirs = order.indexOf(target);
  if (!won || mine < 0 || theirs !== mine + 1) return moves;
  moves.set(challenger, { moved: t("replies:ladder.tookRung", { rung: mine + 1 }), direction: "up" });
  moves.set(target, { moved: t("replies:ladder.downOne"), direction: "down" });
  return moves;
}

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const guildId = requireGuild(ctx);
  const ruleset = ladderRuleset(ctx, options);
  const { app } = ctx;
  const { rungs, dropped } = app.ladders.show({ guildId, ruleset });
  // The ladder is shown in the channel: in the server's language, its image too.
  const t = ctx.tServer;
  const title = t("replies:ladder.title", { ruleset: rulesetTerm(ruleset) });
  const moved = lastMoves(
    ctx,
    t,
    guildId,
    ruleset,
    rungs.map((r) => r.userId),
  );
  const shownDropped = dropped
    .slice(0, 10)
    .map((u) => `<@${u}>`)
    .join(", ");
  const dropLine = dropped.length
    ? [
        dropped.length > 10
          ? t("replies:ladder.droppedMore", { users: shownDropped, left: dropped.length - 10 })
          : t("replies:ladder.dropped", { users: shownDropped }),
      ]
    : [];
  // The text lists as many rungs as fit in a message, the image the first DRAWN.
  const content = fitContent([
    {
      head: [
        t("replies:ladder.head", { title }),
        ...(rungs.length ? [] : [t("replies:ladder.empty", { ruleset: rulesetTerm(ruleset), id: ruleset })]),
      ],
      items: rungs.map((r) => {
        const move = moved.get(r.userId);
        const mark = move ? ` ${move.direction === "up" ? "▲" : "▼"} ${move.moved}` : "";
        return `\`${String(r.rung).padStart(3)}.\` <@${r.userId}>${mark}`;
      }),
      more: (left) => t("replies:more", { left }),
    },
    { head: dropLine },
  ]);
  const ratings = new Map(app.ratings.leaderboard(guildId, ruleset).entries.map((e) => [e.userId, e]));
  return {
    mode: "reply",
    reply: {
      content,
      mentions: [],
      image: async () => {
        const drawn = await Promise.all(
          rungs.slice(0, DRAWN).map(async (r) => {
            const rating = ratings.get(r.userId);
            return {
              name: (await app.displayName(guildId, r.userId)) || t("replies:ladder.player", { rung: r.rung }),
              detail: rating ? formatRating(rating) : t("replies:ladder.unrated"),
              ...moved.get(r.userId),
            };
          }),
        );
        const more = Math.max(0, rungs.length - DRAWN);
        return {
          name: `nickar-ladder-${ruleset}.png`,
          data: await app.images.ladderPng(title, drawn, more, ctx.serverLocale),
          description: describeLadder(title, drawn, more, t),
        };
      },
    },
  };
}

export const ladderShow: Command = { definition, handle };
