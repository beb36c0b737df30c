/**
 * One page's WebSocket: the page signs in with the access token (`hello`; the bot asks Discord whose it is,
 * so the user is Discord's word, never the page's), is sent the channel's games, watches one, and acts on
 * it. Every action is the game button's (actions.ts), so the seat, the turn and the version are checked by
 * the game service as for a press: a spectator, a stale page or another user is refused in their words.
 * Messages are handled one at a time, in order.
 */
import type { WebSocket } from "ws";
import { isUserError, UserError } from "../errors.ts";
import { gameNotFound } from "../games/service.ts";
import { type Locale, localeOf } from "../i18n/index.ts";
import type { App } from "../interactions/context.ts";
import { discordTranslator, refusalText } from "../interactions/speech.ts";
import type { Logger } from "../logger.ts";
import { type DiscordSide, pageContext, runAction } from "./actions.ts";
import { CLOSE_UNAUTHORISED, type ClientMessage, type ServerMessage } from "./core/protocol.ts";
import { channelGames, namesOf, plainText } from "./game-view.ts";
import { readMessage } from "./messages.ts";
import { type OAuth, SignInRefused } from "./sign-in.ts";
import type { Viewer, Viewers } from "./viewers.ts";

/** No game's players to name: every mention becomes "@". */
const NO_GAME = { row: { southId: "", northId: "" } } as Parameters<typeof plainText>[1];

export interface SessionDeps {
  readonly app: App;
  readonly discord: DiscordSide;
  readonly oauth: OAuth;
  readonly viewers: Viewers;
  readonly logger: Logger;
}

interface SignedIn {
  readonly userId: string;
  readonly locale: Locale;
  readonly discordLocale: string | null;
  readonly channelId: string;
}

export class Session implements Viewer {
  private user: SignedIn | null = null;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly ws: WebSocket,
    private readonly deps: SessionDeps,
  ) {
    ws.on("message", (data) => {
      const message = readMessage(String(data));
      if (!message) {
        ws.close(1003, "not a message of the Activity's");
        return;
      }
      this.queue = this.queue.then(() => this.handle(message)).catch((err) => this.failed(err));
    });
    ws.on("close", () => deps.viewers.leave(this));
  }

  get userId(): string {
    return this.user?.userId ?? "";
  }

  get locale(): Locale {
    return this.user?.locale ?? "en";
  }

  send(message: ServerMessage): void {
    if (this.ws.readyState === this.ws.OPEN) this.ws.send(JSON.stringify(message));
  }

  close(): void {
    this.ws.close(1001, "the bot is stopping");
  }

  private async handle(message: ClientMessage): Promise<void> {
    if (message.type === "hello") return this.hello(message);
    if (!this.user) {
      this.ws.close(CLOSE_UNAUTHORISED, "sign in first");
      return;
    }
    if (message.type === "watch") {
      await this.refusing(null, message.gameId, () => this.watch(message.gameId));
      return;
    }
    const { gameId, version, action, nonce } = message;
    const user = this.user;
    await this.refusing(nonce, gameId, async () => {
      const game = this.gameHere(gameId);
      // The service checks the version in its transaction; a page already behind is told so plainly here
      // (the button's own answer to an old board is the current board, which the page is sent anyway).
      if (game.row.ply !== version) throw new UserError("game/stale");
      const ctx = pageContext(this.deps.app, game.row, user.userId, user.discordLocale);
      const said = await runAction(ctx, this.deps.discord, gameId, version, action);
      const names = await namesOf(this.deps.app, game);
      this.send({ type: "done", nonce, said: said === null ? null : plainText(said, game, names) });
    });
  }

  private async hello(message: Extract<ClientMessage, { type: "hello" }>): Promise<void> {
    if (this.user) return;
    const { oauth, app } = this.deps;
    let signedIn: Awaited<ReturnType<OAuth["user"]>>;
    try {
      signedIn = await oauth.user(message.token);
    } catch (err) {
      if (err instanceof SignInRefused) {
        this.ws.close(CLOSE_UNAUTHORISED, "sign-in refused");
        return;
      }
      // Discord did not answer (down, rate-limited): not the user's fault; the page connects again shortly.
      this.deps.logger.warn({ err }, "the Activity could not check a token");
      this.ws.close(1013, "try again later");
      return;
    }
    // The language the user set in Discord (GET /users/@me gives it with `identify`); the page's guess only
    // if Discord said none.
    const discordLocale = signedIn.locale ?? message.locale ?? null;
    this.user = {
      userId: signedIn.id,
      locale: localeOf(discordLocale),
      discordLocale,
      channelId: message.channelId,
    };
    const games = await channelGames(app, message.channelId, signedIn.id);
    this.send({ type: "welcome", userId: signedIn.id, locale: this.user.locale, games });
    // The game shown before a reconnect, else the one whose Play on the board they pressed, else the player's
    // own game here (the first of several), else one to watch.
    const launched = app.launches.last(signedIn.id, message.channelId);
    const shown =
      message.gameId ?? launched ?? games.find((g) => g.seat !== null)?.gameId ?? games[0]?.gameId ?? undefined;
    if (shown) await this.refusing(null, shown, () => this.watch(shown));
  }

  private async watch(gameId: string): Promise<void> {
    this.gameHere(gameId);
    await this.deps.viewers.watch(this, gameId);
  }

  /** The game, which must be one of this channel's (the page lists and shows only those). */
  private gameHere(gameId: string) {
    const game = this.deps.app.games.get(gameId);
    if (!game || game.row.channelId !== this.user?.channelId) throw gameNotFound(gameId);
    return game;
  }

  /**
   * Runs `work` on `gameId`; a refusal is told to the page in the user's words (the game's players by name,
   * as "It is bob's move" names them), anything else logged.
   */
  private async refusing(nonce: string | null, gameId: string, work: () => Promise<void>): Promise<void> {
    try {
      await work();
    } catch (error) {
      if (!isUserError(error)) throw error;
      await this.refuse(nonce, gameId, error);
    }
  }

  private async refuse(nonce: string | null, gameId: string, error: UserError): Promise<void> {
    const text = refusalText(discordTranslator(this.locale), error);
    const game = this.deps.app.games.get(gameId);
    const plain = game ? plainText(text, game, await namesOf(this.deps.app, game)) : plainText(text, NO_GAME, ["", ""]);
    this.send({ type: "refused", nonce, code: error.code, text: plain });
  }

  private failed(err: unknown): void {
    this.deps.logger.error({ err, user: this.userId }, "an Activity message failed");
    this.send({
      type: "refused",
      nonce: null,
      code: "internal",
      text: discordTranslator(this.locale)("errors:internal"),
    });
  }
}
