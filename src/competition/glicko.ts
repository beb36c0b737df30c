/**
 * Glicko-2 ratings through the `glicko2` package (MIT). Nickar rates every finished game on its own,
 * as Lichess does, so each update is a rating period of one game.
 */
import glicko2 from "glicko2";

export interface Rating {
  readonly rating: number;
  readonly deviation: number;
  readonly volatility: number;
}

export const INITIAL_RATING: Rating = { rating: 1500, deviation: 350, volatility: 0.06 };
/** Lichess's threshold: a deviation this high or more marks a provisional ("?") rating. */
export const PROVISIONAL_DEVIATION = 110;
const TAU = 0.5;

export function isProvisional(r: Pick<Rating, "deviation">): boolean {
  return r.deviation >= PROVISIONAL_DEVIATION;
}

/** Score of the first player: 1 win, 0.5 draw, 0 loss. */
export type Score = 1 | 0.5 | 0;

/** One rating period for `player` against several opponents (Glickman's worked example uses three). */
export function ratePeriod(player: Rating, games: readonly { opponent: Rating; score: Score }[]): Rating {
  const ranking = new glicko2.Glicko2({ tau: TAU, rating: 1500, rd: 350, vol: 0.06 });
  const me = ranking.makePlayer(player.rating, player.deviation, player.volatility);
  const matches = games.map((g) => {
    const other = ranking.makePlayer(g.opponent.rating, g.opponent.deviation, g.opponent.volatility);
    return [me, other, g.score];
  });
  ranking.updateRatings(matches);
  return { rating: me.getRating(), deviation: me.getRd(), volatility: me.getVol() };
}

/** Both players' new ratings after one game between them. */
export function rateGame(a: Rating, b: Rating, scoreOfA: Score): [Rating, Rating] {
  return [
    ratePeriod(a, [{ opponent: b, score: scoreOfA }]),
    ratePeriod(b, [{ opponent: a, score: (1 - scoreOfA) as Score }]),
  ];
}
