/**
 * Games against Nickar in the load benchmark: one player each, started with `/nickar play`, playing
 * as fast as Nickar answers (a burst of bot games next to the games between people). The player reads
 * the legal houses from the message's enabled buttons (Nickar's move is not known in advance), and
 * hears of Nickar's move through the local Discord's own message events (in this process), so that
 * waiting for it costs no polling.
 */
import type { APIMessage } from "discord-api-types/v10";
import { RULESET_IDS, type RulesetId } from "../../src/engine/index.ts";
import { type Answer, buttonsOf, type Driver, type PhaseStats, type RawButton } from "./players.ts";
import { Samples } from "./stats.ts";

/** The message's game ply (from any game button) and its house buttons. */
function board(message: APIMessage): { ply: number | null; houses: RawButton[] } {
  let ply: number | null = null;
  const houses: RawButton[] = [];
  for (const b of buttonsOf(message)) {
    const m = /^g:[^:]+:(\d+):(m:[1-6])?/.exec(b.custom_id ?? "");
    if (!m) continue;
    ply = Number(m[1]);
    if (m[2]) houses.push(b);
  }
  return { ply, houses };
}

/** Waits for an edit of a message that satisfies `test` (fed by the local Discord's messageUpdate events). */
export class MessageWatch {
  private readonly waiting = new Map<
    string,
    { test: (m: APIMessage) => boolean; done: (m: APIMessage | null) => void }
  >();

  updated(message: APIMessage): void {
    const waiter = this.waiting.get(message.id);
    if (waiter?.test(message)) {
      this.waiting.delete(message.id);
      waiter.done(message);
    }
  }

  wait(messageId: string, test: (m: APIMessage) => boolean, timeoutMs: number): Promise<APIMessage | null> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.waiting.delete(messageId);
        resolve(null);
      }, timeoutMs);
      this.waiting.set(messageId, {
        test,
        done: (m) => {
          clearTimeout(timer);
          resolve(m);
        },
      });
    });
  }
}

export class BotGameStats {
  /** Nickar's moves seen, and from the player's answered click to Nickar's move on the board. */
  nickarMoves = 0;
  readonly reply = new Samples();
  /** Nickar's move not seen within the wait. */
  stuck = 0;
}

export class BotPair {
  messageId: string | null = null;
  message: APIMessage | null = null;
  busy = false;

  constructor(
    readonly index: number,
    readonly player: string,
    readonly channel: string,
    readonly ruleset: RulesetId,
  ) {}
}

export function makeBotPairs(count: number, channels: readonly string[]): BotPair[] {
  return Array.from(
    { length: count },
    (_, i) => new BotPair(i, `b${i}`, channels[(i * 7) % channels.length], RULESET_IDS[(i + 3) % RULESET_IDS.length]),
  );
}

function ok(stats: PhaseStats, answer: Answer, what: string): boolean {
  stats.interactions++;
  if (answer.status !== 200 || (answer.body?.errors?.length ?? 0) > 0) {
    stats.failed++;
    stats.problem(`${what}: ${answer.status} ${JSON.stringify(answer.body?.error ?? answer.body?.errors)}`);
    return false;
  }
  return true;
}

async function start(driver: Driver, pair: BotPair, level: string, stats: PhaseStats): Promise<boolean> {
  const answer = await driver.command(
    pair.player,
    pair.channel,
    `/nickar play level:${level} ruleset:${pair.ruleset} first:me`,
  );
  if (!ok(stats, answer, `play ${pair.index}`)) return false;
  const message = (answer.body.messages as APIMessage[]).find((m) => board(m).houses.length > 0);
  if (!message) {
    stats.refused++;
    stats.problem(`play ${pair.index}: ${answer.body.messages?.[0]?.content}`);
    return false;
  }
  pair.messageId = message.id;
  pair.message = message;
  return true;
}

/**
 * Plays bot games back to back until `until`: a random enabled house, then waits for Nickar's move
 * (or the end of the game) before the next press.
 */
export async function playBotGames(
  driver: Driver,
  pair: BotPair,
  options: {
    level: string;
    until: () => boolean;
    stats: PhaseStats;
    bots: BotGameStats;
    watch: MessageWatch;
    random: () => number;
  },
): Promise<void> {
  const { stats, bots, watch, random } = options;
  while (!options.until()) {
    if (!pair.message && !(await start(driver, pair, options.level, stats))) return;
    const { ply, houses } = board(pair.message!);
    const enabled = houses.filter((b) => !b.disabled);
    if (ply === null || enabled.length === 0) {
      pair.message = null; // over: the next round starts a new game
      continue;
    }
    const house = enabled[Math.floor(random() * enabled.length)];
    const answer = await driver.click(pair.player, pair.messageId!, house.custom_id!);
    if (!ok(stats, answer, `bot game move ${pair.index}@${ply}`)) return;
    stats.moves++;
    if (answer.body.timing?.ackMs != null) stats.ack.move.add(answer.body.timing.ackMs);
    stats.response.move.add(answer.body.timing.responseMs);
    const after = (answer.body.messages as APIMessage[]).find((m) => m.id === pair.messageId);
    if (!after || board(after).houses.length === 0) {
      pair.message = null;
      continue;
    }
    const clicked = performance.now();
    const moved = await watch.wait(
      pair.messageId!,
      (m) => {
        const b = board(m);
        return (b.ply ?? 0) >= ply + 2 || b.houses.length === 0;
      },
      60_000,
    );
    if (!moved) {
      bots.stuck++;
      stats.problem(`bot game ${pair.index}: no move by Nickar within 60 s after ply ${ply + 1}`);
      return;
    }
    bots.nickarMoves++;
    bots.reply.add(performance.now() - clicked);
    pair.message = moved;
  }
}
