// The glicko2 package ships no types; this declares the part Nickar uses.
declare module "glicko2" {
  interface Player {
    getRating(): number;
    getRd(): number;
    getVol(): number;
  }
  class Glicko2 {
    constructor(settings: { tau: number; rating: number; rd: number; vol: number });
    makePlayer(rating?: number, rd?: number, vol?: number): Player;
    updateRatings(matches: unknown[][]): void;
  }
  const glicko2: { Glicko2: typeof Glicko2 };
  export default glicko2;
}
