/**
 * A permission taken away in the middle of a game: Discord refuses the bot's edit or post in the
 * game's channel (Missing Access, Missing Permissions). Retrying in silence helps nobody, so the
 * players of every game in that channel are told once, by direct message (the channel is what
 * failed), what is missing and who can fix it; the game itself goes on (its buttons still work:
 * interaction answers need no channel permission). "Once" is per game and kept in `bot_state`, so
 * a restart does not tell them again.
 */
import type { Clock } from "../clock.ts";
import { readState, writeState } from "../db/bot-state.ts";
import { type Db, retryWhileBusy } from "../db/client.ts";
import type { GameService } from "../games/service.ts";
import { channel, type Locale, listOf } from "../i18n/index.ts";
import { CHANNEL_NEEDS, missingNeeds } from "../interactions/permissions.ts";
import { discordTranslator } from "../interactions/speech.ts";
import type { Logger } from "../logger.ts";
import type { Messenger } from "./messenger.ts";

/** The `bot_state` key that says the players of `gameId` were told. */
export const lostKey = (gameId: string) => `permissions-lost:${gameId}`;

export class LostPermissions {
  constructor(
    private readonly db: Db,
    private readonly games: GameService,
    private readonly messenger: Pick<Messenger, "direct">,
    /** The bot's permissions in a channel as the client's cache knows them; null when unknown. */
    private readonly permissionsIn: (channelId: string) => bigint | null,
    private readonly clock: Clock,
    private readonly logger: Logger,
    /** The language of a server (the players are told in it: a direct message has no locale of its own). */
    private readonly serverLocale: (guildId: string) => Locale = () => "en",
  ) {}

  /** Discord refused a message in `channelId`: tell the players of its games, once per game. */
  async refused(channelId: string): Promise<void> {
    try {
      const missing = missingNeeds(this.permissionsIn(channelId));
      const needs = missing.length > 0 ? missing : CHANNEL_NEEDS;
      for (const game of this.games.activeInChannel(channelId)) {
        // Claimed before any await, so two refusals at once tell the players one time.
        const told = await retryWhileBusy(() => this.claim(game.id), { giveUpMs: 60_000 });
        if (told) continue;
        this.logger.warn({ game: game.id, channelId }, "lost a permission in a game's channel; telling the players");
        const t = discordTranslator(this.serverLocale(game.guildId));
        const names = listOf(
          t,
          needs.map((n) => `**${t(n.nameKey)}**`),
        );
        const what = t(missing.length > 0 ? "notices:lost.missing" : "notices:lost.needs", {
          names,
          count: needs.length,
        });
        const text = [
          t("notices:lost.cannotPost", { channel: channel(channelId), id: game.id, what }),
          t("notices:lost.buttonsWork"),
          t("notices:lost.askAdmin"),
        ].join("\n");
        for (const userId of [game.southId, game.northId]) {
          const sent = await this.messenger.direct(userId, { content: text });
          if (!sent) this.logger.info({ userId, game: game.id }, "could not tell a player about the lost permission");
        }
      }
    } catch (err) {
      this.logger.error({ err, channelId }, "could not report a lost permission");
    }
  }

  /** Marks the game as reported; returns whether it already was. */
  private claim(gameId: string): boolean {
    if (readState(this.db, lostKey(gameId)) !== null) return true;
    writeState(this.db, lostKey(gameId), this.clock.now());
    return false;
  }
}
