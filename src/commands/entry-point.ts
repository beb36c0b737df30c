/**
 * The App Launcher's entry point for the Activity: Discord's PRIMARY_ENTRY_POINT command (type 4), named
 * `launch` as Discord names the one it makes by itself, with the handler APP_HANDLER: the interaction comes
 * to the bot, which opens the Activity (src/discord/router.ts). An application has at most one, global only,
 * and only with Activities turned on (docs/hosting.md, "The Activity").
 */
import {
  ApplicationCommandType,
  ApplicationIntegrationType,
  EntryPointCommandHandlerType,
  InteractionContextType,
  type RESTPostAPIPrimaryEntryPointApplicationCommandJSONBody,
} from "discord.js";
import { definitionText, localizations } from "./localize.ts";

export const ENTRY_POINT_NAME = "launch";

export function entryPointDefinition(): RESTPostAPIPrimaryEntryPointApplicationCommandJSONBody {
  return {
    type: ApplicationCommandType.PrimaryEntryPoint,
    name: ENTRY_POINT_NAME,
    description: definitionText("en", "commands:launch.description") ?? "",
    description_localizations: localizations("commands:launch.description"),
    handler: EntryPointCommandHandlerType.AppHandler,
    contexts: [InteractionContextType.Guild],
    integration_types: [ApplicationIntegrationType.GuildInstall],
  };
}
