import { SlashCommandSubcommandBuilder } from "discord.js";
import { RULESETS } from "../engine/index.ts";
import { UserError } from "../errors.ts";
import type { GuildSettings, SettingsPatch } from "../games/settings.ts";
import { formatTimeLimit } from "../games/time.ts";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import type { Command } from "./command.ts";
import { asRuleset, parseTime, requireGuild, rulesetOption, timeOption } from "./shared.ts";

export const definition = new SlashCommandSubcommandBuilder()
  .setName("settings")
  .setDescription("Show or change this server's Nickar settings (Manage Server)")
  .addStringOption((o) => rulesetOption(o, "Default ruleset for challenges"))
  .addStringOption((o) => timeOption(o, "Default time per move"))
  .addIntegerOption((o) =>
    o.setName("max_games").setDescription("Most games a player may have at once").setMinValue(1).setMaxValue(100),
  )
  .addChannelOption((o) => o.setName("allow_channel").setDescription("Allow games in this channel"))
  .addChannelOption((o) => o.setName("disallow_channel").setDescription("Stop allowing games in this channel"))
  .addBooleanOption((o) => o.setName("all_channels").setDescription("Allow games in every channel again"))
  .addIntegerOption((o) =>
    o
      .setName("pair_limit")
      .setDescription("Rated games two players may start against each other in 24 hours (0: no limit)")
      .setMinValue(0)
      .setMaxValue(50),
  )
  .addBooleanOption((o) => o.setName("ladder").setDescription("Switch the challenge ladders on or off"))
  .addIntegerOption((o) =>
    o
      .setName("ladder_inactive_days")
      .setDescription("Days without ladder activity before a player drops off")
      .setMinValue(1)
      .setMaxValue(365),
  )
  .addBooleanOption((o) =>
    o.setName("animations").setDescription("Show each move as an animation instead of a still board"),
  );

export function settingsText(s: GuildSettings): string {
  const channels = s.allowedChannels ? s.allowedChannels.map((c) => `<#${c}>`).join(", ") : "any channel";
  return [
    `Default ruleset: **${RULESETS[s.defaultRuleset].name}**`,
    `Default time per move: **${formatTimeLimit(s.defaultTimeLimit)}**`,
    `Games at once per player: **${s.maxGamesPerPlayer}**`,
    `Games may start in: ${channels}`,
    `Rated games per pair of players in 24 hours: **${s.ratedPairsPerDay === 0 ? "no limit" : s.ratedPairsPerDay}** (more are played unrated)`,
    `Challenge ladders: **${s.ladderEnabled ? "on" : "off"}** · inactive players drop after **${s.ladderInactiveDays} days**`,
    `Boards: **${s.animateMoves ? "each move animated" : "still images"}** (anyone can press Animate)`,
  ].join("\n");
}

function handle(ctx: HandlerContext, options: CommandOptions): Response {
  const guildId = requireGuild(ctx);
  const { settings } = ctx.app;
  const current = settings.get(guildId);
  const patch: SettingsPatch = {};
  const ruleset = asRuleset(options.getString("ruleset"));
  if (ruleset) patch.defaultRuleset = ruleset;
  const time = parseTime(options.getString("time"));
  if (time !== null) patch.defaultTimeLimit = time;
  const max = options.getInteger("max_games");
  if (max !== null) patch.maxGamesPerPlayer = max;
  const pairLimit = options.getInteger("pair_limit");
  if (pairLimit !== null) patch.ratedPairsPerDay = pairLimit;
  const ladder = options.getBoolean("ladder");
  if (ladder !== null) patch.ladderEnabled = ladder;
  const inactiveDays = options.getInteger("ladder_inactive_days");
  if (inactiveDays !== null) patch.ladderInactiveDays = inactiveDays;
  const animations = options.getBoolean("animations");
  if (animations !== null) patch.animateMoves = animations;
  let channels = current.allowedChannels ? [...current.allowedChannels] : null;
  const allow = options.getChannel("allow_channel");
  const disallow = options.getChannel("disallow_channel");
  const everywhere = options.getBoolean("all_channels") === true;
  if (everywhere) channels = null;
  if (allow) channels = [...new Set([...(channels ?? []), allow.id])];
  if (disallow) {
    if (!channels) throw new UserError("settings/all-channels", "Games are allowed everywhere: allow a channel first.");
    channels = channels.filter((c) => c !== disallow.id);
  }
  // An empty list would forbid games everywhere; it means "no restriction" instead.
  if (everywhere || allow || disallow) patch.allowedChannels = channels && channels.length > 0 ? channels : null;
  if (Object.keys(patch).length === 0)
    return { mode: "reply", reply: { content: settingsText(current), ephemeral: true } };
  if (!ctx.canManageGuild) {
    throw new UserError("settings/forbidden", "Changing Nickar settings needs the Manage Server permission.");
  }
  return {
    mode: "reply",
    reply: { content: `Settings saved.\n${settingsText(settings.update(guildId, patch))}`, ephemeral: true },
  };
}

export const settings: Command = { definition, handle };
