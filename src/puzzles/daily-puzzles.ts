/**
 * The daily puzzle (docs/admins.md, "Daily puzzle"): a server that set a channel gets one puzzle a day
 * there at its time (UTC), solved privately through the post's Solve button; the post shows how many
 * solved it (edited at most once a minute), and the next day the solution is posted and the button goes.
 * Everything due is read from the database, so the scheduler finds it again after a restart.
 */
import { and, eq, isNotNull, isNull, lt, sql } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import { builtOnce, type Db, IMMEDIATE, type Tx } from "../db/client.ts";
import { enqueue, type OutboxItem } from "../db/outbox.ts";
import { type DailyPuzzleRow, dailyPuzzles, guildSettings, puzzleAttempts, puzzles } from "../db/schema.ts";
import type { RulesetId } from "../engine/index.ts";
import { UserError } from "../errors.ts";
import { DEFAULT_DAILY_PUZZLE_MINUTE, type SettingsService } from "../games/settings.ts";
import type { PuzzleService, PuzzleTry } from "./puzzle-service.ts";

/** The post's counts are edited at most this often. */
export const COUNTS_EVERY_MS = 60_000;
const DAY_MS = 86_400_000;
/** The daily puzzle is drawn among this many puzzles nearest this rating that the server never had. */
const DAILY_RATING = 1500;
const DAILY_NEAREST = 20;

/** The UTC day of a time, YYYY-MM-DD. */
export function dayOf(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The time of a server's daily puzzle on the day of `ms`. */
export function postTimeOn(ms: number, minute: number): number {
  return Math.floor(ms / DAY_MS) * DAY_MS + minute * 60_000;
}

/** "HH:MM" (UTC) as minutes after midnight; null when it is not a time of day. */
export function parseDailyTime(text: string): number | null {
  const m = /^\s*([01]?\d|2[0-3])[:h.]([0-5]\d)\s*(?:utc)?\s*$/i.exec(text);
  return m ? Number(m[1]) * 60 + Number(m[2]) : null;
}

export function formatDailyTime(minute: number): string {
  return `${String(Math.floor(minute / 60)).padStart(2, "0")}:${String(minute % 60).padStart(2, "0")}`;
}

/** The outbox's kinds of a day's two posts (src/puzzles/jobs/daily-puzzle-outbox.ts). */
export const DAILY_POST = "daily-puzzle";
export const DAILY_SOLUTION = "daily-solution";

/** The puzzle's post, or its solution's after it: the outbox's row, keyed by the server's day. */
function dailyItem(row: DailyPuzzleRow, what: "post" | "solution"): OutboxItem {
  const key = (part: string) => `daily:${row.guildId}:${row.date}:${part}`;
  return {
    key: key(what),
    kind: what === "post" ? DAILY_POST : DAILY_SOLUTION,
    guildId: row.guildId,
    channelId: row.channelId,
    subjectId: row.date,
    afterKey: what === "solution" ? key("post") : null,
  };
}

export interface DailyCounts {
  readonly solved: number;
  readonly tried: number;
}

// Each scheduler sweep's (at every change, throttled): built once (builtOnce).
/** The servers with a daily puzzle channel, with today's puzzle's date when it is chosen (`all({ today })`). */
const dailyServers = builtOnce((db) =>
  db
    .select({
      guildId: guildSettings.guildId,
      channelId: guildSettings.dailyPuzzleChannel,
      minute: guildSettings.dailyPuzzleMinute,
      today: dailyPuzzles.date,
    })
    .from(guildSettings)
    .leftJoin(
      dailyPuzzles,
      and(eq(dailyPuzzles.guildId, guildSettings.guildId), eq(dailyPuzzles.date, sql.placeholder("today"))),
    )
    .where(isNotNull(guildSettings.dailyPuzzleChannel))
    .prepare(),
);
/** The posted puzzles whose solution is not out yet, with their players' counts. */
const openPostCounts = builtOnce((db) =>
  db
    .select({
      row: dailyPuzzles,
      tried: sql<number>`count(distinct ${puzzleAttempts.userId})`,
      solved: sql<number>`count(distinct case when ${puzzleAttempts.status} = 'solved' then ${puzzleAttempts.userId} end)`,
    })
    .from(dailyPuzzles)
    .innerJoin(
      puzzleAttempts,
      and(eq(puzzleAttempts.guildId, dailyPuzzles.guildId), eq(puzzleAttempts.dailyDate, dailyPuzzles.date)),
    )
    .where(and(isNull(dailyPuzzles.solutionAt), isNotNull(dailyPuzzles.messageId)))
    .groupBy(dailyPuzzles.guildId, dailyPuzzles.date)
    .prepare(),
);
/** The puzzles of days before `today` whose solution is not posted. */
const pastUnsolved = builtOnce((db) =>
  db
    .select()
    .from(dailyPuzzles)
    .where(and(isNull(dailyPuzzles.solutionAt), lt(dailyPuzzles.date, sql.placeholder("today"))))
    .prepare(),
);
const oldestUnsolved = builtOnce((db) =>
  db
    .select({ date: sql<string | null>`min(${dailyPuzzles.date})` })
    .from(dailyPuzzles)
    .where(isNull(dailyPuzzles.solutionAt))
    .prepare(),
);

export class DailyPuzzles {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly settings: SettingsService,
    private readonly puzzles: PuzzleService,
    private readonly random: () => number = Math.random,
  ) {}

  get(guildId: string, date: string, db: Db | Tx = this.db): DailyPuzzleRow | null {
    return (
      db
        .select()
        .from(dailyPuzzles)
        .where(and(eq(dailyPuzzles.guildId, guildId), eq(dailyPuzzles.date, date)))
        .get() ?? null
    );
  }

  /** The servers whose puzzle of today is due (their time has come) and not yet chosen. */
  duePosts(owns: (guildId: string) => boolean = () => true): { guildId: string; channelId: string; date: string }[] {
    const now = this.clock.now();
    return this.servers(now)
      .filter((s) => owns(s.guildId) && !s.postedToday && postTimeOn(now, s.minute) <= now)
      .map((s) => ({ guildId: s.guildId, channelId: s.channelId, date: dayOf(now) }));
  }

  /** The servers with a daily puzzle, and whether today's is chosen: one query, however many servers. */
  private servers(now: number): { guildId: string; channelId: string; minute: number; postedToday: boolean }[] {
    return dailyServers(this.db)
      .all({ today: dayOf(now) })
      .map((r) => ({
        guildId: r.guildId,
        channelId: r.channelId!,
        minute: r.minute ?? DEFAULT_DAILY_PUZZLE_MINUTE,
        postedToday: r.today !== null,
      }));
  }

  /**
   * Chooses the server's puzzle of `date` (in its default ruleset, one it never had, near an average
   * rating) and records it, with its post in the outbox (one transaction: a crash loses neither); the outbox
   * posts it and binds the message (src/puzzles/jobs/daily-puzzle-outbox.ts). Idempotent for a day.
   */
  choose(guildId: string, channelId: string, date: string): DailyPuzzleRow {
    const existing = this.get(guildId, date);
    if (existing) return existing;
    const ruleset = this.settings.get(guildId).defaultRuleset;
    this.puzzles.ready();
    return this.db.transaction((tx) => this.record(tx, guildId, channelId, date, ruleset), IMMEDIATE);
  }

  private record(tx: Tx, guildId: string, channelId: string, date: string, ruleset: RulesetId): DailyPuzzleRow {
    const existing = this.get(guildId, date, tx);
    if (existing) return existing;
    const had = sql`${puzzles.id} in (select ${dailyPuzzles.puzzleId} from ${dailyPuzzles} where ${dailyPuzzles.guildId} = ${guildId})`;
    const pick = (where: ReturnType<typeof and>) =>
      tx
        .select({ id: puzzles.id })
        .from(puzzles)
        .where(where)
        .orderBy(sql`abs(${puzzles.rating} - ${DAILY_RATING})`)
        .limit(DAILY_NEAREST)
        .all();
    let candidates = pick(and(eq(puzzles.ruleset, ruleset), sql`not ${had}`));
    // A server that had every puzzle of its ruleset starts again from the nearest.
    if (!candidates.length) candidates = pick(eq(puzzles.ruleset, ruleset));
    // None at all (no starter set in this deployment): the day is recorded as closed, not retried every sweep.
    const puzzleId = candidates.length ? candidates[Math.floor(this.random() * candidates.length)].id : "";
    const row: DailyPuzzleRow = {
      guildId,
      date,
      puzzleId,
      channelId,
      messageId: null,
      solved: 0,
      tried: 0,
      shownSolved: 0,
      shownTried: 0,
      shownAt: this.clock.now(),
      solutionAt: puzzleId ? null : this.clock.now(),
      postedAt: this.clock.now(),
    };
    tx.insert(dailyPuzzles).values(row).run();
    if (puzzleId) enqueue(tx, dailyItem(row, "post"), row.postedAt);
    return row;
  }

  bindMessage(guildId: string, date: string, messageId: string): void {
    this.db
      .update(dailyPuzzles)
      .set({ messageId })
      .where(and(eq(dailyPuzzles.guildId, guildId), eq(dailyPuzzles.date, date)))
      .run();
  }

  /** A player's try at the server's puzzle of `date`, from its post: refused once its solution is out. */
  start(userId: string, guildId: string, date: string): PuzzleTry {
    const daily = this.get(guildId, date);
    if (!daily) throw new UserError("puzzle/gone");
    if (daily.solutionAt !== null) throw new UserError("puzzle/daily-over");
    return this.puzzles.start({ userId, guildId }, daily.puzzleId, date);
  }

  /** Who solved and who tried the puzzle of `date` from its post (each player once). */
  counts(guildId: string, date: string): DailyCounts {
    const row = this.db
      .select({
        tried: sql<number>`count(distinct ${puzzleAttempts.userId})`,
        solved: sql<number>`count(distinct case when ${puzzleAttempts.status} = 'solved' then ${puzzleAttempts.userId} end)`,
      })
      .from(puzzleAttempts)
      .where(and(eq(puzzleAttempts.guildId, guildId), eq(puzzleAttempts.dailyDate, date)))
      .get();
    return { solved: row?.solved ?? 0, tried: row?.tried ?? 0 };
  }

  /** Posts whose counts changed since they were last shown, and when each may be edited next (one query). */
  private changedCounts(): { row: DailyPuzzleRow; counts: DailyCounts; at: number }[] {
    const rows = openPostCounts(this.db).all();
    return rows
      .map(({ row, tried, solved }) => ({ row, counts: { solved, tried }, at: row.shownAt + COUNTS_EVERY_MS }))
      .filter(({ row, counts }) => counts.solved !== row.shownSolved || counts.tried !== row.shownTried);
  }

  /** The posts to edit now with their new counts (at most once a minute each). */
  dueCounts(owns: (guildId: string) => boolean = () => true): { row: DailyPuzzleRow; counts: DailyCounts }[] {
    const now = this.clock.now();
    return this.changedCounts().filter((c) => c.at <= now && owns(c.row.guildId));
  }

  markShown(row: DailyPuzzleRow, counts: DailyCounts): void {
    this.db
      .update(dailyPuzzles)
      .set({ shownSolved: counts.solved, shownTried: counts.tried, shownAt: this.clock.now(), ...counts })
      .where(and(eq(dailyPuzzles.guildId, row.guildId), eq(dailyPuzzles.date, row.date)))
      .run();
  }

  /** Puzzles of a past day whose solution is not posted yet. */
  dueSolutions(owns: (guildId: string) => boolean = () => true): DailyPuzzleRow[] {
    return pastUnsolved(this.db)
      .all({ today: dayOf(this.clock.now()) })
      .filter((row) => owns(row.guildId));
  }

  /**
   * The day of `row` is over: its solution is out (tries refused from now on), with its post in the outbox in
   * the same transaction (after the puzzle's own post). The counts are those it shows.
   */
  markSolved(row: DailyPuzzleRow, counts: DailyCounts): void {
    const now = this.clock.now();
    this.db.transaction((tx) => {
      const solved = tx
        .update(dailyPuzzles)
        .set({ solutionAt: now, ...counts, shownSolved: counts.solved, shownTried: counts.tried })
        .where(
          and(eq(dailyPuzzles.guildId, row.guildId), eq(dailyPuzzles.date, row.date), isNull(dailyPuzzles.solutionAt)),
        )
        .returning()
        .get();
      if (solved?.puzzleId) enqueue(tx, dailyItem(solved, "solution"), now);
    }, IMMEDIATE);
  }

  /** The next time something is due: a server's post time, the next midnight (solutions), a count edit. */
  nextDue(): number | null {
    const now = this.clock.now();
    const times: number[] = [];
    for (const s of this.servers(now)) {
      const today = postTimeOn(now, s.minute);
      times.push(s.postedToday ? today + DAY_MS : today);
    }
    // A puzzle's solution is due at the first midnight after its day.
    const oldest = oldestUnsolved(this.db).get()?.date;
    if (oldest) times.push(Date.parse(`${oldest}T00:00:00Z`) + DAY_MS);
    for (const c of this.changedCounts()) times.push(c.at);
    return times.length ? Math.min(...times) : null;
  }
}
