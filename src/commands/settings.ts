import { ChannelType, SlashCommandSubcommandBuilder } from "discord.js";
import { RULESETS } from "../engine/index.ts";
import { UserError } from "../errors.ts";
import type { GuildSettings, SettingsPatch } from "../games/settings.ts";
import { formatTimeLimit } from "../games/time.ts";
import { channel } from "../i18n/index.ts";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import { MESSAGE_LIMIT } from "../interactions/text-budget.ts";
import type { Command } from "./command.ts";
import { asRuleset, parseTime, requireAdmin, requireGuild, rulesetOption, timeOption } from "./shared.ts";

/** /nickar settings: anyone can read them. */
export const definition = new SlashCommandSubcommandBuilder()
  .setName("settings")
  .setDescription("This server's Nickar settings (admins change them with /nickar-admin settings)");

/** /nickar-admin settings: change them (Manage Server). */
export const adminDefinition = new SlashCommandSubcommandBuilder()
  .setName("settings")
  .setDescription("Show or change this server's Nickar settings (Manage Server)")
  .addStringOption((o) => rulesetOption(o, "Default ruleset for challenges"))
  .addStringOption((o) => timeOption(o, "Default time per move"))
  .addIntegerOption((o) =>
    o.setName("max_games").setDescription("Most games a player may have at once").setMinValue(1).setMaxValue(100),
  )
  .addChannelOption((o) =>
    o.setName("allow_channel").setDescription("Allow games in this channel").addChannelTypes(ChannelType.GuildText),
  )
  .addChannelOption((o) =>
    o
      .setName("disallow_channel")
      .setDescription("Stop allowing games in this channel")
      .addChannelTypes(ChannelType.GuildText),
  )
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
  )
  .addIntegerOption((o) =>
    o
      .setName("command_rate")
      .setDescription("Commands per player per minute (0: no limit)")
      .setMinValue(0)
      .setMaxValue(600),
  )
  .addIntegerOption((o) =>
    o
      .setName("challenge_rate")
      .setDescription("Challenges per player per hour (0: no limit)")
      .setMinValue(0)
      .setMaxValue(600),
  );

/** "<#a>, <#b> and 3 more" within `budget` characters (a server may allow many channels). */
function channelList(ids: readonly string[], budget: number): string {
  for (let shown = ids.length; shown > 0; shown--) {
    const left = ids.length - shown;
    const text = `${ids
      .slice(0, shown)
      .map((c) => `<#${c}>`)
      .join(", ")}${left > 0 ? ` and ${left} more` : ""}`;
    if (text.length <= budget) return text;
  }
  return `${ids.length} channels`;
}

/** "30 a minute", or "no limit" for 0. */
function perLimit(n: number, per: string): string {
  return n === 0 ? "no limit of" : `${n} a ${per}`;
}

/** The settings, within `limit` characters. */
function settingsText(s: GuildSettings, limit = MESSAGE_LIMIT): string {
  const lines = [
    `Default ruleset: **${RULESETS[s.defaultRuleset].name}**`,
    `Default time per move: **${formatTimeLimit(s.defaultTimeLimit)}**`,
    `Games at once per player: **${s.maxGamesPerPlayer}**`,
    "Games may start in: ",
    `Rated games per pair of players in 24 hours: **${s.ratedPairsPerDay === 0 ? "no limit" : s.ratedPairsPerDay}** (more are played unrated)`,
    `Challenge ladders: **${s.ladderEnabled ? "on" : "off"}** · inactive players drop after **${s.ladderInactiveDays} days**`,
    `Boards: **${s.animateMoves ? "each move animated" : "still images"}** (anyone can press Animate)`,
    `Per player: **${perLimit(s.commandsPerMinute, "minute")}** commands and buttons (moves aside), **${perLimit(s.challengesPerHour, "hour")}** challenges`,
  ];
  const budget = limit - lines.join("\n").length;
  lines[3] += s.allowedChannels ? channelList(s.allowedChannels, budget) : "any channel";
  return lines.join("\n");
}

interface ChannelOptions {
  readonly allow: { readonly id: string } | null;
  readonly disallow: { readonly id: string } | null;
  readonly everywhere: boolean;
}

/** The `allow_channel`, `disallow_channel` and `all_channels` options; null when none is given. */
function channelOptions(options: CommandOptions): ChannelOptions | null {
  const allow = options.getChannel("allow_channel");
  const disallow = options.getChannel("disallow_channel");
  const everywhere = options.getBoolean("all_channels") === true;
  return allow || disallow || everywhere ? { allow, disallow, everywhere } : null;
}

/** The allowed channels after the channel options (null: every channel). */
function channelsChange(current: GuildSettings, { allow, disallow, everywhere }: ChannelOptions): string[] | null {
  let channels = everywhere || !current.allowedChannels ? null : [...current.allowedChannels];
  if (allow) channels = [...new Set([...(channels ?? []), allow.id])];
  if (!disallow) return channels;
  if (!channels) throw new UserError("settings/all-channels");
  if (!channels.includes(disallow.id)) {
    throw new UserError("settings/not-allowed", { channel: channel(disallow.id) });
  }
  const rest = channels.filter((c) => c !== disallow.id);
  // An empty list would have to mean "every channel": refuse rather than lift the restriction unasked.
  if (rest.length === 0) {
    throw new UserError("settings/last-channel", { channel: channel(disallow.id) });
  }
  return rest;
}

function show(ctx: HandlerContext): Response {
  const current = ctx.app.settings.get(requireGuild(ctx));
  return { mode: "reply", reply: { content: settingsText(current), ephemeral: true } };
}

function change(ctx: HandlerContext, options: CommandOptions): Response {
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
  const commandRate = options.getInteger("command_rate");
  if (commandRate !== null) patch.commandsPerMinute = commandRate;
  const challengeRate = options.getInteger("challenge_rate");
  if (challengeRate !== null) patch.challengesPerHour = challengeRate;
  const channels = channelOptions(options);
  if (Object.keys(patch).length === 0 && !channels)
    return { mode: "reply", reply: { content: settingsText(current), ephemeral: true } };
  requireAdmin(ctx, "Changing Nickar settings");
  if (channels) patch.allowedChannels = channelsChange(current, channels);
  const saved = "Settings saved.\n";
  const text = settingsText(settings.update(guildId, patch), MESSAGE_LIMIT - saved.length);
  return { mode: "reply", reply: { content: `${saved}${text}`, ephemeral: true } };
}

export const settings: Command = { guards: ["guild"], definition, handle: show };
export const adminSettings: Command = { admin: true, guards: ["guild"], definition: adminDefinition, handle: change };
