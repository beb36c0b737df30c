/**
 * Helpers shared by the subcommands. Services are only imported as types, so deploying the
 * definitions never opens the database.
 */
import type { SlashCommandStringOption } from "discord.js";
import type { ChallengeInput } from "../challenges/challenges.ts";
import { challengeReply } from "../challenges/views/challenge.ts";
import {
  type ChallengeRow,
  COMPUTER_LEVELS,
  type ComputerLevel,
  FIRST_CHOICES,
  type FirstChoice,
  type GameStatus,
} from "../db/schema.ts";
import { isRulesetId, opponent, RULESET_IDS, RULESETS, type RulesetId } from "../engine/index.ts";
import { quoted, UserError } from "../errors.ts";
import { gameNotFound } from "../games/service.ts";
import type { GameSnapshot } from "../games/snapshot.ts";
import { seatOf, userOf } from "../games/snapshot.ts";
import { formatTimeLimit, parseTimeLimit, TIME_LIMIT_CHOICES } from "../games/time.ts";
import { gameMessage } from "../games/views/game-message.ts";
import { type GameChange, updateGame } from "../games/views/game-updates.ts";
import { dateText } from "../games/views/game-viewer.ts";
import { LOCALES, type MessageKey, type Term, type Translate, term, type Value } from "../i18n/index.ts";
import { RULESET_NAME } from "../i18n/terms.ts";
import type { CommandOptions, HandlerContext } from "../interactions/context.ts";
import { requireChannelPermissions } from "../interactions/permissions.ts";
import type { Response } from "../interactions/reply.ts";
import { timeLimitText } from "../present/time-limit.ts";
import type { Choice } from "./command.ts";
import { guildRequired, manageServerRequired } from "./guards.ts";
import { definitionText, localized, localizedChoice } from "./localize.ts";

/**
 * The server the command runs in. Commands that need one declare the `guild` guard, which the router
 * checks before the handler; called without the router (a handler test), it refuses the same way.
 */
export function requireGuild(ctx: HandlerContext): string {
  if (!ctx.guildId) throw guildRequired();
  return ctx.guildId;
}

/** Longest text accepted in a free-text option: ids, names and time limits are all far shorter. */
export const SHORT_TEXT = 100;

/**
 * The `ruleset` option, by autocomplete (`rulesetChoices`) rather than six choices: Discord counts
 * every name, description and choice of a command against one 8,000-character budget, and six
 * choices on ten subcommands took a fifth of it. A typed id or name is accepted too (`asRuleset`).
 */
export function rulesetOption(option: SlashCommandStringOption, description: MessageKey): SlashCommandStringOption {
  return localized(option, "commands:option.ruleset", description).setAutocomplete(true).setMaxLength(SHORT_TEXT);
}

/** One line per ruleset: what sets it apart (the `rules` catalogue's summaries, shown in suggestions and /rules). */
export const RULESET_SUMMARY = {
  abapa: "rules:summary.abapa",
  wari: "rules:summary.wari",
  caribbean: "rules:summary.caribbean",
  speightstown: "rules:summary.speightstown",
  bridgetown: "rules:summary.bridgetown",
  haiti: "rules:summary.haiti",
} as const satisfies Record<RulesetId, MessageKey>;

/** A ruleset's name as a term of a sentence; an unknown id (an old row) as it is. */
export function rulesetTerm(id: string): Term | string {
  return isRulesetId(id) ? term(RULESET_NAME[id]) : id;
}

/** A ruleset's name on its own (a suggestion's part); an unknown id as it is. */
export function rulesetText(t: Translate, id: string): string {
  return isRulesetId(id) ? t(RULESET_NAME[id]) : id;
}

/** A ruleset's names in every language, in lower case, as a player may type them. */
function rulesetNames(id: RulesetId): string[] {
  return LOCALES.map((locale) => (definitionText(locale, RULESET_NAME[id]) ?? RULESETS[id].name).toLowerCase());
}

/**
 * Suggestions for the `ruleset` option, in the user's language: the rulesets whose id or name (in any
 * of our languages) contains what is typed, with their summary.
 */
export function rulesetChoices(t: Translate, typed: string): Choice[] {
  const text = typed.trim().toLowerCase();
  return RULESET_IDS.filter((id) => id.includes(text) || rulesetNames(id).some((name) => name.includes(text))).map(
    (id) => ({ name: rulesetSuggestion(t, id), value: id }),
  );
}

/** Discord's limit on a suggestion's name. */
const SUGGESTION_LIMIT = 100;

/** "Oware Abapa: The common tournament Oware: …": the summary shortened (with "…") to fit a suggestion. */
function rulesetSuggestion(t: Translate, id: RulesetId): string {
  const ruleset = term(RULESET_NAME[id]);
  const summary = t(RULESET_SUMMARY[id]);
  const whole = t("replies:suggestion.ruleset", { ruleset, summary });
  if (whole.length <= SUGGESTION_LIMIT) return whole;
  const room = summary.length - (whole.length - SUGGESTION_LIMIT) - 1;
  return t("replies:suggestion.ruleset", { ruleset, summary: `${summary.slice(0, Math.max(0, room))}…` }).slice(
    0,
    SUGGESTION_LIMIT,
  );
}

/**
 * The one rule by which leaderboard, stats and ladder choose their ruleset: the `ruleset` option, else
 * the one `whose` (the caller, or the player looked at) plays most here this season, else the server's
 * default ruleset.
 */
export function rulesetOrDefault(
  ctx: HandlerContext,
  options: CommandOptions,
  whose: string = ctx.userId,
  season?: number,
): RulesetId {
  const guildId = requireGuild(ctx);
  return (
    asRuleset(options.getString("ruleset")) ??
    ctx.app.ratings.mostPlayedRuleset(guildId, whose, season) ??
    ctx.app.settings.get(guildId).defaultRuleset
  );
}

/** How the ruleset option of leaderboard, stats and ladder describes that rule. */
export const VIEW_RULESET = "commands:shared.viewRuleset" satisfies MessageKey;

/**
 * Manage Server is needed for part of a command (changing settings, as opposed to showing them);
 * a command that needs it whole declares the `manage-server` guard instead. `what` completes
 * "... needs the Manage Server permission".
 */
export function requireAdmin(ctx: HandlerContext, what: Value): void {
  if (!ctx.canManageGuild) throw manageServerRequired(what);
}

/** The `season` option checked against the seasons there are; the current season when absent. */
export function seasonNumber(ctx: HandlerContext, season: number | null): number {
  const current = ctx.app.ratings.currentSeason(requireGuild(ctx));
  if (season === null) return current;
  if (season < 1 || season > current) {
    throw new UserError("season/unknown", { season, current });
  }
  return season;
}

/** The game with this id in the caller's server (the id in any case). */
export function gameHere(ctx: HandlerContext, gameId: string | null): GameSnapshot {
  const guildId = requireGuild(ctx);
  const id = (gameId ?? "").trim();
  const game = id ? ctx.app.games.findTyped(guildId, id) : null;
  if (!game) throw gameNotFound(id);
  return game;
}

/** The `time` option, by autocomplete: the usual limits are suggested, and any limit can be typed ("2h"). */
export function timeOption(option: SlashCommandStringOption, description: MessageKey): SlashCommandStringOption {
  return localized(option, "commands:option.time", description).setAutocomplete(true).setMaxLength(SHORT_TEXT);
}

/**
 * Suggestions for the `time` option: what is typed when it is a valid limit, then the usual limits
 * starting with it; shown in words in the user's language, sent as the short form ("5m") the option reads.
 */
export function timeChoices(t: Translate, typed: string): Choice[] {
  const text = typed.trim().toLowerCase();
  const seconds = text ? parseTimeLimit(text) : null;
  const own = seconds === null ? [] : [formatTimeLimit(seconds)];
  const usual = TIME_LIMIT_CHOICES.filter((limit) => limit.startsWith(text) && !own.includes(limit));
  return [...own, ...usual].map((limit) => ({
    name: timeLimitText(parseTimeLimit(limit) ?? 0, t, "words"),
    value: limit,
  }));
}

const FIRST_CHOICE_NAME = {
  me: "commands:choice.first.me",
  them: "commands:choice.first.them",
  random: "commands:choice.first.random",
} as const satisfies Record<FirstChoice, MessageKey>;

/** A string option with a fixed set of values, each named in every language by `names`. */
export function choiceOption<V extends string>(
  option: SlashCommandStringOption,
  name: MessageKey,
  description: MessageKey,
  values: readonly V[],
  names: Readonly<Record<V, MessageKey>>,
): SlashCommandStringOption {
  return localized(option, name, description)
    .setMaxLength(SHORT_TEXT)
    .addChoices(...values.map((value) => localizedChoice(names[value], value)));
}

/** The `first` option: who moves first (me, them or random). */
export function firstOption(option: SlashCommandStringOption, description: MessageKey): SlashCommandStringOption {
  return choiceOption(option, "commands:option.first", description, FIRST_CHOICES, FIRST_CHOICE_NAME);
}

export function gameOption(option: SlashCommandStringOption): SlashCommandStringOption {
  return localized(option, "commands:option.game", "commands:shared.game")
    .setAutocomplete(true)
    .setMaxLength(SHORT_TEXT);
}

/** The names of the options that name any game: `id` of game and export, `game` of void and cancel. */
const GAME_ID_OPTION = { id: "commands:option.id", game: "commands:option.game" } as const satisfies Record<
  string,
  MessageKey
>;

/** An option naming any game of the server by id, typed or picked. */
export function gameIdOption(name: keyof typeof GAME_ID_OPTION, description: MessageKey) {
  return (option: SlashCommandStringOption): SlashCommandStringOption =>
    localized(option, GAME_ID_OPTION[name], description)
      .setRequired(true)
      .setAutocomplete(true)
      .setMaxLength(SHORT_TEXT);
}

export function parseTime(text: string | null): number | null {
  if (text === null) return null;
  const seconds = parseTimeLimit(text);
  if (seconds === null) {
    throw new UserError("time/invalid", { text: quoted(text) });
  }
  return seconds;
}

/** A ruleset by id or by name in any of our languages, in any case ("haiti", "Haitian Warri (Kay)", "Haitisk warri (Kay)"). */
export function asRuleset(text: string | null): RulesetId | null {
  if (text === null) return null;
  const typed = text.trim().toLowerCase();
  const found = RULESET_IDS.find((id) => id === typed || rulesetNames(id).includes(typed));
  if (!found) {
    throw new UserError("ruleset/unknown", { text: quoted(text), known: RULESET_IDS.join(", ") });
  }
  return found;
}

/**
 * What a game or series challenge is made of: the caller challenges the `opponent` option (none for
 * an open challenge), with the `ruleset`, `first`, `time` and `rated` options.
 */
export function challengeInput(ctx: HandlerContext, options: CommandOptions): ChallengeInput {
  // The game will be played here: a channel where Nickar cannot post its boards is refused now.
  requireChannelPermissions(ctx);
  const first = options.getString("first");
  return {
    guildId: requireGuild(ctx),
    channelId: ctx.channelId,
    challengerId: ctx.userId,
    opponent: options.getUser("opponent"),
    ruleset: asRuleset(options.getString("ruleset")),
    first: first && (FIRST_CHOICES as readonly string[]).includes(first) ? (first as FirstChoice) : null,
    timeLimit: parseTime(options.getString("time")),
    rated: options.getBoolean("rated"),
  };
}

/** The challenge message (public: in the server's language), bound to the challenge so its buttons find it. */
export function challengeResponse(ctx: HandlerContext, challenge: ChallengeRow): Response {
  const reply = challengeReply(challenge, ctx.tServer);
  return { mode: "reply", reply, bind: { kind: "challenge", id: challenge.id } };
}

/** The game a command is about: the `game` option, or the player's only active game. */
export function resolveGame(ctx: HandlerContext, gameId: string | null): GameSnapshot {
  if (gameId) return gameHere(ctx, gameId);
  const guildId = requireGuild(ctx);
  const active = ctx.app.games.activeFor(guildId, ctx.userId);
  if (active.length === 0) throw new UserError("game/none");
  if (active.length > 1) {
    throw new UserError("game/which", { count: active.length });
  }
  return active[0];
}

/** A game's state in the suggestions. */
const GAME_STATUS = {
  active: "replies:suggestion.status.active",
  finished: "replies:suggestion.status.finished",
  aborted: "replies:suggestion.status.aborted",
  cancelled: "replies:suggestion.status.cancelled",
} as const satisfies Record<GameStatus, MessageKey>;

/** A game as a suggestion: "k7m2xq9d · Oware Abapa vs bob · your move · 1d" (at most 100 characters). */
function suggestion(id: string, parts: readonly string[]): Choice {
  return { name: [id, ...parts].join(" · ").slice(0, SUGGESTION_LIMIT), value: id };
}

/** Keeps the suggestions whose text contains what was typed (in any case), at most 25. */
function matching(choices: readonly Choice[], typed: string): Choice[] {
  const wanted = typed.trim().toLowerCase();
  return choices.filter((c) => c.name.toLowerCase().includes(wanted)).slice(0, 25);
}

/** Suggestions for the `game` option of the commands that act on your games: your active games, with opponent, ruleset and whose move. */
export async function gameChoices(ctx: HandlerContext, focused: { readonly value: string }): Promise<Choice[]> {
  if (!ctx.guildId) return [];
  // The opponents' names are looked up together: autocomplete has to answer within 3 seconds.
  const choices = await Promise.all(
    ctx.app.games.activeFor(ctx.guildId, ctx.userId).map(async (game) => {
      const { row } = game;
      const seat = seatOf(row, ctx.userId);
      const opponentId = seat === 0 ? row.northId : row.southId;
      const opponent = (await ctx.app.displayName(row.guildId, opponentId)) || opponentId;
      const turn = game.state.position.toMove === seat ? "replies:suggestion.yourMove" : "replies:suggestion.theirMove";
      return suggestion(row.id, [
        ctx.t("replies:suggestion.versus", { ruleset: rulesetTerm(game.state.ruleset), opponent }),
        ctx.t(turn),
        timeLimitText(row.timeLimit, ctx.t, "words"),
      ]);
    }),
  );
  return matching(choices, focused.value);
}

/**
 * Suggestions for an option naming any game (`game id`, `export id`, the admins' `void` and `cancel`):
 * your games first, then the server's recent games, with the players, ruleset, date and state.
 */
export async function anyGameChoices(ctx: HandlerContext, focused: { readonly value: string }): Promise<Choice[]> {
  if (!ctx.guildId) return [];
  const rows = ctx.app.games.recent(ctx.guildId, ctx.userId, 25);
  const ids = [...new Set(rows.flatMap((r) => [r.southId, r.northId]))];
  const names = new Map(
    await Promise.all(ids.map(async (id) => [id, (await ctx.app.displayName(ctx.guildId, id)) || id] as const)),
  );
  const choices = rows.map((row) => {
    const seat = seatOf(row, ctx.userId);
    const players =
      seat === null
        ? ctx.t("replies:suggestion.players", {
            south: names.get(row.southId) ?? "",
            north: names.get(row.northId) ?? "",
          })
        : ctx.t("replies:suggestion.youVersus", { opponent: names.get(userOf(row, opponent(seat))) ?? "" });
    return suggestion(row.id, [
      rulesetText(ctx.t, row.ruleset),
      players,
      dateText(row.finishedAt ?? row.createdAt),
      ctx.t(GAME_STATUS[row.status]),
    ]);
  });
  return matching(choices, focused.value);
}

/**
 * After a slash command changed a game: bring its message up to date, tell the player to move after
 * a move and both players when the command ended it (`change`, see `GameChange`; a series' next game
 * is posted), and `answer` privately.
 */
export function changedGame(
  ctx: HandlerContext,
  game: GameSnapshot,
  answer: string,
  change: Omit<GameChange, "reply"> = {},
): Response {
  const { edits, posts, notices } = updateGame(ctx, game, change);
  return { mode: "reply", reply: { content: answer, ephemeral: true }, edits, posts, notices };
}

/** The computer opponent's levels, in words. */
export const LEVEL_NAME = {
  easy: "commands:choice.level.easy",
  medium: "commands:choice.level.medium",
  hard: "commands:choice.level.hard",
  expert: "commands:choice.level.expert",
} as const satisfies Record<ComputerLevel, MessageKey>;

/** The `level` option: the computer opponent's strength. */
export function levelOption(option: SlashCommandStringOption, description: MessageKey): SlashCommandStringOption {
  return choiceOption(option, "commands:option.level", description, COMPUTER_LEVELS, LEVEL_NAME);
}

export function asLevel(text: string | null): ComputerLevel | null {
  if (text === null) return null;
  if (!(COMPUTER_LEVELS as readonly string[]).includes(text))
    throw new UserError("level/unknown", { text: quoted(text), levels: COMPUTER_LEVELS.join(", ") });
  return text as ComputerLevel;
}

/**
 * A game against Nickar itself, started at once (no Accept) and unrated; the board is posted as the
 * game's message. If Nickar moves first, it starts thinking once the message is there.
 */
export function computerGameResponse(ctx: HandlerContext, input: ChallengeInput, level: ComputerLevel): Response {
  const { computer } = ctx.app;
  if (!computer.enabled || computer.userId === null) {
    throw new UserError("computer/off-play");
  }
  const game = ctx.app.challenges.playComputer(input, level, computer.userId);
  // A note on the public board: in the server's language.
  const note = input.rated ? ctx.tServer("replies:computer.unrated") : undefined;
  return { mode: "reply", reply: gameMessage(ctx.app, game, note), bind: { kind: "game", id: game.row.id } };
}
