/**
 * Runs the computer opponent. Whenever something may have changed (an interaction, a deadline sweep,
 * the start-up, its own move) it looks in the database for the games where Nickar is to move or has a
 * draw offer to answer, searches each in the AI pool (worker threads, off the event loop), plays
 * through the game service and updates the game message. Everything it needs is in the database, so
 * after a restart the first look resumes every search that was cut off. A failed search is retried
 * later, the wait doubling; Nickar has no clock, so it never loses on time, and a game never hangs.
 */
import { AiQueueFullError } from "../../ai/index.ts";
import { JobLoop } from "../../discord/job-loop.ts";
import type { Messenger } from "../../discord/messenger.ts";
import type { NoticeBoard } from "../../discord/notices.ts";
import type { App } from "../../interactions/context.ts";
import type { Logger } from "../../logger.ts";
import { RetryLater } from "../retry.ts";
import type { GameSnapshot } from "../snapshot.ts";
import { gameMessage, serverVoice } from "../views/game-message.ts";
import { noticesAfter } from "../views/game-updates.ts";

/** The first retry of a failed search comes after this; then twice as long each time, up to 5 minutes. */
export const COMPUTER_RETRY_MS = 5_000;

export class ComputerTurns {
  private readonly loop: JobLoop;
  private readonly retry: RetryLater;
  /** A search was refused for a full pool: look again when one of the running searches ends. */
  private waitingForRoom = false;

  constructor(
    private readonly app: App,
    private readonly messenger: Messenger,
    private readonly logger: Logger,
    /** Called after each of Nickar's moves and answers: the other player's deadline starts. */
    private readonly onChange: () => void,
    /** The wait before the first retry of a failed search (and of one refused for a full pool). */
    private readonly retryMs = COMPUTER_RETRY_MS,
    /** Where the player hears it is their move again (the turn notice after Nickar's move). */
    private readonly notices?: NoticeBoard,
    /** Whether this process plays the games of that server (with sharding: the shard that holds it). */
    private readonly owns: (guildId: string) => boolean = () => true,
  ) {
    this.retry = new RetryLater(retryMs, 5 * 60_000);
    this.loop = new JobLoop({
      pass: () => this.startSearches(),
      onError: (err) => {
        this.logger.error({ err }, "could not read the computer's games; trying again shortly");
        this.loop.wakeAt(this.app.clock.now() + COMPUTER_RETRY_MS);
      },
      now: () => this.app.clock.now(),
    });
  }

  /** How many searches are running now (for tests and metrics). */
  get thinking(): number {
    return this.loop.taskCount;
  }

  /** Starts a search for every task that has none running and is not waiting for a retry. */
  poke(): void {
    if (this.app.computer.enabled) this.loop.poke();
  }

  stop(): void {
    this.loop.stop();
  }

  private startSearches(): void {
    const { computer, clock } = this.app;
    const tasks = computer.tasks();
    const now = clock.now();
    const keys = new Set<string>();
    for (const task of tasks) {
      if (!this.owns(task.game.row.guildId)) continue;
      const key = `${task.game.row.id}:${task.kind}:${task.game.row.ply}`;
      keys.add(key);
      if (this.loop.has(key)) continue;
      if (this.retry.waiting(key, now)) {
        // A timer may fire a little early: look again at the retry time.
        this.loop.wakeAt(this.retry.notBefore(key, now));
        continue;
      }
      let searched = false;
      this.loop.launch(
        key,
        async (signal) => {
          searched = await this.run(task.kind, task.game, key, signal);
        },
        () => {
          // A search that ended made room in the pool for one that was refused.
          if (searched && this.waitingForRoom) {
            this.waitingForRoom = false;
            this.poke();
          }
        },
      );
    }
    this.retry.keepOnly(keys);
  }

  /** Whether the search ran (to a move, an answer or a failure): false when the pool had no room for it. */
  private async run(kind: "move" | "draw", game: GameSnapshot, key: string, signal: AbortSignal): Promise<boolean> {
    const { computer } = this.app;
    try {
      if (kind === "move") {
        const after = await computer.move(game, signal);
        if (after) await this.show(after);
      } else {
        const answer = await computer.answerDraw(game, signal);
        const declined = serverVoice(this.app, game.row.guildId).t("notices:computer.declinesDraw");
        if (answer) await this.show(answer.game, answer.accepted ? undefined : declined);
      }
      this.retry.succeeded(key);
      if (!this.loop.stopped) this.onChange();
    } catch (err) {
      if (signal.aborted || this.loop.stopped) return true;
      if (err instanceof AiQueueFullError) {
        // Nickar's games share a bounded budget in the pool: a full one is a queue, not a failure. Look
        // again when one of Nickar's searches ends, or after the retry wait if the room went to other work.
        this.logger.debug({ game: game.row.id, task: kind }, "the search pool is full; Nickar's turn waits for room");
        this.waitingForRoom = true;
        this.loop.wakeAt(this.app.clock.now() + this.retryMs);
        return false;
      }
      const failure = this.retry.failed(key, err, this.app.clock.now());
      this.logger.error(
        { err, game: game.row.id, task: kind, attempts: failure.attempts },
        "the computer's search failed; retried later",
      );
      this.loop.wakeAt(failure.retryAt);
    }
    return true;
  }

  /** The game message after Nickar's move or answer; when that ended the game, the player is told in a new message. */
  private async show(game: GameSnapshot, extra?: string): Promise<void> {
    const { channelId, messageId } = game.row;
    if (messageId) await this.messenger.edit({ channelId, messageId }, gameMessage(this.app, game, extra));
    // When that ended the game, the player is told by the game's notice (see noticesAfter).
    for (const notice of noticesAfter(this.app, game, { moved: true })) await this.notices?.post(notice);
  }
}
