/**
 * The sowing of one move as the page animates it, from the engine's move events, the way the board's GIF
 * does (src/render/frames.ts): the house emptied into the hand, a seed dropped in each pit the sowing
 * passes (the pits the engine skips are never named, so never filled), Haiti's relays picking the seeds up
 * again, a lone seed's step and a transfer, captures and awards leaving their pits for a store. Each step is
 * the whole board at that moment, so the page only draws it; a long relay move is squeezed into the same
 * time budget as the GIF's. Pure: the page and the tests share it.
 */
import type { MoveEvent, Player } from "../../engine/index.ts";

export interface SowingStep {
  readonly pits: readonly number[];
  readonly stores: readonly [number, number];
  /** The pit the hand is over (lit on the board), or null. */
  readonly at: number | null;
  /** Seeds in the hand. */
  readonly hand: number;
  /** Pits being taken into a store (lit as a capture). */
  readonly taken: readonly number[];
  /** How long this step shows, in milliseconds. */
  readonly delay: number;
}

const DELAYS = { pickup: 320, relayPickup: 260, sow: 140, step: 380, take: 480, announce: 400 } as const;
/** The whole move lasts at most this long: long relays are sped up (as the GIF's motion budget). */
const BUDGET_MS = 3600;
const MIN_DELAY_MS = 40;

export function sowingSteps(
  before: { readonly pits: readonly number[]; readonly stores: readonly [number, number] },
  events: readonly MoveEvent[],
): SowingStep[] {
  const pits = [...before.pits];
  const stores: [number, number] = [before.stores[0], before.stores[1]];
  const steps: SowingStep[] = [];
  let hand = 0;
  const snap = (at: number | null, delay: number, taken: readonly number[] = []) =>
    steps.push({ pits: [...pits], stores: [stores[0], stores[1]], at, hand, taken, delay });
  const take = (player: Player, taken: [number, number][]) => {
    hand = 0;
    snap(
      null,
      DELAYS.take,
      taken.map(([pit]) => pit),
    );
    for (const [pit, n] of taken) {
      pits[pit] -= n;
      stores[player] += n;
    }
    snap(null, DELAYS.announce);
  };
  for (const event of events) {
    switch (event.type) {
      case "pickup":
        hand = event.seeds;
        pits[event.pit] = 0;
        snap(event.pit, event.relay ? DELAYS.relayPickup : DELAYS.pickup);
        break;
      case "sow":
        pits[event.pit]++;
        hand = Math.max(0, hand - 1);
        snap(event.pit, DELAYS.sow);
        break;
      case "single":
      case "transfer":
        hand = 0;
        pits[event.from]--;
        pits[event.to]++;
        snap(event.to, DELAYS.step);
        break;
      case "capture":
        take(
          event.player,
          event.pits.map((pit, i): [number, number] => [pit, event.seeds[i]]),
        );
        break;
      case "award": {
        // A division splits the same pits between both players: each award takes its share in order.
        let left = event.seeds;
        const taken: [number, number][] = [];
        for (const pit of event.pits) {
          const n = Math.min(pits[pit], left);
          if (n > 0) taken.push([pit, n]);
          left -= n;
        }
        take(event.player, taken);
        break;
      }
      case "grand-slam":
      case "extra-move":
        hand = 0;
        snap(null, DELAYS.announce);
        break;
      case "game-over":
        break;
    }
  }
  const total = steps.reduce((sum, s) => sum + s.delay, 0);
  if (total <= BUDGET_MS) return steps;
  const scale = BUDGET_MS / total;
  return steps.map((s) => ({ ...s, delay: Math.max(MIN_DELAY_MS, Math.round(s.delay * scale)) }));
}
