/**
 * A permission taken away in the middle of a game: Discord refuses the bot's edit or post in the
 * game's channel (Missing Access, Missing Permissions). Retrying in silence helps nobody, so the
 * players of every game in that channel are told once what is missing and who can fix it, where
 * they will see it: in the game's channel when the bot can still send plain messages there (Attach
 * Files lost: the board cannot be redrawn, but text goes through), by direct message otherwise (or
 * when that channel message is refused too). The game itself goes on (its buttons still work:
 * interaction answers need no channel permission). "Once" is per game and kept in `bot_state`, so
 * a restart does not tell them again; a report that reaches nobody is logged as an error.
 */
import { PermissionFlagsBits } from "discord-api-types/v10";
import type { Clock } from "../clock.ts";
import { readState, writeState } from "../db/bot-state.ts";
import { type Db, retryWhileBusy } from "../db/client.ts";
import type { GameRow } from "../db/schema.ts";
import type { GameService } from "../games/service.ts";
import { channel, type Locale, listOf, type Translate } from "../i18n/index.ts";
import { CHANNEL_NEEDS, type ChannelNeed, missingNeeds } from "../interactions/permissions.ts";
import { discordTranslator } from "../interactions/speech.ts";
import type { Logger } from "../logger.ts";
import type { Messenger } from "./messenger.ts";

/** "Nickar is missing the **Attach Files** permission there", in `t`'s language. */
function whatIsMissing(t: Translate, missing: readonly ChannelNeed[]): string {
  const needs = missing.length > 0 ? missing : CHANNEL_NEEDS;
  const names = listOf(
    t,
    needs.map((n) => `**${t(n.nameKey)}**`),
  );
  return t(missing.length > 0 ? "notices:lost.missing" : "notices:lost.needs", { names, count: needs.length });
}

/** The `bot_state` key that says the players of `gameId` were told. */
export const lostKey = (gameId: string) => `permissions-lost:${gameId}`;

/** What a plain text message in a channel needs. */
const TEXT_MESSAGE = PermissionFlagsBits.ViewChannel | PermissionFlagsBits.SendMessages;

export class LostPermissions {
  constructor(
    private readonly db: Db,
    private readonly games: GameService,
    private readonly messenger: Pick<Messenger, "direct" | "send">,
    /** The bot's permissions in a channel as the client's cache knows them; null when unknown. */
    private readonly permissionsIn: (channelId: string) => bigint | null,
    private readonly clock: Clock,
    private readonly logger: Logger,
    /** Users never written to: Nickar itself, a player of its own games. */
    private readonly bots: ReadonlySet<string> = new Set(),
    /** The language of a server: the players are told in it (a direct message has no locale of its own). */
    private readonly serverLocale: (guildId: string) => Locale = () => "en",
  ) {}

  /** Discord refused a message in `channelId`: tell the players of its games, once per game. */
  async refused(channelId: string): Promise<void> {
    try {
      const permissions = this.permissionsIn(channelId);
      const missing = missingNeeds(permissions);
      const canSend = permissions !== null && (permissions & TEXT_MESSAGE) === TEXT_MESSAGE;
      for (const game of this.games.activeInChannel(channelId)) {
        // Claimed before any await, so two refusals at once tell the players one time.
        const told = await retryWhileBusy(() => this.claim(game.id), { giveUpMs: 60_000 });
        if (told) continue;
        this.logger.warn(
          { game: game.id, channelId, canSend },
          "lost a permission in a game's channel; telling the players",
        );
        const players = [game.southId, game.northId].filter((id) => !this.bots.has(id));
        const t = discordTranslator(this.serverLocale(game.guildId));
        const what = whatIsMissing(t, missing);
        if (canSend && (await this.tellInChannel(game, players, what, t))) continue;
        await this.tellByDm(game, players, what, t);
      }
    } catch (err) {
      this.logger.error({ err, channelId }, "could not report a lost permission");
    }
  }

  /** One plain text message in the game's channel that mentions (and so notifies) its players. */
  private async tellInChannel(game: GameRow, players: readonly string[], what: string, t: Translate): Promise<boolean> {
    const mentions = players.map((id) => `<@${id}>`).join(" ");
    const content = [
      t("notices:lost.inChannel", { players: mentions, id: game.id, what }),
      t("notices:lost.inChannelHelp"),
    ].join("\n");
    const posted = await this.messenger.send(game.channelId, { content, mentions: players });
    if (!posted) this.logger.info({ game: game.id }, "the lost-permission notice was refused in the channel; by DM");
    return posted !== null;
  }

  private async tellByDm(game: GameRow, players: readonly string[], what: string, t: Translate): Promise<void> {
    let reached = 0;
    const content = [
      t("notices:lost.cannotPost", { channel: channel(game.channelId), id: game.id, what }),
      t("notices:lost.buttonsWork"),
      t("notices:lost.askAdmin"),
    ].join("\n");
    for (const userId of players) {
      const sent = await this.messenger.direct(userId, { content });
      if (sent) reached++;
      else this.logger.info({ userId, game: game.id }, "could not tell a player about the lost permission");
    }
    if (reached === 0 && players.length > 0) {
      this.logger.error(
        { game: game.id, channelId: game.channelId },
        "no player could be told about a lost permission",
      );
    }
  }

  /** Marks the game as reported; returns whether it already was. */
  private claim(gameId: string): boolean {
    if (readState(this.db, lostKey(gameId)) !== null) return true;
    writeState(this.db, lostKey(gameId), this.clock.now());
    return false;
  }
}
