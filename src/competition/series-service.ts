/** Series for the commands and views: score lines, the next game to post, resigning, standings. */
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import type { Clock } from "../clock.ts";
import { type Db, IMMEDIATE } from "../db/client.ts";
import { type GameRow, games, type SeriesRow, series } from "../db/schema.ts";
import { UserError } from "../errors.ts";
import type { GameService } from "../games/service.ts";
import { type GameSnapshot, snapshotOf } from "../games/snapshot.ts";
import type { Note } from "../i18n/note.ts";
import type { SeriesScore } from "./series.ts";
import {
  activeSeriesGame,
  activeSeriesOf,
  resignSeries,
  scoreOf,
  seriesGameNote,
  seriesGames,
  seriesOpponent,
} from "./series-store.ts";

export interface SeriesSummary {
  readonly series: SeriesRow;
  readonly score: SeriesScore;
  /** Games created so far, the one in progress included. */
  readonly games: number;
}

export interface SeriesRecord {
  readonly userId: string;
  readonly won: number;
  readonly lost: number;
}

export interface SeriesStandings {
  readonly running: readonly SeriesSummary[];
  /** Latest first: won, resigned, and abandoned (a game cancelled by an admin: no result). */
  readonly finished: readonly SeriesSummary[];
  /** How many series have ended in all (`finished` holds only the latest). */
  readonly ended: number;
  /** Series won and lost per player, the most successful first. */
  readonly records: readonly SeriesRecord[];
}

function summaryOf(s: SeriesRow, rows: readonly GameRow[]): SeriesSummary {
  return { series: s, score: scoreOf(s, rows), games: rows.length };
}

/** The summaries of several series, their games read in one query. */
function summariesOf(db: Db, list: readonly SeriesRow[]): SeriesSummary[] {
  if (list.length === 0) return [];
  const ids = list.map((s) => s.id);
  const rows = db.select().from(games).where(inArray(games.seriesId, ids)).orderBy(asc(games.seriesGame)).all();
  const bySeries = new Map(ids.map((id) => [id, [] as GameRow[]]));
  for (const g of rows) if (g.seriesId) bySeries.get(g.seriesId)?.push(g);
  return list.map((s) => summaryOf(s, bySeries.get(s.id)!));
}

/** Series records, champion first: most won, then fewest lost, then user id. */
export function seriesRecords(decided: readonly SeriesRow[]): SeriesRecord[] {
  const records = new Map<string, { won: number; lost: number }>();
  const get = (id: string) => records.get(id) ?? records.set(id, { won: 0, lost: 0 }).get(id)!;
  for (const s of decided) {
    if (!s.winnerId) continue;
    get(s.winnerId).won++;
    get(seriesOpponent(s, s.winnerId)).lost++;
  }
  return [...records.entries()]
    .map(([userId, r]) => ({ userId, ...r }))
    .sort((a, b) => b.won - a.won || a.lost - b.lost || (a.userId < b.userId ? -1 : 1));
}

export class SeriesService {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    private readonly games: GameService,
  ) {}

  summary(seriesId: string): SeriesSummary | null {
    const s = this.db.select().from(series).where(eq(series.id, seriesId)).get();
    return s ? summaryOf(s, seriesGames(this.db, s.id)) : null;
  }

  /** Why this series game is unrated although its series is rated (the pair limit), or null. */
  gameNote(game: GameRow): Note | null {
    if (!game.seriesId) return null;
    const s = this.db.select().from(series).where(eq(series.id, game.seriesId)).get();
    return s ? seriesGameNote(s, game) : null;
  }

  /** The game a series game's end created and nobody has posted yet (it has no message). */
  unposted(seriesId: string): GameSnapshot | null {
    const row = activeSeriesGame(this.db, seriesId);
    return row && row.messageId === null ? snapshotOf(row) : null;
  }

  activeFor(guildId: string, userId: string): SeriesRow[] {
    return activeSeriesOf(this.db, guildId, userId);
  }

  /**
   * `userId` resigns their series (against `opponentId` when they have several): the opponent wins
   * the series, and the game in progress is resigned too (through the game service, in this transaction).
   */
  resign(
    guildId: string,
    userId: string,
    opponentId: string | null,
  ): { summary: SeriesSummary; game: GameSnapshot | null } {
    const now = this.clock.now();
    return this.db.transaction((tx) => {
      const mine = activeSeriesOf(tx, guildId, userId).filter(
        (s) => opponentId === null || s.playerA === opponentId || s.playerB === opponentId,
      );
      if (mine.length === 0) throw new UserError("series/none");
      if (mine.length > 1) {
        throw new UserError("series/which");
      }
      const resigned = resignSeries(tx, mine[0], userId, now);
      const active = activeSeriesGame(tx, resigned.id);
      // The series is already closed, so this game's end creates no next game.
      const game = active ? this.games.resign(active.id, userId, null) : null;
      return { summary: summaryOf(resigned, seriesGames(tx, resigned.id)), game };
    }, IMMEDIATE);
  }

  standings(guildId: string, finishedLimit = 10): SeriesStandings {
    const running = this.db
      .select()
      .from(series)
      .where(and(eq(series.guildId, guildId), eq(series.status, "active")))
      .orderBy(desc(series.createdAt))
      .all();
    const decided = this.db
      .select()
      .from(series)
      .where(and(eq(series.guildId, guildId), inArray(series.status, ["finished", "resigned", "abandoned"])))
      .orderBy(desc(series.finishedAt))
      .all();
    return {
      running: summariesOf(this.db, running),
      finished: summariesOf(this.db, decided.slice(0, finishedLimit)),
      ended: decided.length,
      // An abandoned series has no winner, so it is in no one's record.
      records: seriesRecords(decided),
    };
  }
}
