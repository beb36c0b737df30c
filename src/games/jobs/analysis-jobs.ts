/**
 * Runs the analysis queue in the background: at most one analysis per server at a time (the service
 * claims them), each searched in the AI pool, its message edited with the progress ("analysing
 * 12/48", at most every two seconds, within Discord's edit rate limits) and then with the result and
 * the advantage chart. When one ends, the server's next one starts. After a restart the analyses that
 * were running start again.
 */
import type { AnalysisRow } from "../../db/schema.ts";
import { JobLoop } from "../../discord/job-loop.ts";
import type { Messenger } from "../../discord/messenger.ts";
import type { App } from "../../interactions/context.ts";
import type { Reply } from "../../interactions/reply.ts";
import type { Logger } from "../../logger.ts";
import { analysisReply, progressReply } from "../views/analysis.ts";
import { serverVoice } from "../views/game-message.ts";

/** The least time between two progress edits of one analysis message. */
export const PROGRESS_EVERY_MS = 2_000;

export class AnalysisJobs {
  private readonly loop: JobLoop;

  constructor(
    private readonly app: App,
    private readonly messenger: Messenger,
    private readonly logger: Logger,
    /** Whether this process runs the analyses of that server (with sharding: the shard that holds it). */
    private readonly owns: (guildId: string) => boolean = () => true,
  ) {
    this.loop = new JobLoop({
      pass: () => this.startNext(),
      onError: (err) => this.logger.error({ err }, "could not start the next analyses"),
    });
  }

  /** At start-up: the analyses cut off by the stop are queued again, then the queue runs. */
  start(): void {
    try {
      const again = this.app.analyses.requeueRunning(this.owns);
      if (again) this.logger.info({ analyses: again }, "analyses cut off by the stop start again");
    } catch (err) {
      this.logger.error({ err }, "could not requeue the analyses");
    }
    this.poke();
  }

  /** Starts the next analysis of every server that has none running. */
  poke(): void {
    if (this.app.computer.enabled) this.loop.poke();
  }

  stop(): void {
    this.loop.stop();
  }

  private startNext(): void {
    // When one ends, its server's next one starts.
    for (const row of this.app.analyses.claim(this.owns)) {
      this.loop.launch(
        row.gameId,
        (signal) => this.run(row, signal),
        () => this.poke(),
      );
    }
  }

  private async run(row: AnalysisRow, signal: AbortSignal): Promise<void> {
    const { app } = this;
    const game = app.games.get(row.gameId);
    if (!game) {
      app.analyses.fail(row.gameId, "the game is gone");
      return;
    }
    let lastEdit = 0;
    // The analysis message is public: in the server's language.
    const voice = serverVoice(app, game.row.guildId);
    try {
      const { report } = await app.analyses.run(
        row,
        async (done, total) => {
          const now = performance.now();
          if (done === total || now - lastEdit < PROGRESS_EVERY_MS) return;
          lastEdit = now;
          await this.show(row.gameId, progressReply(game.row, done, total, voice.t));
        },
        signal,
      );
      const stored = app.analyses.get(row.gameId);
      if (stored) await this.show(row.gameId, analysisReply(app, game.row, stored, report, voice), true);
      this.logger.info({ game: row.gameId, positions: row.total }, "analysis done");
    } catch (err) {
      if (signal.aborted || this.loop.stopped) return;
      this.logger.error({ err, game: row.gameId }, "analysis failed");
      app.analyses.fail(row.gameId, err instanceof Error ? err.message : String(err));
      await this.show(row.gameId, {
        content: voice.t("notices:analysis.failed", { id: row.gameId }),
        mentions: [],
      }).catch(() => {});
    }
  }

  /** Edits the analysis message (read again: it may have been posted since); `post`: post one if it has none. */
  private async show(gameId: string, reply: Reply, post = false): Promise<void> {
    const row = this.app.analyses.get(gameId);
    if (!row) return;
    if (row.messageId) {
      await this.messenger.edit({ channelId: row.channelId, messageId: row.messageId }, reply);
    } else if (post) {
      const posted = await this.messenger.send(row.channelId, reply);
      if (posted) this.app.analyses.bindMessage(gameId, row.channelId, posted);
    }
  }
}
