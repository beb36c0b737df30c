/**
 * Starting a rating season cannot be undone, so /nickar-admin season new asks first; the button
 * (buttons/season.ts) carries the season it ends, so a second press (or a second admin) cannot start
 * two seasons.
 */
import { UserError } from "../../errors.ts";
import type { HandlerContext } from "../../interactions/context.ts";
import type { Response } from "../../interactions/reply.ts";
import { confirmation } from "../../interactions/views/parts.ts";

/** Who may start a season, asked again on the press: an admin in a server. */
export function requireSeasonAdmin(ctx: HandlerContext): string {
  if (!ctx.guildId) throw new UserError("guild/required-season");
  if (!ctx.canManageGuild) throw new UserError("season/forbidden");
  return ctx.guildId;
}

/** The question, privately, with the button that starts the next season. */
export function seasonQuestion(ctx: HandlerContext): Response {
  const guildId = requireSeasonAdmin(ctx);
  const current = ctx.app.ratings.currentSeason(guildId);
  const question = [
    ctx.t("game:season.question", { next: current + 1 }),
    ctx.t("game:season.archive", { season: current }),
  ].join("\n");
  const start = ctx.t("game:season.start", { next: current + 1 });
  return { mode: "reply", reply: confirmation(question, { type: "season", season: current }, start) };
}
