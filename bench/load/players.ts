/**
 * Simulated players for the load benchmark: pairs of users, each pair playing one game at a time in
 * its channel through the local Discord's driver API, as people press buttons. Every pair keeps the
 * game in the engine too, so it knows whose move it is and which houses are legal without reading
 * the message text, and notices when the bot's board disagrees.
 */
import type { APIMessage } from "discord-api-types/v10";
import { type GameState, newGame, play, RULESET_IDS, type RulesetId } from "../../src/engine/index.ts";
import { Samples } from "./stats.ts";

// biome-ignore lint/suspicious/noExplicitAny: driver answers are read loosely
type Body = any;

export interface Answer {
  readonly status: number;
  readonly body: Body;
}

export class Driver {
  constructor(readonly url: string) {}

  async call(path: string, body?: unknown): Promise<Answer> {
    const response = await fetch(`${this.url}${path}`, {
      method: body === undefined ? "GET" : "POST",
      headers: body === undefined ? {} : { "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return { status: response.status, body: await response.json() };
  }

  command(user: string, channel: string, text: string): Promise<Answer> {
    return this.call("/local/command", { user, channel, text });
  }

  click(user: string, message: string, button: string): Promise<Answer> {
    return this.call("/local/click", { user, message, button });
  }
}

/** Every kind of interaction the players make, with its latencies. */
export type Kind = "move" | "animate" | "challenge" | "accept";

export class PhaseStats {
  readonly ack: Record<Kind, Samples> = kinds();
  readonly response: Record<Kind, Samples> = kinds();
  moves = 0;
  interactions = 0;
  /** Not answered (timeout, Discord error) or answered "Something went wrong". */
  failed = 0;
  /** Answered with a refusal the players did not expect (out of date, not your turn...). */
  refused = 0;
  /** Ticks of a fixed rate that found no game ready to move (the players were waiting on the bot). */
  missed = 0;
  readonly problems: string[] = [];

  problem(text: string): void {
    if (this.problems.length < 5) this.problems.push(text);
  }
}

function kinds(): Record<Kind, Samples> {
  return { move: new Samples(), animate: new Samples(), challenge: new Samples(), accept: new Samples() };
}

export interface RawButton {
  custom_id?: string;
  label?: string;
  disabled?: boolean;
  components?: RawButton[];
}

export function buttonsOf(message: APIMessage): RawButton[] {
  const flat = (list: RawButton[] | undefined): RawButton[] =>
    (list ?? []).flatMap((c) => (c.components ? flat(c.components) : [c]));
  return flat(message.components as unknown as RawButton[]);
}

const isEphemeral = (message: APIMessage) => ((message.flags ?? 0) & 64) !== 0;

const BUG_REPLY = /Something went wrong/;

export class Pair {
  state: GameState;
  gameId: string | null = null;
  messageId: string | null = null;
  message: APIMessage | null = null;
  /** A click or a new game is in progress. */
  busy = false;

  constructor(
    readonly index: number,
    readonly south: string,
    readonly north: string,
    readonly channel: string,
    readonly ruleset: RulesetId,
  ) {
    this.state = newGame(ruleset);
  }

  get ready(): boolean {
    return !this.busy && this.message !== null && !this.state.outcome.over;
  }
}

export function makePairs(count: number, channels: readonly string[]): Pair[] {
  return Array.from(
    { length: count },
    (_, i) => new Pair(i, `p${i}s`, `p${i}n`, channels[i % channels.length], RULESET_IDS[i % RULESET_IDS.length]),
  );
}

/** Records one answer: its latencies, or why it failed. Returns whether the bot answered properly. */
function record(stats: PhaseStats, kind: Kind, answer: Answer, what: string): boolean {
  stats.interactions++;
  const { status, body } = answer;
  const bug = (body?.messages as APIMessage[] | undefined)?.some((m) => BUG_REPLY.test(m.content ?? ""));
  if (status !== 200 || bug || (body?.errors?.length ?? 0) > 0) {
    stats.failed++;
    stats.problem(`${what}: ${status} ${JSON.stringify(body?.error ?? body?.errors ?? body?.messages?.[0]?.content)}`);
    return false;
  }
  if (body.timing?.ackMs !== null && body.timing?.ackMs !== undefined) stats.ack[kind].add(body.timing.ackMs);
  stats.response[kind].add(body.timing.responseMs);
  return true;
}

/** `south` challenges `north` (South moves first); `north` accepts. The pair is ready when this resolves. */
export async function startGame(driver: Driver, pair: Pair, stats: PhaseStats): Promise<void> {
  pair.busy = true;
  try {
    const text = `/nickar challenge opponent:@${pair.north} ruleset:${pair.ruleset} first:me`;
    const challenge = await driver.command(pair.south, pair.channel, text);
    if (!record(stats, "challenge", challenge, `challenge ${pair.index}`)) return;
    const challengeMessage = (challenge.body.messages as APIMessage[]).find((m) => !isEphemeral(m));
    if (!challengeMessage) {
      stats.refused++;
      stats.problem(`challenge ${pair.index}: ${challenge.body.messages?.[0]?.content}`);
      return;
    }
    const accepted = await driver.click(pair.north, challengeMessage.id, "Accept");
    if (!record(stats, "accept", accepted, `accept ${pair.index}`)) return;
    const message = (accepted.body.messages as APIMessage[]).find((m) => gameIdOf(m) !== null);
    if (!message) {
      stats.refused++;
      stats.problem(`accept ${pair.index}: no game message`);
      return;
    }
    pair.gameId = gameIdOf(message);
    pair.messageId = message.id;
    pair.message = message;
    pair.state = newGame(pair.ruleset);
  } finally {
    pair.busy = false;
  }
}

function gameIdOf(message: APIMessage): string | null {
  for (const b of buttonsOf(message)) {
    const m = /^g:([^:]+):\d+:/.exec(b.custom_id ?? "");
    if (m) return m[1];
  }
  return null;
}

/**
 * The player to move presses a random legal house on the game message; with probability
 * `animateShare` they then press Animate (a private GIF of the move). A finished game is followed by a
 * new challenge between the same two players.
 */
export async function playMove(
  driver: Driver,
  pair: Pair,
  stats: PhaseStats,
  animateShare: number,
  random: () => number,
): Promise<void> {
  pair.busy = true;
  try {
    const { state } = pair;
    const { ply } = state;
    const house = state.legalMoves[Math.floor(random() * state.legalMoves.length)];
    const mover = state.position.toMove === 0 ? pair.south : pair.north;
    const customId = `g:${pair.gameId}:${ply}:m:${house}`;
    const button = buttonsOf(pair.message!).find((b) => b.custom_id === customId);
    if (!button || button.disabled) {
      stats.refused++;
      stats.problem(`game ${pair.gameId}: the board's buttons disagree with the engine at ply ${ply}`);
      pair.message = null;
      return;
    }
    const answer = await driver.click(mover, pair.messageId!, customId);
    if (!record(stats, "move", answer, `move ${pair.gameId}@${ply}`)) {
      pair.message = null; // this game is left alone from now on
      return;
    }
    const played = play(state, house);
    if (!played.ok) throw new Error(`the benchmark's own engine refused ${house}: ${played.error.message}`);
    pair.state = played.value.state;
    stats.moves++;
    const updated = (answer.body.messages as APIMessage[]).find((m) => m.id === pair.messageId);
    if (!updated) {
      stats.refused++;
      stats.problem(`move ${pair.gameId}@${ply}: ${answer.body.messages?.[0]?.content}`);
      pair.message = null;
      return;
    }
    pair.message = updated;
    if (random() < animateShare) {
      const animate = await driver.click(mover, pair.messageId!, `g:${pair.gameId}:${ply + 1}:a`);
      record(stats, "animate", animate, `animate ${pair.gameId}@${ply + 1}`);
    }
  } finally {
    pair.busy = false;
  }
  if (pair.state.outcome.over) await startGame(driver, pair, stats);
}
