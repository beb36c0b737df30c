/**
 * The marks of an analysis (inaccuracy, mistake, blunder) and the message key of each one's count: shared by
 * the chart and the analysis text. Kept apart from advantage-chart.ts so that the text's module, and with it
 * every command definition, loads without the native canvas library.
 */
export type AdvantageMark = "inaccuracy" | "mistake" | "blunder";

/** "3 mistakes": the key of each mark's count. */
export const MARK_COUNT = {
  inaccuracy: "board:advantage.inaccuracies",
  mistake: "board:advantage.mistakes",
  blunder: "board:advantage.blunders",
} as const;
