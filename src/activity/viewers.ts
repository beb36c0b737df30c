/**
 * Who is watching which game on the Activity, and the change that reaches them all: the game service tells
 * every write (GameService.onWrite, whatever made it: the page, a button, a command, Nickar, the sweep), and
 * each viewer of that game is sent the game as they see it, at once, unless it shows nothing new to them.
 */
import type { Locale } from "../i18n/index.ts";
import type { App } from "../interactions/context.ts";
import type { Logger } from "../logger.ts";
import type { GameView, ServerMessage } from "./core/protocol.ts";
import { gameView, namesOf } from "./game-view.ts";

export interface Viewer {
  readonly userId: string;
  readonly locale: Locale;
  send(message: ServerMessage): void;
}

/** A view without the bot's clock: what tells whether a viewer has seen this already. */
function seen(view: GameView): string {
  return JSON.stringify({ ...view, now: 0 });
}

export class Viewers {
  private readonly byGame = new Map<string, Set<Viewer>>();
  private readonly lastSent = new WeakMap<Viewer, string>();
  /** Games with a send under way: writes that come meanwhile are shown by one more pass. */
  private readonly sending = new Map<string, boolean>();
  private readonly unsubscribe: () => void;

  constructor(
    private readonly app: App,
    private readonly logger: Logger,
  ) {
    this.unsubscribe = app.games.onWrite((gameId) => this.changed(gameId));
  }

  get count(): number {
    let n = 0;
    for (const set of this.byGame.values()) n += set.size;
    return n;
  }

  /** `viewer` watches `gameId` (and no other game): sent the game now. */
  async watch(viewer: Viewer, gameId: string): Promise<void> {
    this.leave(viewer);
    const set = this.byGame.get(gameId) ?? new Set<Viewer>();
    this.byGame.set(gameId, set);
    set.add(viewer);
    await this.send(gameId, [viewer], true);
  }

  leave(viewer: Viewer): void {
    for (const [gameId, set] of this.byGame) {
      if (set.delete(viewer) && set.size === 0) this.byGame.delete(gameId);
    }
    this.lastSent.delete(viewer);
  }

  close(): void {
    this.unsubscribe();
    this.byGame.clear();
  }

  private changed(gameId: string): void {
    if (!this.byGame.has(gameId)) return;
    if (this.sending.has(gameId)) {
      this.sending.set(gameId, true);
      return;
    }
    this.sending.set(gameId, false);
    void this.sendAll(gameId);
  }

  private async sendAll(gameId: string): Promise<void> {
    try {
      for (;;) {
        await this.send(gameId, [...(this.byGame.get(gameId) ?? [])], false);
        if (!this.sending.get(gameId)) break;
        this.sending.set(gameId, false);
      }
    } catch (err) {
      this.logger.error({ err, game: gameId }, "could not show a game's change on the Activity");
    } finally {
      this.sending.delete(gameId);
    }
  }

  /** Sends the game to `viewers` as each sees it; `always`: even when it shows nothing new. */
  private async send(gameId: string, viewers: readonly Viewer[], always: boolean): Promise<void> {
    if (viewers.length === 0) return;
    const before = this.app.games.get(gameId);
    if (!before) return;
    const names = await namesOf(this.app, before);
    // Read again after the wait for the names (slow after a restart): a write meanwhile, already sent by its
    // own pass, must not be overwritten by the state from before it. What follows is synchronous, so the
    // last send is always of the latest state.
    const game = this.app.games.get(gameId);
    if (!game) return;
    for (const viewer of viewers) {
      const view = gameView(this.app, game, viewer, names);
      const key = seen(view);
      if (!always && this.lastSent.get(viewer) === key) continue;
      this.lastSent.set(viewer, key);
      viewer.send({ type: "game", game: view });
    }
  }
}
