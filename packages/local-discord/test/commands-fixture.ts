// The commands the test bot registers: a /nickar command shaped like the real one, and /test
// subcommands for each Discord rule under test.
import { SlashCommandBuilder } from "discord.js";

export const nickar = new SlashCommandBuilder()
  .setName("nickar")
  .setDescription("Mancala games")
  .addSubcommand((s) =>
    s
      .setName("challenge")
      .setNameLocalizations({ fr: "defier" })
      .setDescription("Challenge someone")
      .setDescriptionLocalizations({ fr: "Défier quelqu'un" })
      .addUserOption((o) =>
        o.setName("opponent").setNameLocalizations({ fr: "adversaire" }).setDescription("Who").setRequired(true),
      )
      .addStringOption((o) => o.setName("ruleset").setDescription("Rules").setAutocomplete(true))
      .addIntegerOption((o) => o.setName("seeds").setDescription("Seeds per pit").setMinValue(1).setMaxValue(10)),
  )
  .addSubcommandGroup((g) =>
    g
      .setName("ladder")
      .setDescription("Ladders")
      .addSubcommand((s) =>
        s
          .setName("show")
          .setDescription("Show a ladder")
          .addStringOption((o) =>
            o
              .setName("game")
              .setDescription("Game")
              .setRequired(true)
              .addChoices({ name: "Haitian Kay", value: "haiti" }, { name: "Abapa", value: "abapa" }),
          )
          .addBooleanOption((o) => o.setName("public").setDescription("Everyone sees it"))
          .addChannelOption((o) => o.setName("where").setDescription("Channel")),
      ),
  );

export const admin = new SlashCommandBuilder()
  .setName("reset")
  .setDescription("Admins only")
  .setDefaultMemberPermissions(32n);

export const test = new SlashCommandBuilder()
  .setName("test")
  .setDescription("Rules under test")
  .addSubcommand((s) => s.setName("reply").setDescription("Reply with buttons and a file"))
  .addSubcommand((s) => s.setName("defer").setDescription("Defer then edit"))
  .addSubcommand((s) => s.setName("followup").setDescription("Reply then follow up"))
  .addSubcommand((s) => s.setName("secret").setDescription("Ephemeral reply"))
  .addSubcommand((s) => s.setName("slow").setDescription("Reply too late"))
  .addSubcommand((s) => s.setName("twice").setDescription("Reply twice"))
  .addSubcommand((s) => s.setName("invalid").setDescription("Invalid payload"))
  .addSubcommand((s) => s.setName("silent").setDescription("Never answer"))
  .addSubcommand((s) =>
    s
      .setName("echo")
      .setDescription("Say the text back")
      .addStringOption((o) => o.setName("text").setDescription("What to say").setRequired(true))
      .addBooleanOption((o) => o.setName("loud").setDescription("In capitals")),
  );

export const allCommands = [nickar, admin, test].map((c) => c.toJSON());
