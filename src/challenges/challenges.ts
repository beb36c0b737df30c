/**
 * Challenges: created by one player, accepted (which creates the game in the same transaction),
 * declined, cancelled or expired. Refusals are UserErrors with a reason the user can act on.
 * Ladder and series challenges take the same path; the competitive hooks settle their terms.
 */
import { and, desc, eq, gt, isNull, lte, sql } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import { builtOnce, type Db, IMMEDIATE, type Tx } from "../db/client.ts";
import {
  type ChallengeKind,
  type ChallengeRow,
  type ComputerLevel,
  challenges,
  type FirstChoice,
} from "../db/schema.ts";
import type { RulesetId } from "../engine/index.ts";
import { type ErrorCode, UserError } from "../errors.ts";
import { activeGameCount, insertGame } from "../games/game-store.ts";
import type { CompetitionHooks } from "../games/hooks.ts";
import { newId } from "../games/ids.ts";
import { RetryLater, type SweepFailure } from "../games/retry.ts";
import type { GuildSettings, SettingsService } from "../games/settings.ts";
import { type GameSnapshot, snapshotOf } from "../games/snapshot.ts";
import { channel, list, time, user } from "../i18n/index.ts";
import { type Note, storeNote } from "../i18n/note.ts";

// Each scheduler sweep's (at every change, throttled): built once (builtOnce).
const expiredChallenges = builtOnce((db) =>
  db
    .select({ id: challenges.id })
    .from(challenges)
    .where(and(eq(challenges.status, "pending"), lte(challenges.expiresAt, sql.placeholder("now"))))
    .prepare(),
);
const pendingExpiries = builtOnce((db) =>
  db
    .select({ id: challenges.id, expiresAt: challenges.expiresAt })
    .from(challenges)
    .where(eq(challenges.status, "pending"))
    .prepare(),
);

export interface ChallengeInput {
  readonly guildId: string;
  readonly channelId: string;
  readonly challengerId: string;
  /** Null for an open challenge. */
  readonly opponent: { readonly id: string; readonly bot: boolean } | null;
  readonly ruleset?: RulesetId | null;
  readonly first?: FirstChoice | null;
  /** Seconds per move. */
  readonly timeLimit?: number | null;
  readonly rated?: boolean | null;
  /** Default "game"; "ladder" and "series" need an opponent. */
  readonly kind?: ChallengeKind;
  /** Wins needed to take a series. */
  readonly firstTo?: number | null;
}

/** The challenge rate limit counts the challenges of the last hour. */
export const CHALLENGE_RATE_WINDOW = 60 * 60_000;

/** Open challenges (anyone may accept) one player may have pending in a server at a time. */
export const MAX_OPEN_CHALLENGES = 1;

export interface Accepted {
  readonly challenge: ChallengeRow;
  readonly game: GameSnapshot;
  /** Something the players should know about the game's terms (e.g. why it is unrated), or null. */
  readonly note: Note | null;
}

/** Why a challenge that is no longer pending cannot be answered. */
const CLOSED = {
  accepted: "challenge/accepted",
  declined: "challenge/declined",
  cancelled: "challenge/cancelled",
  expired: "challenge/expired",
} as const satisfies Record<Exclude<ChallengeRow["status"], "pending">, ErrorCode>;

/** Games can be started only in the server's allowed channels (when it has chosen some). */
function checkChannel(settings: GuildSettings, channelId: string): void {
  if (settings.allowedChannels && !settings.allowedChannels.includes(channelId)) {
    throw new UserError("challenge/channel", { channels: list(settings.allowedChannels.map(channel)) });
  }
}

export class ChallengeService {
  /** Due challenges whose expiry failed, skipped for a while. */
  private readonly retry = new RetryLater();

  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly settings: SettingsService,
    private readonly hooks: CompetitionHooks,
    /** Decides "random" colours; injectable so tests are deterministic. */
    private readonly random: () => number = Math.random,
  ) {}

  get(id: string): ChallengeRow | null {
    return this.db.select().from(challenges).where(eq(challenges.id, id)).get() ?? null;
  }

  create(input: ChallengeInput): ChallengeRow {
    const now = this.clock.now();
    return this.db.transaction((tx) => {
      const settings = this.settings.get(input.guildId, tx);
      const { opponent, challengerId, guildId } = input;
      checkChannel(settings, input.channelId);
      this.checkChallengeRate(tx, guildId, challengerId, settings.challengesPerHour, now);
      if (opponent?.id === challengerId) throw new UserError("challenge/self");
      if (opponent?.bot) throw new UserError("challenge/bot");
      // The challenger's pending challenges in this server to the same opponent (or open ones).
      const pending = tx
        .select({ id: challenges.id })
        .from(challenges)
        .where(
          and(
            eq(challenges.guildId, guildId),
            eq(challenges.challengerId, challengerId),
            opponent ? eq(challenges.opponentId, opponent.id) : isNull(challenges.opponentId),
            eq(challenges.status, "pending"),
            gt(challenges.expiresAt, now),
          ),
        )
        .all();
      if (opponent && pending.length > 0) {
        throw new UserError("challenge/duplicate", { opponent: user(opponent.id) });
      }
      if (!opponent && pending.length >= MAX_OPEN_CHALLENGES) {
        throw new UserError("challenge/open-limit");
      }
      this.checkGameLimit(tx, guildId, challengerId, settings.maxGamesPerPlayer, true);
      if (opponent) this.checkGameLimit(tx, guildId, opponent.id, settings.maxGamesPerPlayer, false);
      const ruleset = input.ruleset ?? settings.defaultRuleset;
      const kind = input.kind ?? "game";
      const firstTo = kind === "series" ? (input.firstTo ?? null) : null;
      const terms = this.hooks.challengeTerms(
        tx,
        { guildId, challengerId, opponentId: opponent?.id ?? null, ruleset, kind, firstTo, rated: input.rated ?? true },
        settings,
        now,
        now + this.settings.defaults.challengeExpiry,
      );
      return tx
        .insert(challenges)
        .values({
          id: newId(),
          guildId,
          channelId: input.channelId,
          challengerId,
          opponentId: opponent?.id ?? null,
          ruleset,
          first: input.first ?? "random",
          timeLimit: input.timeLimit ?? settings.defaultTimeLimit,
          rated: terms.rated,
          kind,
          firstTo,
          note: storeNote(terms.note),
          createdAt: now,
          expiresAt: terms.expiresAt,
        })
        .returning()
        .get();
    }, IMMEDIATE);
  }

  /**
   * A game against the computer opponent (`/nickar play`, or a challenge to Nickar), whose user id is
   * `computerId`: it starts at once, with no Accept, and is unrated. The challenger's `first` choice,
   * ruleset and time limit apply as in a challenge, and so do the channel and game-limit rules.
   */
  playComputer(input: ChallengeInput, level: ComputerLevel, computerId: string): GameSnapshot {
    const now = this.clock.now();
    return this.db.transaction((tx) => {
      const { guildId, challengerId } = input;
      if ((input.kind ?? "game") !== "game") {
        throw new UserError("computer/game-only");
      }
      const settings = this.settings.get(guildId, tx);
      checkChannel(settings, input.channelId);
      this.checkGameLimit(tx, guildId, challengerId, settings.maxGamesPerPlayer, true);
      const first = input.first ?? "random";
      const playerSouth = first === "me" ? true : first === "them" ? false : this.random() < 0.5;
      const row = insertGame(
        tx,
        {
          guildId,
          channelId: input.channelId,
          messageId: null,
          ruleset: input.ruleset ?? settings.defaultRuleset,
          southId: playerSouth ? challengerId : computerId,
          northId: playerSouth ? computerId : challengerId,
          timeLimit: input.timeLimit ?? settings.defaultTimeLimit,
          rated: false,
          level,
        },
        now,
        computerId,
      );
      return snapshotOf(row);
    }, IMMEDIATE);
  }

  bindMessage(id: string, messageId: string): void {
    this.db.update(challenges).set({ messageId }).where(eq(challenges.id, id)).run();
  }

  /** Accepts and starts the game; the challenge message becomes the game message. */
  accept(id: string, userId: string): Accepted {
    const now = this.clock.now();
    return this.db.transaction((tx) => {
      const challenge = this.loadPending(tx, id, now);
      if (userId === challenge.challengerId) {
        throw new UserError("challenge/own");
      }
      if (challenge.opponentId && challenge.opponentId !== userId) {
        throw new UserError("challenge/not-for-you");
      }
      const settings = this.settings.get(challenge.guildId, tx);
      this.checkGameLimit(tx, challenge.guildId, userId, settings.maxGamesPerPlayer, true);
      this.checkGameLimit(tx, challenge.guildId, challenge.challengerId, settings.maxGamesPerPlayer, false);
      const challengerSouth =
        challenge.first === "me" ? true : challenge.first === "them" ? false : this.random() < 0.5;
      const southId = challengerSouth ? challenge.challengerId : userId;
      const { note, ...terms } = this.hooks.gameTerms(tx, challenge, userId, southId, settings, now);
      const row = insertGame(
        tx,
        {
          guildId: challenge.guildId,
          channelId: challenge.channelId,
          messageId: challenge.messageId,
          ruleset: challenge.ruleset,
          southId,
          northId: challengerSouth ? userId : challenge.challengerId,
          timeLimit: challenge.timeLimit,
          ...terms,
        },
        now,
      );
      const accepted = this.close(tx, challenge, { status: "accepted", opponentId: userId, gameId: row.id });
      return { challenge: accepted, game: snapshotOf(row), note };
    }, IMMEDIATE);
  }

  decline(id: string, userId: string): ChallengeRow {
    const now = this.clock.now();
    return this.db.transaction((tx) => {
      const challenge = this.loadPending(tx, id, now);
      if (challenge.opponentId !== userId) {
        throw new UserError(
          userId === challenge.challengerId ? "challenge/decline-own" : "challenge/decline-not-yours",
        );
      }
      const declined = this.close(tx, challenge, { status: "declined" });
      this.hooks.challengeRefused(tx, declined, now);
      return declined;
    }, IMMEDIATE);
  }

  cancel(id: string, userId: string): ChallengeRow {
    const now = this.clock.now();
    return this.db.transaction((tx) => {
      const challenge = this.loadPending(tx, id, now);
      if (challenge.challengerId !== userId) {
        throw new UserError("challenge/not-yours");
      }
      return this.close(tx, challenge, { status: "cancelled" });
    }, IMMEDIATE);
  }

  /**
   * Marks every challenge past its expiry as expired and returns them (their messages need editing).
   * One transaction per challenge, since an expired ladder challenge also moves the ladder, and one
   * try/catch per challenge: one that fails is reported in `failed` and skipped for a while.
   */
  expire(): { expired: ChallengeRow[]; failed: SweepFailure[] } {
    const now = this.clock.now();
    const due = expiredChallenges(this.db).all({ now });
    const { done, failed } = this.retry.sweep(
      due.map((d) => d.id),
      now,
      (id) =>
        this.db.transaction((tx) => {
          const closed = tx
            .update(challenges)
            .set({ status: "expired" })
            .where(and(eq(challenges.id, id), eq(challenges.status, "pending")))
            .returning()
            .get();
          if (closed) this.hooks.challengeRefused(tx, closed, now);
          return closed ?? null;
        }, IMMEDIATE),
    );
    return { expired: done, failed };
  }

  /** The earliest expiry of a pending challenge (a failed one: its retry time), for the scheduler. */
  nextExpiry(): number | null {
    const rows = pendingExpiries(this.db).all();
    return rows.length ? Math.min(...rows.map((r) => this.retry.notBefore(r.id, r.expiresAt))) : null;
  }

  private loadPending(tx: Tx, id: string, now: number): ChallengeRow {
    const challenge = tx.select().from(challenges).where(eq(challenges.id, id)).get();
    if (!challenge) throw new UserError("challenge/not-found");
    if (challenge.status === "pending" && challenge.expiresAt <= now) {
      throw new UserError("challenge/expired");
    }
    if (challenge.status !== "pending") throw new UserError(CLOSED[challenge.status]);
    return challenge;
  }

  private close(tx: Tx, challenge: ChallengeRow, changes: Partial<ChallengeRow>): ChallengeRow {
    const row = tx
      .update(challenges)
      .set(changes)
      .where(and(eq(challenges.id, challenge.id), eq(challenges.status, "pending")))
      .returning()
      .get();
    if (!row) throw new UserError("challenge/answered");
    return row;
  }

  /**
   * At most `perHour` challenges (of any kind, answered or not) by one player in a server in any
   * hour, counted from the table itself, so the limit holds across restarts. 0 = no limit.
   */
  private checkChallengeRate(tx: Tx, guildId: string, challengerId: string, perHour: number, now: number): void {
    if (perHour <= 0) return;
    const recent = tx
      .select({ createdAt: challenges.createdAt })
      .from(challenges)
      .where(
        and(
          eq(challenges.guildId, guildId),
          eq(challenges.challengerId, challengerId),
          gt(challenges.createdAt, now - CHALLENGE_RATE_WINDOW),
        ),
      )
      .orderBy(desc(challenges.createdAt))
      .limit(perHour)
      .all();
    if (recent.length < perHour) return;
    // The oldest of the last `perHour` challenges leaves the window first.
    const retryAt = recent[perHour - 1].createdAt + CHALLENGE_RATE_WINDOW;
    throw new UserError("rate/challenges", { count: perHour, retryAt: time(retryAt) });
  }

  /** Refuses when `userId` already plays `max` games; `self`: they are the one acting ("You are…"). */
  private checkGameLimit(tx: Tx, guildId: string, userId: string, max: number, self: boolean): void {
    if (activeGameCount(tx, guildId, userId) >= max) {
      throw self
        ? new UserError("challenge/too-many-games-you", { count: max })
        : new UserError("challenge/too-many-games-them", { count: max, player: user(userId) });
    }
  }
}
