/** Per-server settings with the configured defaults filled in. */
import { eq } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import type { Db, Tx } from "../db/client.ts";
import {
  guildSettings,
  TOURNAMENT_CREATORS,
  TOURNAMENT_FORMATS,
  type TournamentCreators,
  type TournamentFormat,
} from "../db/schema.ts";
import { isRulesetId, type RulesetId } from "../engine/index.ts";
import { isLocale, type Locale } from "../i18n/index.ts";

export interface Defaults {
  /** Seconds per move when the server has not chosen. */
  readonly timeLimit: number;
  readonly maxGamesPerPlayer: number;
  /** Milliseconds before an unanswered challenge expires. */
  readonly challengeExpiry: number;
  /** Commands and button presses per player per minute unless the server chooses; absent or 0 = no limit. */
  readonly commandsPerMinute?: number;
  /** Challenges per player per hour unless the server chooses; absent or 0 = no limit. */
  readonly challengesPerHour?: number;
}

export { TOURNAMENT_CREATORS, TOURNAMENT_FORMATS, type TournamentCreators, type TournamentFormat };

/** Rated games two players may start against each other in 24 hours, unless the server says otherwise. */
export const DEFAULT_RATED_PAIRS_PER_DAY = 5;
export const DEFAULT_LADDER_INACTIVE_DAYS = 14;

export interface GuildSettings {
  readonly defaultRuleset: RulesetId;
  readonly defaultTimeLimit: number;
  /** Channel ids where games may start; null = any channel. */
  readonly allowedChannels: readonly string[] | null;
  readonly maxGamesPerPlayer: number;
  /** 0 = no limit. Games beyond it are played unrated. */
  readonly ratedPairsPerDay: number;
  readonly ladderEnabled: boolean;
  readonly ladderInactiveDays: number;
  /** The game message shows each move as an animation instead of a still image. */
  readonly animateMoves: boolean;
  /** Slash commands and button presses (moves aside) per player per minute; 0 = no limit. */
  readonly commandsPerMinute: number;
  /** Challenges per player per hour; 0 = no limit. */
  readonly challengesPerHour: number;
  /** The language of public messages (boards, narration, reminders); null = the server's Discord locale. */
  readonly language: Locale | null;
  /** Who may create a tournament: members with Manage Server, or everyone. */
  readonly tournamentCreators: TournamentCreators;
  /** Takebacks in rated games too (unrated games and games against Nickar always allow them). */
  readonly ratedTakebacks: boolean;
  /** Where the daily puzzle is posted; null = no daily puzzle. */
  readonly dailyPuzzleChannel: string | null;
  /** When the daily puzzle is posted: minutes after midnight UTC. */
  readonly dailyPuzzleMinute: number;
}

/** The daily puzzle's time when none is set: 12:00 UTC. */
export const DEFAULT_DAILY_PUZZLE_MINUTE = 12 * 60;

/** The settings to change; the others keep their value. */
export type SettingsPatch = { -readonly [K in keyof GuildSettings]?: GuildSettings[K] };

/**
 * How long a server's settings are answered from memory. Every interaction reads them several
 * times (the language, the limits, the channels), and under load that query was the hottest one; an
 * update made here is seen at once, one made by another process (another shard) within this time.
 */
export const SETTINGS_CACHE_MS = 5_000;
const SETTINGS_CACHE_SIZE = 10_000;

export class SettingsService {
  private readonly cache = new Map<string, { readonly settings: GuildSettings; readonly until: number }>();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    readonly defaults: Defaults,
  ) {}

  get(guildId: string, tx: Tx | Db = this.db): GuildSettings {
    // Inside a writing transaction the settings are read from its snapshot, as the write relies on.
    if (tx !== this.db) return this.read(guildId, tx);
    // Freshness is measured on the process's own clock, not the games' (which tests move by hand).
    const now = performance.now();
    const cached = this.cache.get(guildId);
    if (cached && cached.until > now) return cached.settings;
    // Shared by every caller until it expires: frozen, so none can change it for the others.
    const read = this.read(guildId, tx);
    const settings = Object.freeze({
      ...read,
      allowedChannels: read.allowedChannels && Object.freeze(read.allowedChannels),
    });
    if (this.cache.size >= SETTINGS_CACHE_SIZE) this.cache.clear();
    this.cache.set(guildId, { settings, until: now + SETTINGS_CACHE_MS });
    return settings;
  }

  private read(guildId: string, tx: Tx | Db): GuildSettings {
    const row = tx.select().from(guildSettings).where(eq(guildSettings.guildId, guildId)).get();
    return {
      defaultRuleset: row?.defaultRuleset && isRulesetId(row.defaultRuleset) ? row.defaultRuleset : "abapa",
      defaultTimeLimit: row?.defaultTimeLimit ?? this.defaults.timeLimit,
      allowedChannels: row?.allowedChannels ? (JSON.parse(row.allowedChannels) as string[]) : null,
      maxGamesPerPlayer: row?.maxGamesPerPlayer ?? this.defaults.maxGamesPerPlayer,
      ratedPairsPerDay: row?.ratedPairsPerDay ?? DEFAULT_RATED_PAIRS_PER_DAY,
      ladderEnabled: row?.ladderEnabled ?? false,
      ladderInactiveDays: row?.ladderInactiveDays ?? DEFAULT_LADDER_INACTIVE_DAYS,
      animateMoves: row?.animateMoves ?? false,
      commandsPerMinute: row?.commandsPerMinute ?? this.defaults.commandsPerMinute ?? 0,
      challengesPerHour: row?.challengesPerHour ?? this.defaults.challengesPerHour ?? 0,
      language: row?.language && isLocale(row.language) ? row.language : null,
      tournamentCreators: row?.tournamentCreators === "everyone" ? "everyone" : "managers",
      ratedTakebacks: row?.ratedTakebacks ?? false,
      dailyPuzzleChannel: row?.dailyPuzzleChannel ?? null,
      dailyPuzzleMinute: row?.dailyPuzzleMinute ?? DEFAULT_DAILY_PUZZLE_MINUTE,
    };
  }

  update(guildId: string, patch: SettingsPatch): GuildSettings {
    const { allowedChannels, ...columns } = patch;
    // Drizzle leaves out the undefined fields, so only the given settings are written.
    const values = {
      ...columns,
      allowedChannels:
        allowedChannels === undefined ? undefined : allowedChannels?.length ? JSON.stringify(allowedChannels) : null,
      updatedAt: this.clock.now(),
    };
    this.db
      .insert(guildSettings)
      .values({ guildId, ...values })
      .onConflictDoUpdate({ target: guildSettings.guildId, set: values })
      .run();
    this.cache.delete(guildId);
    return this.get(guildId);
  }
}
