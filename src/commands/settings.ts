import { ChannelType, SlashCommandSubcommandBuilder } from "discord.js";
import { quoted, UserError } from "../errors.ts";
import {
  type GuildSettings,
  type SettingsPatch,
  TOURNAMENT_CREATORS,
  type TournamentCreators,
} from "../games/settings.ts";
import { channel, isLocale, type Locale, type MessageKey, type Translate, term } from "../i18n/index.ts";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import type { Response } from "../interactions/reply.ts";
import { MESSAGE_LIMIT } from "../interactions/text-budget.ts";
import { timeLimitText } from "../present/time-limit.ts";
import { formatDailyTime, parseDailyTime } from "../puzzles/daily-puzzles.ts";
import type { Command } from "./command.ts";
import { requireAdmin, requireGuild } from "./guards.ts";
import { localized } from "./localize.ts";
import { choiceOption, SHORT_TEXT } from "./options.ts";
import { asRuleset, rulesetOption, rulesetTerm } from "./ruleset-option.ts";
import { parseTime, timeOption } from "./time-option.ts";

/** Each language by its own name. */
const LANGUAGE_NAME = {
  en: "common:language.en",
  da: "common:language.da",
  fr: "common:language.fr",
} as const satisfies Record<Locale, MessageKey>;

/** The `language` choice that clears the setting: public messages follow the server's Discord locale. */
const LANGUAGE_DISCORD = "discord";
const LANGUAGE_VALUES = [LANGUAGE_DISCORD, "en", "da", "fr"] as const;
const LANGUAGE_CHOICE = {
  discord: "commands:choice.language.discord",
  en: "commands:choice.language.en",
  da: "commands:choice.language.da",
  fr: "commands:choice.language.fr",
} as const satisfies Record<(typeof LANGUAGE_VALUES)[number], MessageKey>;

const CREATORS_CHOICE = {
  managers: "commands:choice.tournaments.managers",
  everyone: "commands:choice.tournaments.everyone",
} as const satisfies Record<TournamentCreators, MessageKey>;

/** /nickar settings: anyone can read them. */
export const definition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:settings.name",
  "commands:settings.description",
);

/** /nickar-admin settings: change them (Manage Server). */
export const adminDefinition = localized(
  new SlashCommandSubcommandBuilder(),
  "commands:adminSettings.name",
  "commands:adminSettings.description",
)
  .addStringOption((o) => rulesetOption(o, "commands:adminSettings.ruleset"))
  .addStringOption((o) => timeOption(o, "commands:adminSettings.time"))
  .addIntegerOption((o) =>
    localized(o, "commands:option.maxGames", "commands:adminSettings.maxGames").setMinValue(1).setMaxValue(100),
  )
  .addChannelOption((o) =>
    localized(o, "commands:option.allowChannel", "commands:adminSettings.allowChannel").addChannelTypes(
      ChannelType.GuildText,
    ),
  )
  .addChannelOption((o) =>
    localized(o, "commands:option.disallowChannel", "commands:adminSettings.disallowChannel").addChannelTypes(
      ChannelType.GuildText,
    ),
  )
  .addBooleanOption((o) => localized(o, "commands:option.allChannels", "commands:adminSettings.allChannels"))
  .addIntegerOption((o) =>
    localized(o, "commands:option.pairLimit", "commands:adminSettings.pairLimit").setMinValue(0).setMaxValue(50),
  )
  .addBooleanOption((o) => localized(o, "commands:option.ladder", "commands:adminSettings.ladder"))
  .addIntegerOption((o) =>
    localized(o, "commands:option.ladderInactiveDays", "commands:adminSettings.ladderInactiveDays")
      .setMinValue(1)
      .setMaxValue(365),
  )
  .addBooleanOption((o) => localized(o, "commands:option.animations", "commands:adminSettings.animations"))
  .addIntegerOption((o) =>
    localized(o, "commands:option.commandRate", "commands:adminSettings.commandRate").setMinValue(0).setMaxValue(600),
  )
  .addIntegerOption((o) =>
    localized(o, "commands:option.challengeRate", "commands:adminSettings.challengeRate")
      .setMinValue(0)
      .setMaxValue(600),
  )
  .addStringOption((o) =>
    choiceOption(o, "commands:option.language", "commands:adminSettings.language", LANGUAGE_VALUES, LANGUAGE_CHOICE),
  )
  .addStringOption((o) =>
    choiceOption(
      o,
      "commands:option.tournaments",
      "commands:adminSettings.tournaments",
      TOURNAMENT_CREATORS,
      CREATORS_CHOICE,
    ),
  )
  .addBooleanOption((o) => localized(o, "commands:takeback.option", "commands:takeback.setting"))
  .addChannelOption((o) =>
    localized(o, "commands:option.dailyPuzzle", "commands:adminSettings.dailyPuzzle").addChannelTypes(
      ChannelType.GuildText,
    ),
  )
  .addStringOption((o) =>
    localized(o, "commands:option.dailyPuzzleTime", "commands:adminSettings.dailyPuzzleTime").setMaxLength(SHORT_TEXT),
  );

/** The `daily_puzzle_time` option: "HH:MM" (UTC), or "off" to stop the daily puzzle. */
function dailyTime(text: string | null): number | "off" | null {
  if (text === null) return null;
  if (/^\s*off\s*$/i.test(text)) return "off";
  const minute = parseDailyTime(text);
  if (minute === null) throw new UserError("settings/daily-time", { text: quoted(text) });
  return minute;
}

/** The language line: the one chosen, or the Discord locale's when none is (`serverLocale`: the one in use). */
function languageText(t: Translate, chosen: Locale | null, serverLocale: Locale): string {
  if (chosen) return t("replies:settings.language", { language: term(LANGUAGE_NAME[chosen]) });
  const following = term("replies:settings.languageDiscord", { language: term(LANGUAGE_NAME[serverLocale]) });
  return t("replies:settings.language", { language: following });
}

/** "<#a>, <#b> and 3 more" within `budget` characters (a server may allow many channels). */
function channelList(t: Translate, ids: readonly string[], budget: number): string {
  for (let shown = ids.length; shown > 0; shown--) {
    const left = ids.length - shown;
    const channels = ids
      .slice(0, shown)
      .map((c) => `<#${c}>`)
      .join(", ");
    const text = left > 0 ? t("replies:settings.channelsMore", { channels, left }) : channels;
    if (text.length <= budget) return text;
  }
  return t("replies:settings.channelCount", { count: ids.length });
}

/** The settings in `t`'s language, within `limit` characters; `serverLocale`: the language public messages use. */
function settingsText(t: Translate, s: GuildSettings, serverLocale: Locale, limit = MESSAGE_LIMIT): string {
  const perMinute =
    s.commandsPerMinute === 0
      ? t("replies:settings.noLimit")
      : t("replies:settings.perMinute", { rate: s.commandsPerMinute });
  const perHour =
    s.challengesPerHour === 0
      ? t("replies:settings.noLimit")
      : t("replies:settings.perHour", { rate: s.challengesPerHour });
  const lines = [
    t("replies:settings.ruleset", { ruleset: rulesetTerm(s.defaultRuleset) }),
    t("replies:settings.time", { time: timeLimitText(s.defaultTimeLimit, t, "words") }),
    t("replies:settings.maxGames", { games: s.maxGamesPerPlayer }),
    "",
    s.ratedPairsPerDay === 0
      ? t("replies:settings.pairsUnlimited")
      : t("replies:settings.pairs", { limit: s.ratedPairsPerDay }),
    t(s.ladderEnabled ? "replies:settings.laddersOn" : "replies:settings.laddersOff", {
      days: term("replies:time.days", { count: s.ladderInactiveDays }),
    }),
    t(s.animateMoves ? "replies:settings.animated" : "replies:settings.still"),
    t("replies:settings.rates", { commands: perMinute, challenges: perHour }),
    languageText(t, s.language, serverLocale),
    t(
      s.tournamentCreators === "everyone"
        ? "replies:settings.tournamentsEveryone"
        : "replies:settings.tournamentsManagers",
    ),
    t(s.ratedTakebacks ? "replies:takeback.settingOn" : "replies:takeback.settingOff"),
    s.dailyPuzzleChannel
      ? t("puzzle:settings.daily", {
          channel: channel(s.dailyPuzzleChannel),
          time: formatDailyTime(s.dailyPuzzleMinute),
        })
      : t("puzzle:settings.dailyOff"),
  ];
  const channelsLine = (channels: string) => t("replies:settings.channels", { channels });
  const budget = limit - lines.join("\n").length - channelsLine("").length;
  lines[3] = channelsLine(
    s.allowedChannels ? channelList(t, s.allowedChannels, budget) : t("replies:settings.anyChannel"),
  );
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
  return { mode: "reply", reply: { content: settingsText(ctx.t, current, ctx.serverLocale), ephemeral: true } };
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
  const language = options.getString("language");
  if (language !== null) patch.language = isLocale(language) ? language : null;
  const creators = options.getString("tournaments");
  if (creators === "managers" || creators === "everyone") patch.tournamentCreators = creators;
  const takebacks = options.getBoolean("takebacks");
  if (takebacks !== null) patch.ratedTakebacks = takebacks;
  const dailyChannel = options.getChannel("daily_puzzle");
  if (dailyChannel) patch.dailyPuzzleChannel = dailyChannel.id;
  const daily = dailyTime(options.getString("daily_puzzle_time"));
  if (daily === "off") patch.dailyPuzzleChannel = null;
  else if (daily !== null) patch.dailyPuzzleMinute = daily;
  const channels = channelOptions(options);
  if (Object.keys(patch).length === 0 && !channels)
    return { mode: "reply", reply: { content: settingsText(ctx.t, current, ctx.serverLocale), ephemeral: true } };
  requireAdmin(ctx, term("replies:permission.changeSettings"));
  if (channels) patch.allowedChannels = channelsChange(current, channels);
  const saved = `${ctx.t("replies:settings.saved")}\n`;
  const updated = settings.update(guildId, patch);
  // The language public messages now use (the change applies from the next message on).
  const serverLocale = updated.language ?? ctx.discordServerLocale;
  const text = settingsText(ctx.t, updated, serverLocale, MESSAGE_LIMIT - saved.length);
  return { mode: "reply", reply: { content: `${saved}${text}`, ephemeral: true } };
}

export const settings: Command = { definition, handle: show };
export const adminSettings: Command = {
  definition: adminDefinition,
  handle: change,
};
