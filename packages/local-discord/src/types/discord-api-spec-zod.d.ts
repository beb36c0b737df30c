// discord-api-spec's package.json gives its "./zod" export the .js file as "types", so TypeScript
// sees no declarations; this declares the schemas the local Discord uses (zod/mini schemas).
declare module "discord-api-spec/zod" {
  import type { ZodMiniType } from "zod/mini";
  export const MessageCreateRequestSchema: ZodMiniType;
  export const MessageEditRequestPartialSchema: ZodMiniType;
  export const IncomingWebhookRequestPartialSchema: ZodMiniType;
  export const IncomingWebhookUpdateRequestPartialSchema: ZodMiniType;
  export const ApplicationCommandCreateRequestSchema: ZodMiniType;
  export const ApplicationCommandUpdateRequestSchema: ZodMiniType;
  export const CreateMessageInteractionCallbackRequestSchema: ZodMiniType;
  export const UpdateMessageInteractionCallbackRequestSchema: ZodMiniType;
  export const ApplicationCommandAutocompleteCallbackRequestSchema: ZodMiniType;
  export const ModalInteractionCallbackRequestSchema: ZodMiniType;
  export const LaunchActivityInteractionCallbackRequestSchema: ZodMiniType;
  export const OAuth2ScopesSchema: ZodMiniType;
  export const SnowflakeTypeSchema: ZodMiniType;
}
