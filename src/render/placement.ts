/**
 * Where the seeds lie in each pit and store. Each pit has one fixed sequence of spots and a count of
 * n uses its first n, so the picture is a pure function of (pit, count) and a sown seed lands on top
 * of the others instead of reshuffling them (which matters in the animation). Spots are spread by
 * best-candidate sampling; past about 15 seeds they start to overlap into a heap.
 */
import type { Player } from "../engine/index.ts";
import { seededRandom } from "../engine/internal.ts";
import { PIT_RADIUS, type Point, pitCenter, SEED_RADIUS, storeSeedArea } from "./layout.ts";

/** Seeds drawn in a pit at most; beyond this the heap looks the same and the number tells the count. */
export const MAX_DRAWN_IN_PIT = 24;
/** A count above this is drawn as a heap with the number on it. */
export const COUNTABLE = 15;

export interface Spot extends Point {
  /** Which seed sprite to use. */
  variant: number;
}

function spread(count: number, seed: number, candidate: (rand: () => number) => Point): Spot[] {
  const rand = seededRandom(seed);
  const spots: Spot[] = [];
  for (let k = 0; k < count; k++) {
    let best: Point | null = null;
    let bestDistance = -1;
    for (let tries = 0; tries < 24; tries++) {
      const p = candidate(rand);
      let nearest = Number.POSITIVE_INFINITY;
      for (const s of spots) nearest = Math.min(nearest, (s.x - p.x) ** 2 + (s.y - p.y) ** 2);
      if (nearest > bestDistance) {
        best = p;
        bestDistance = nearest;
      }
    }
    spots.push({ ...(best as Point), variant: Math.floor(rand() * 1e9) });
  }
  return spots;
}

function pitSpots(pit: number): Spot[] {
  const c = pitCenter(pit);
  const reach = PIT_RADIUS - SEED_RADIUS - 4;
  return spread(MAX_DRAWN_IN_PIT, 1000 + pit * 7919, (rand) => {
    // sqrt gives a uniform density over the disc
    const r = reach * Math.sqrt(rand());
    const a = rand() * 2 * Math.PI;
    return { x: c.x + r * Math.cos(a), y: c.y + r * Math.sin(a) };
  });
}

function storeSpots(player: Player): Spot[] {
  const area = storeSeedArea(player);
  const m = SEED_RADIUS;
  return spread(48, 5000 + player * 104729, (rand) => ({
    x: area.x + m + rand() * (area.w - 2 * m),
    y: area.y + m + rand() * (area.h - 2 * m),
  }));
}

const PIT_SPOTS: Spot[][] = Array.from({ length: 12 }, (_, pit) => pitSpots(pit));
const STORE_SPOTS: [Spot[], Spot[]] = [storeSpots(0), storeSpots(1)];

/** The spots of the seeds drawn for `count` seeds in `pit`. */
export function seedsInPit(pit: number, count: number): readonly Spot[] {
  return PIT_SPOTS[pit].slice(0, Math.min(count, MAX_DRAWN_IN_PIT));
}

export function seedsInStore(player: Player, count: number): readonly Spot[] {
  return STORE_SPOTS[player].slice(0, Math.min(count, 48));
}
