// Driver routes for the Activity: its URL mapping (the developer portal's setting), the App Launcher
// (running the entry point command), the Discord client's side of `authorize`, and closing the
// Activity panel.
import { ApplicationCommandType, EntryPointCommandHandlerType, InteractionType } from "discord-api-types/v10";
import { authorize } from "./activity-host.ts";
import type { LocalContext } from "./context.ts";
import {
  answer,
  channelOf,
  DriverError,
  type DriverRequest,
  type DriverRoute,
  localeFor,
  mayUse,
  str,
  userOf,
} from "./driver-kit.ts";
import { runInteraction } from "./driver-outcome.ts";
import { interactionPayload } from "./interaction-payloads.ts";
import { OAuthError } from "./oauth2.ts";

/** The application's entry point command (global, type 4), if it registered one. */
function entryPoint(ctx: LocalContext) {
  return ctx.commands.list(null).find((c) => c.type === ApplicationCommandType.PrimaryEntryPoint);
}

function activityInfo(ctx: LocalContext) {
  return {
    enabled: ctx.activity.enabled,
    activityUrl: ctx.activityUrl(),
    target: ctx.activity.target,
    entryPoint: entryPoint(ctx) ?? null,
    instances: ctx.activity.list(),
  };
}

/**
 * The App Launcher: the user picks the application, which runs its entry point command. With
 * DISCORD_LAUNCH_ACTIVITY (2) Discord opens the Activity itself; with APP_HANDLER (1) the bot gets
 * the interaction and answers it (LAUNCH_ACTIVITY, a message, ...), as for /local/command.
 */
async function launch(ctx: LocalContext, { json }: DriverRequest) {
  const user = userOf(ctx, str(json, "user"));
  const channel = channelOf(ctx, str(json, "channel", false), str(json, "guild", false));
  const guild = ctx.store.guildOfChannel(channel.id) ?? ctx.store.primary;
  if (!ctx.activity.enabled)
    throw new DriverError(409, "Activities are not enabled: the App Launcher does not list the app");
  const command = entryPoint(ctx);
  if (!command)
    throw new DriverError(404, "the app has no entry point command (type 4): the App Launcher does not list it");
  if (!mayUse(ctx, user.id, guild.id, command)) {
    throw new DriverError(
      403,
      `${user.username} may not use the entry point (needs permissions ${command.default_member_permissions})`,
    );
  }
  if (command.handler === EntryPointCommandHandlerType.DiscordLaunchActivity) {
    // Discord also posts a message about the launch in the channel; its form is not documented and
    // is not imitated here.
    const instance = ctx.activity.launch(user.id, channel.id, guild.id);
    return answer({ ok: true, outcome: "launched", handler: command.handler, activity: instance });
  }
  const record = ctx.interactions.create({
    type: InteractionType.ApplicationCommand,
    applicationId: ctx.config.applicationId,
    userId: user.id,
    channelId: channel.id,
    locale: localeFor(ctx, json, user.id),
    commandName: command.name,
    commandType: ApplicationCommandType.PrimaryEntryPoint,
  });
  const data = { id: command.id, name: command.name, type: ApplicationCommandType.PrimaryEntryPoint };
  return runInteraction(ctx, record, interactionPayload(ctx, record, data));
}

export const activityDriverRoutes: DriverRoute[] = [
  ["GET", "/local/activity", (ctx) => answer(activityInfo(ctx))],
  [
    // The developer portal's URL mapping for `/` (Activities → URL Mappings).
    "PUT",
    "/local/applications/:app/activity-url",
    (ctx, { params, json }) => {
      if (params.app !== ctx.config.applicationId) throw new DriverError(404, `no application "${params.app}"`);
      if (json.target !== null && typeof json.target !== "string") {
        throw new DriverError(400, '"target" is an http:// origin such as "http://127.0.0.1:8080", or null');
      }
      try {
        ctx.activity.setTarget(json.target);
      } catch (error) {
        throw new DriverError(400, (error as Error).message);
      }
      return answer(activityInfo(ctx));
    },
  ],
  ["POST", "/local/launch", launch],
  [
    // The code the Discord client gives the page's `authorize`, for tests that sign in without a page.
    "POST",
    "/local/activity/authorize",
    (ctx, { json }) => {
      const user = userOf(ctx, str(json, "user"));
      try {
        const code = authorize(ctx, {
          client_id: json.client_id ?? ctx.config.applicationId,
          user_id: user.id,
          scope: json.scope ?? ["identify"],
          instance_id: json.instance_id,
        });
        return answer({ code });
      } catch (error) {
        if (error instanceof OAuthError) throw new DriverError(error.status, `${error.error}: ${error.description}`);
        throw error;
      }
    },
  ],
  [
    // The user closed the Activity panel.
    "POST",
    "/local/activity/leave",
    (ctx, { json }) => {
      const user = userOf(ctx, str(json, "user"));
      const instanceId = str(json, "instance");
      if (!ctx.activity.leave(instanceId, user.id)) {
        throw new DriverError(404, `${user.username} is not in activity instance "${instanceId}"`);
      }
      return answer({ ok: true, instance: ctx.activity.get(instanceId) ?? null });
    },
  ],
];
