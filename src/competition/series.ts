/**
 * First-to-N match series (Barbados tradition: first to six). Pure: the database stores the players,
 * the target and the finished games; this decides the score, the end and who is South next.
 */

export interface SeriesGame {
  /** Winner as a user id, or null for a draw (draws do not count towards the target). */
  readonly winner: string | null;
}

export interface SeriesScore {
  readonly wins: Readonly<Record<string, number>>;
  readonly draws: number;
  /** The series winner once someone reached the target, else null. */
  readonly champion: string | null;
}

export function seriesScore(
  players: readonly [string, string],
  firstTo: number,
  games: readonly SeriesGame[],
): SeriesScore {
  const wins: Record<string, number> = { [players[0]]: 0, [players[1]]: 0 };
  let draws = 0;
  let champion: string | null = null;
  for (const game of games) {
    if (game.winner === null) draws++;
    else {
      wins[game.winner] = (wins[game.winner] ?? 0) + 1;
      if (champion === null && wins[game.winner] >= firstTo) champion = game.winner;
    }
  }
  return { wins, draws, champion };
}

/** South (who moves first) alternates: the first game's South is `players[0]`, then turns about. */
export function southForGame(players: readonly [string, string], gameIndex: number): string {
  return players[gameIndex % 2];
}
