/**
 * The animation of a move as a list of scenes with their delays, made from the move's events:
 * the seeds leave the origin and drop pit by pit, relay pickups carry on, lone seeds step, captured
 * and awarded seeds fly to a store. The last frame is the still image of the final position.
 *
 * Long haiti relay moves sow dozens of seeds: consecutive drops are then batched into one frame,
 * and the moving part is squeezed into a fixed time budget, so every animation lasts a few seconds.
 */
import type { MoveEvent, Player } from "../engine/index.ts";
import { pitLetter } from "../engine/index.ts";
import type { Translate } from "../i18n/index.ts";
import { ENGLISH } from "./language.ts";
import { type Point, pitCenter, storeCenter } from "./layout.ts";
import type { Flight, Scene } from "./scene.ts";
import { stillScene } from "./still.ts";
import { applyEvent, emptyTrace, type MoveTrace } from "./trace.ts";
import type { BoardView } from "./view.ts";
import { shortName } from "./words.ts";

export interface Frame {
  scene: Scene;
  /** How long the frame shows, in milliseconds. */
  delay: number;
}

/** Frames given to sowing and pickups before drops are batched. */
const MOTION_FRAMES = 26;
/** The moving part (everything between the first and the last frame) lasts at most this long. */
const MOTION_BUDGET_MS = 3600;
const MIN_DELAY_MS = 60;
export const DELAYS = {
  poster: 1200,
  intro: 700,
  pickup: 380,
  relayPickup: 300,
  sow: 160,
  batchedSow: 120,
  step: 450,
  mark: 550,
  flight: 80,
  landed: 300,
  announce: 700,
  final: 3000,
} as const;
/** Flight frames per capture or award, at these fractions of the way. */
const FLIGHT_STEPS = [0.3, 0.6, 0.85];

function cloneTrace(trace: MoveTrace): MoveTrace {
  return {
    ...trace,
    marks: trace.marks.map((m) => ({ ...m })),
    storeGain: [...trace.storeGain],
    awarded: [...trace.awarded],
  };
}

/** How many drops go in one frame for this move. */
export function sowBatch(events: readonly MoveEvent[]): number {
  let sows = 0;
  let others = 0;
  for (const e of events) {
    if (e.type === "sow") sows++;
    else if (e.type === "pickup" || e.type === "single" || e.type === "transfer") others++;
  }
  const allowed = Math.max(8, MOTION_FRAMES - others);
  return Math.max(1, Math.ceil(sows / allowed));
}

const SLAM_WORDS = {
  "no-capture": "board:caption.slamNothing",
  capture: "board:caption.slamTaken",
  "capture-extra-move": "board:caption.slamTaken",
  forced: "board:caption.slamForced",
} as const;

const AWARD_WORDS = {
  "own-side": "board:caption.ownSide",
  starvation: "board:caption.starved",
  division: "board:caption.divided",
} as const;

class Animator {
  readonly frames: Frame[] = [];
  readonly pits: number[];
  readonly stores: [number, number];
  readonly trace = emptyTrace();
  hand: { pit: number; seeds: number } | null = null;
  caption = "";
  pendingDrops = 0;

  constructor(
    readonly view: BoardView,
    readonly mover: Player,
    readonly t: Translate,
  ) {
    const before = view.lastMove!.before;
    this.pits = [...before.pits];
    this.stores = [before.stores[0], before.stores[1]];
  }

  snap(delay: number, flights: Flight[] = [], trace: MoveTrace = this.trace): void {
    const hand = this.hand && this.hand.seeds > 0 ? { at: pitCenter(this.hand.pit), seeds: this.hand.seeds } : null;
    this.frames.push({
      scene: {
        pits: [...this.pits],
        stores: [this.stores[0], this.stores[1]],
        turn: this.mover,
        playing: true,
        trace: cloneTrace(trace),
        caption: this.caption,
        banner: null,
        hand,
        flights,
      },
      delay,
    });
    this.pendingDrops = 0;
  }

  flushDrops(batch: number): void {
    if (this.pendingDrops > 0) this.snap(batch > 1 ? DELAYS.batchedSow : DELAYS.sow);
  }

  /** Seeds leave pits for a store: marked first, then a short flight, then they land. */
  flyToStore(player: Player, taken: [number, number][], apply: () => void): void {
    const shown = cloneTrace(this.trace);
    apply();
    // The marks show at once; the store's gain only when the seeds arrive.
    shown.marks = cloneTrace(this.trace).marks;
    this.snap(DELAYS.mark, [], shown);
    const to: Point = storeCenter(player);
    for (const [pit, n] of taken) this.pits[pit] -= n;
    for (const t of FLIGHT_STEPS) {
      const flights = taken.map(([pit, seeds]) => ({ from: pitCenter(pit), to, t, seeds }));
      this.snap(DELAYS.flight, flights, shown);
    }
    for (const [, n] of taken) this.stores[player] += n;
    this.snap(DELAYS.landed);
  }

  play(events: readonly MoveEvent[]): void {
    const batch = sowBatch(events);
    const { t } = this;
    const name = (p: Player) => shortName(this.view, p, t);
    for (const event of events) {
      if (event.type !== "sow") this.flushDrops(batch);
      switch (event.type) {
        case "pickup": {
          this.pits[event.pit] = 0;
          this.hand = { pit: event.pit, seeds: event.seeds };
          applyEvent(this.trace, event);
          const from = pitLetter(event.pit);
          this.caption = event.relay
            ? t("board:caption.relayPickup", { seeds: event.seeds, pit: from })
            : t("board:caption.sows", { name: name(this.mover), seeds: event.seeds, pit: from });
          this.snap(event.relay ? DELAYS.relayPickup : DELAYS.pickup);
          break;
        }
        case "sow":
          this.pits[event.pit]++;
          if (this.hand) this.hand = { pit: event.pit, seeds: this.hand.seeds - 1 };
          applyEvent(this.trace, event);
          if (++this.pendingDrops === batch) this.snap(batch > 1 ? DELAYS.batchedSow : DELAYS.sow);
          break;
        case "single":
        case "transfer":
          this.hand = null;
          this.pits[event.from]--;
          this.pits[event.to]++;
          applyEvent(this.trace, event);
          this.caption =
            event.type === "single"
              ? t("board:caption.lone", { name: name(this.mover), pit: pitLetter(event.to) })
              : t("board:caption.transfer", { pit: pitLetter(event.to) });
          this.snap(DELAYS.step);
          break;
        case "capture":
          this.hand = null;
          this.caption = event.kay
            ? t("board:caption.kay", { seeds: event.total })
            : t("board:caption.takes", { name: name(event.player), seeds: event.total });
          this.flyToStore(
            event.player,
            event.pits.map((pit, i) => [pit, event.seeds[i]]),
            () => applyEvent(this.trace, event),
          );
          break;
        case "grand-slam":
        case "extra-move":
          this.hand = null;
          applyEvent(this.trace, event);
          this.caption =
            event.type === "grand-slam"
              ? t(SLAM_WORDS[event.treatment])
              : t("board:caption.again", { name: name(event.player) });
          this.snap(DELAYS.announce);
          break;
        case "award": {
          this.hand = null;
          // A division splits the same pits between both players: each award takes its share in order.
          let left = event.seeds;
          const taken: [number, number][] = [];
          for (const pit of event.pits) {
            const n = Math.min(this.pits[pit], left);
            if (n > 0) taken.push([pit, n]);
            left -= n;
          }
          this.caption = t(AWARD_WORDS[event.kind], { name: name(event.player) });
          this.flyToStore(event.player, taken, () => applyEvent(this.trace, event));
          break;
        }
        case "game-over":
          break;
      }
    }
    this.flushDrops(batch);
  }
}

/** Squeezes the moving part of long animations into the time budget. */
function fitBudget(frames: Frame[]): void {
  // Everything after the poster and the replay's first frame.
  const motion = frames.slice(2);
  const total = motion.reduce((sum, f) => sum + f.delay, 0);
  if (total <= MOTION_BUDGET_MS) return;
  const factor = MOTION_BUDGET_MS / total;
  for (const f of motion) f.delay = Math.max(MIN_DELAY_MS, Math.round((f.delay * factor) / 10) * 10);
}

/**
 * The frames of the view's last move. The first and the last frame are both the still image of the
 * view (the position after the move, the right player to move): Discord shows a GIF's first frame to
 * whoever has autoplay off, and the file plays once (no loop extension) and stays on its last frame,
 * so anyone who does not watch it play still sees the current position. In between, the move is
 * replayed from the position before it.
 */
export function moveFrames(view: BoardView, t: Translate = ENGLISH): Frame[] {
  const move = view.lastMove;
  if (!move) throw new Error("an animation needs the view's last move");
  const animator = new Animator(view, move.player, t);
  const still = stillScene(view, t);
  // The poster: the position after the move, held long enough to read the result, then the replay.
  animator.frames.push({ scene: still, delay: DELAYS.poster });
  // The replay starts on the position before the move, the origin ringed.
  const first = move.events.find((e) => e.type === "pickup" || e.type === "single");
  const originPit = first ? (first.type === "pickup" ? first.pit : first.from) : move.player * 6 + move.house - 1;
  const intro = emptyTrace();
  intro.marks[originPit].origin = true;
  const letter = pitLetter(originPit);
  animator.caption = t("board:caption.replay", { name: shortName(view, move.player, t), pit: letter });
  animator.snap(DELAYS.intro, [], intro);
  animator.play(move.events);
  fitBudget(animator.frames);
  animator.frames.push({ scene: still, delay: DELAYS.final });
  return animator.frames;
}
