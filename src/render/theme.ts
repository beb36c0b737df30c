/**
 * Colours. The card is a dark warm charcoal so that it stands out on Discord's dark theme and reads
 * as a deliberate tile on the light one; the highlight colours are told apart by hue and brightness.
 */
export const THEME = {
  cardTop: "#2e2a26",
  cardBottom: "#1f1c19",
  text: "#f5efe6",
  textDim: "#b3a99b",
  textFaint: "#8a8073",
  woodLight: "#c08550",
  woodMid: "#a2683a",
  woodDark: "#7d4b24",
  pitDeep: "#2c1709",
  pitEdge: "#5e3619",
  labelInk: "#fff7ea",
  chip: "rgba(40, 22, 10, 0.55)",
  /** The pit the move started from. */
  origin: "#ffd04d",
  /** Pits that received seeds. */
  received: "#a6ec7e",
  /** Haiti relay pits: every seed picked up again and sown on. */
  relay: "#5fc4ff",
  /** Captured pits and the seeds taken. */
  capture: "#ff6a5c",
  /** Seeds awarded at the end of the game. */
  award: "#d3a6ff",
  turn: "#7ee081",
  bannerFill: "rgba(22, 19, 17, 0.92)",
  captionFill: "rgba(28, 16, 8, 0.72)",
} as const;
