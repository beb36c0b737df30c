/**
 * Mines this bot's finished games for puzzles (docs/puzzles.md, "Mining this server's games"), one game
 * at a time, in steps of at most MINE_STEP_NODES searched nodes, each run in the AI pool's bot lane: a
 * step waits behind Nickar's own moves and a person's hint, and holds the thread for a fraction of a
 * second. The pool's lanes order searches only: on a host with two cores the render threads and the main
 * thread already use both under load, and a search beside them takes its share from the boards. So each
 * step also waits for the bot to be quiet (`quiet`: no interaction and no board for 2 s), and mining
 * never takes a core from play. Where each game got is in the database (`puzzle_mining`), so a restart
 * goes on from there.
 */
import type { AiPool } from "../../ai/index.ts";
import { AiQueueFullError } from "../../ai/pool.ts";
import { JobLoop } from "../../discord/job-loop.ts";
import type { App } from "../../interactions/context.ts";
import type { Logger } from "../../logger.ts";
import { type FindResult, MINE_WORKER, type MineTask } from "../core/index.ts";
import type { MiningJob } from "../puzzle-mining.ts";

/**
 * The nodes of one step (about 0.1 to 0.3 s of one thread here); a step may run over by one line's
 * verification, which is never cut in the middle.
 */
export const MINE_STEP_NODES = 150_000;

export class PuzzleMining {
  private readonly loop: JobLoop;

  constructor(
    private readonly app: App,
    private readonly pool: AiPool,
    private readonly logger: Logger,
    private readonly owns: (guildId: string) => boolean = () => true,
    private readonly stepNodes = MINE_STEP_NODES,
    /** Resolves when the bot is quiet: each step waits for it (default: never waits). */
    private readonly quiet: () => Promise<void> = () => Promise.resolve(),
  ) {
    this.loop = new JobLoop({
      pass: () => this.mine(),
      onError: (err) => this.logger.error({ err }, "could not find a game to mine for puzzles"),
    });
  }

  /** Mines the games left to mine, one step at a time (a game just ended: call it then). */
  poke(): void {
    this.loop.poke();
  }

  /** Resolves when nothing is left to mine for now (for tests and tools). */
  idle(): Promise<void> {
    return this.loop.idle();
  }

  /**
   * No step starts or is recorded after this. It does not wait for the step under way: that one may sit
   * behind other searches in the pool, and the next start simply does it again.
   */
  stop(): void {
    this.loop.stop();
  }

  private get stopped(): boolean {
    return this.loop.stopped;
  }

  /** Steps until no game is left to mine, the queue is full, or the loop stops. */
  private async mine(): Promise<void> {
    for (;;) {
      // Before the game is chosen: it is read again after the wait (it may have been voided or forgotten).
      await this.quiet();
      if (this.stopped) return;
      const job = this.app.puzzleMining.next(this.owns);
      if (!job) return;
      try {
        await this.step(job);
      } catch (err) {
        // Stopping (the pool closed under the step), or a full queue: the step is done again later.
        if (this.stopped) return;
        if (err instanceof AiQueueFullError) {
          this.logger.debug({ game: job.gameId }, "search queue full: mining waits for the next change");
          return;
        }
        // A step that fails otherwise (a game that does not replay, a worker that died) is not tried again.
        this.logger.error({ err, game: job.gameId }, "mining a game for puzzles failed");
        this.app.puzzleMining.fail(job.gameId);
      }
    }
  }

  private async step(job: MiningJob): Promise<void> {
    const task: MineTask = {
      ruleset: job.ruleset,
      moves: job.moves,
      gameId: job.gameId,
      evaluations: job.evaluations,
      maxNodes: this.stepNodes,
      fromPly: job.fromPly,
    };
    const started = performance.now();
    const result = await this.pool.runTask<MineTask, FindResult>(MINE_WORKER, task, "bot");
    if (this.stopped) return; // not recorded: the next start does this step again
    const nextPly = result.complete ? null : result.nextPly;
    const added = this.app.puzzleMining.step(job, {
      puzzles: result.puzzles,
      nodes: result.nodes,
      ms: performance.now() - started,
      nextPly,
    });
    if (nextPly === null) {
      const record = this.app.puzzleMining.get(job.gameId);
      this.logger.info(
        {
          game: job.gameId,
          puzzles: record?.found ?? added,
          nodes: record?.nodes,
          ms: record?.ms,
          steps: record?.steps,
        },
        "game mined for puzzles",
      );
    }
  }
}
