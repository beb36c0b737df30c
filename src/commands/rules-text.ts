/**
 * `/nickar rules` in words a player uses: each rule said once, no engine terms, and every point that
 * RULES.md marks **[decision]** (the engine registry's `decisions`) kept and explained. All of the
 * text is here, per ruleset, so that a later translation has one place to look.
 */
import type { RulesetId } from "../engine/index.ts";

interface RulesText {
  /** The rules, in the order a new player needs them. */
  readonly rules: readonly string[];
  /** One plain explanation per [decision] of the ruleset, in the registry's order. */
  readonly decisions: readonly string[];
}

const SOW =
  "On your turn pick up all the seeds of one of your six houses and sow them one by one into the following pits, counter-clockwise (to your right, then along your opponent's row). With 12 or more seeds you go round the board and skip the house you started from.";
const CAPTURE =
  "If your last seed lands in your opponent's row and makes that pit 2 or 3, you take those seeds, and also the seeds of the pits just before it in their row that now hold 2 or 3 as well.";
const FEED = "If your opponent has no seeds at all, you must play a move that gives them some, if you have one.";
const SLAM = "A grand slam is a capture that would take every seed in your opponent's row.";
const DRAW_TIE = "The fuller store wins; 24 each is a draw.";

const CYCLE =
  "When the same position (all twelve pits, the same player to move) comes up a third time, the game ends: the seeds are just going round.";
const END_ORDER =
  "If a move ends the game in more than one way at once, Nickar gives the first of these as the reason: a forced grand slam (Wari), 25 seeds, a repeated position, then the next player having no move.";

const OWARE: Record<Exclude<RulesetId, "haiti">, RulesText> = {
  abapa: {
    rules: [
      SOW,
      CAPTURE,
      FEED,
      `${SLAM} Here a grand slam may be played but takes nothing: the seeds stay where they were sown.`,
      "The game ends as soon as a store holds 25 seeds: that player wins.",
      `It also ends when the player to move cannot move, or when the same position keeps coming back: each player then takes the seeds on their own side. ${DRAW_TIE}`,
    ],
    decisions: [CYCLE, END_ORDER],
  },
  wari: {
    rules: [
      SOW,
      CAPTURE,
      FEED,
      `${SLAM} You may not play one while you have any other move.`,
      "If every move you have is a grand slam, you must play one: it takes the whole row, the game ends at once, and you also take the seeds on your side.",
      "The game ends as soon as a store holds 25 seeds: that player wins.",
      `It also ends when the player to move cannot move, or when the same position keeps coming back: each player then takes the seeds on their own side. ${DRAW_TIE}`,
    ],
    decisions: [
      "A forced grand slam ends the game even if it brought you to 25 seeds: all 48 seeds are then counted (yours on the board included) and the fuller store wins.",
      CYCLE,
      END_ORDER,
    ],
  },
  caribbean: {
    rules: [
      SOW,
      CAPTURE,
      FEED,
      `${SLAM} Here it takes the whole row, and unless it brought you to 25 you move again (and that move must give your opponent seeds).`,
      "If after a grand slam you have no move that gives your opponent seeds, the game ends and you take the seeds on your side.",
      "The game ends as soon as a store holds 25 seeds: that player wins.",
      `It also ends when the player to move cannot move, or when the same position keeps coming back: each player then takes the seeds on their own side. ${DRAW_TIE}`,
    ],
    decisions: [
      "Your extra move after a grand slam is an ordinary move in the game's record: you simply move twice in a row.",
      CYCLE,
      END_ORDER,
    ],
  },
  speightstown: {
    rules: [
      SOW,
      CAPTURE,
      FEED,
      `${SLAM} Here it takes the whole row and the turn passes.`,
      "Only 25 seeds wins: the game ends as soon as a store holds 25, and the seeds still on the board go to nobody.",
      "Starvation: when the player to move has no seeds, or cannot give seeds to an opponent who has none, the game ends and the player with the empty row takes every seed left on the board. The fuller store then wins; 24 each is a draw.",
      "When the same position keeps coming back the game is a draw, whatever the score.",
      "A series is won by the first player to win six games (a series challenge can choose another number).",
    ],
    decisions: [CYCLE, END_ORDER],
  },
  bridgetown: {
    rules: [
      SOW,
      CAPTURE,
      FEED,
      `${SLAM} Here it takes the whole row and the turn passes.`,
      "The game ends as soon as a store holds 25 seeds.",
      "Starvation: when the player to move has no seeds, or cannot give seeds to an opponent who has none, the game ends and the player with the empty row takes every seed left on the board.",
      "When the game ends at 25 seeds or because the same position keeps coming back, the seeds left on the board are shared equally; an odd seed goes to the player with more seeds on their side. The fuller store after that wins; equal stores are a draw.",
    ],
    decisions: [CYCLE, END_ORDER],
  },
};

const HAITI: RulesText = {
  rules: [
    "Play a house with 2 or more seeds, or a single seed when the next pit is empty and the one after it is not: that seed steps into the empty pit and your turn ends.",
    "Otherwise sow all the seeds of the house one by one counter-clockwise, skipping every pit emptied during this turn.",
    "Kay: if your last seed makes a pit in your opponent's row exactly 4, you take it and the pits just before it in their row that hold exactly 4. Your turn ends.",
    "If your last seed lands in an empty pit, it moves on to the next pit that has seeds, and your turn ends without a capture.",
    "If your last seed lands on seeds (a covered pit) and the next pit is empty, your turn ends there.",
    "Relay: otherwise pick up all the seeds of the pit where your last seed landed and sow on; that pit now counts as emptied.",
    "You need not give your opponent seeds; there is no grand slam rule and no 25-seed rule. The game ends when the player to move cannot move, or when the same position keeps coming back: more kay (seeds taken, counted in fours) wins; equal is a draw.",
  ],
  decisions: [
    "The old rules say to skip no pit: Nickar skips only the pits emptied during the turn, so with 12 or more seeds the starting house is skipped.",
    "When a last seed could both make a Kay and end in another way, the Kay comes first.",
    "A last seed landing in an empty pit moves on to the next pit holding seeds and the turn ends with no capture.",
    "If every one of the twelve pits has been emptied during a turn, the turn ends and the last pit keeps its seeds.",
    CYCLE,
  ],
};

export const RULES_TEXT: Readonly<Record<RulesetId, RulesText>> = { ...OWARE, haiti: HAITI };
