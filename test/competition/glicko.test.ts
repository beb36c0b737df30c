import { describe, expect, it } from "vitest";
import { INITIAL_RATING, isProvisional, rateGame, ratePeriod } from "../../src/competition/glicko.ts";

describe("glicko-2", () => {
  it("rating period - matches Glickman's worked example - 1500/200 against three opponents", () => {
    // Glickman, "Example of the Glicko-2 system" (2013): 1464.06, 151.52, 0.05999.
    const result = ratePeriod({ rating: 1500, deviation: 200, volatility: 0.06 }, [
      { opponent: { rating: 1400, deviation: 30, volatility: 0.06 }, score: 1 },
      { opponent: { rating: 1550, deviation: 100, volatility: 0.06 }, score: 0 },
      { opponent: { rating: 1700, deviation: 300, volatility: 0.06 }, score: 0 },
    ]);
    expect(result.rating).toBeCloseTo(1464.06, 1);
    expect(result.deviation).toBeCloseTo(151.52, 1);
    expect(result.volatility).toBeCloseTo(0.05999, 4);
  });

  it("one game - two new players - the winner gains what the loser loses, both stay provisional", () => {
    const [winner, loser] = rateGame(INITIAL_RATING, INITIAL_RATING, 1);
    // By hand: phi=350/173.7178=2.01476, g=1/sqrt(1+3phi^2/pi^2)=0.66907, E=0.5, v=1/(g^2 E(1-E))=8.9354,
    // phi'=1/sqrt(1/(phi^2+sigma^2)+1/v)=1.67121 -> RD 290.32; mu'=phi'^2 g (1-E)=0.93434 -> 1662.31.
    expect(winner.rating).toBeCloseTo(1662.3, 0);
    expect(loser.rating).toBeCloseTo(1337.7, 0);
    expect(winner.deviation).toBeCloseTo(290.3, 0);
    expect(isProvisional(winner)).toBe(true);
  });

  it("one game - a draw between equals - changes no rating", () => {
    const [a, b] = rateGame(INITIAL_RATING, INITIAL_RATING, 0.5);
    expect(a.rating).toBeCloseTo(1500, 6);
    expect(b.rating).toBeCloseTo(1500, 6);
  });
});
