/**
 * The Activity's page: signs in (sign-in.ts), connects to the bot (connection.ts), and shows the game the
 * bot sends, the board from the page's own replay of the move list (the legal houses, and the last move's
 * sowing animated from its events unless the user asked for reduced motion). A house pressed, clicked or
 * typed (its letter, as in `/nickar move`) is sent to the bot with the version shown; the bot's answer is
 * the next game it sends, never a guess of the page's.
 */
import { houseOfKey } from "../core/keys.ts";
import type { GameView, PageAction, ServerMessage } from "../core/protocol.ts";
import { sowingSteps } from "../core/sowing.ts";
import { BoardView } from "./board.ts";
import { Connection } from "./connection.ts";
import { Panel } from "./panel.ts";
import { legalPits, type Replayed, replayMoves } from "./replay.ts";
import { signIn } from "./sign-in.ts";
import { type PageLocale, type PageTranslate, pageLocale, pageTranslator } from "./texts.ts";

const query = new URLSearchParams(location.search);
// Until the bot says the user's Discord language (its welcome), the browser's.
let language = pageLocale(navigator.language);
let translate = pageTranslator(language);
const t: PageTranslate = (key, values) => translate(key, values);
const root = document.getElementById("app")!;
const reducedMotion = matchMedia("(prefers-reduced-motion: reduce)");

let connection: Connection | null = null;
let view: GameView | null = null;
let replayed: Replayed | null = null;
let board: BoardView | null = null;
let animation: ReturnType<typeof setTimeout> | null = null;
/** An action sent and not yet answered: the board waits for the bot. */
let pending: string | null = null;
/** What the pending action was (a rematch is answered in the channel: the page says where). */
let pendingKind: PageAction["kind"] | null = null;
let nonces = 0;

const panel = new Panel(t, act, (gameId) => {
  if (connection) connection.gameId = gameId;
  connection?.send({ type: "watch", gameId });
});
const boardSlot = document.createElement("div");
boardSlot.className = "board-slot";
const keysHint = document.createElement("p");
keysHint.className = "keys";

/** The page's words in `locale`: what is drawn from a view follows at the next draw, the fixed labels now. */
function speak(locale: PageLocale): void {
  if (locale !== language) translate = pageTranslator(locale);
  language = locale;
  document.documentElement.lang = locale;
  document.title = t("activity:title");
  keysHint.textContent = t("activity:keys");
  panel.relabel();
  if (view) show(view, true);
}
speak(language);

function act(action: PageAction): void {
  if (!view || !connection) return;
  const nonce = String(++nonces);
  if (!connection.send({ type: "act", gameId: view.gameId, version: view.version, action, nonce })) {
    panel.say(t("activity:reconnecting"));
    return;
  }
  pending = nonce;
  pendingKind = action.kind;
  panel.say("");
  redraw();
}

function press(pit: number): void {
  if (!view || view.seat === null) return;
  const house = pit - view.seat * 6 + 1;
  act({ kind: "move", house });
}

/** The houses that may be pressed now: none while sowing, waiting for the bot, or disconnected. */
function legalNow(): Set<number> {
  if (!view || !replayed || animation || pending || !connection?.open) return new Set();
  if (view.status !== "active" || view.thinking) return new Set();
  return legalPits(replayed.state, view.seat);
}

function redraw(): void {
  if (!board || !replayed || animation) return;
  const { position } = replayed.state;
  board.draw({ pits: position.pits, stores: position.stores, at: null, hand: 0, taken: [] }, legalNow());
}

function stopAnimation(): void {
  if (animation) clearTimeout(animation);
  animation = null;
}

/** Plays the last move's sowing, step by step, then the position after it. */
function animateLast(): void {
  const last = replayed?.last;
  if (!board || !last || reducedMotion.matches) {
    redraw();
    return;
  }
  const steps = sowingSteps(last.before.position, last.events);
  let index = 0;
  const next = () => {
    if (index >= steps.length) {
      animation = null;
      redraw();
      return;
    }
    const step = steps[index++];
    board!.draw(step, new Set());
    animation = setTimeout(next, step.delay);
  };
  next();
}

function show(next: GameView, redrawn = false): void {
  const previous = view;
  const sameGame = previous?.gameId === next.gameId;
  // A move just made is animated; a game opened, a takeback or a catch-up of several moves is shown as it is.
  const oneMoreMove =
    !redrawn &&
    sameGame &&
    next.moves.length === previous!.moves.length + 1 &&
    previous!.moves.every((m, i) => next.moves[i] === m);
  view = next;
  replayed = replayMoves(next.ruleset, next.moves);
  if (!board || !sameGame || previous?.seat !== next.seat) {
    board = new BoardView(t, next.seat ?? 0, press);
    boardSlot.replaceChildren(board.root);
  }
  board.root.setAttribute("aria-label", next.gameId);
  // The game and version shown, for the eye of a test or a curious user's inspector.
  Object.assign(root.dataset, { game: next.gameId, version: String(next.version), status: next.status });
  // The viewer's side nearest them, below the board; the opponent's above it.
  const bottom = next.seat ?? 0;
  boardSlot.before(panel.players[(1 - bottom) as 0 | 1]);
  boardSlot.after(panel.players[bottom]);
  board.setNames(next.names);
  panel.show(next);
  stopAnimation();
  if (oneMoreMove) animateLast();
  else redraw();
}

function received(message: ServerMessage): void {
  switch (message.type) {
    case "welcome":
      speak(message.locale);
      panel.setGames(message.games, connection?.gameId ?? null);
      if (message.games.length === 0) panel.say(t("activity:noGames"));
      return;
    case "game":
      if (connection) connection.gameId = message.game.gameId;
      show(message.game);
      return;
    case "done":
      if (pending === message.nonce) pending = null;
      panel.say(message.said ?? (pendingKind === "rematch" ? t("activity:rematchSent") : ""));
      redraw();
      return;
    case "refused":
      if (message.nonce === null || pending === message.nonce) pending = null;
      panel.say(message.text);
      redraw();
      return;
  }
}

document.addEventListener("keydown", (event) => {
  if (event.altKey || event.ctrlKey || event.metaKey || !view || view.seat === null) return;
  if (event.target instanceof HTMLSelectElement || event.target instanceof HTMLInputElement) return;
  const house = houseOfKey(event.key);
  if (house === null) return;
  const pit = view.seat * 6 + house - 1;
  if (!legalNow().has(pit)) return;
  event.preventDefault();
  board?.focus(pit);
  act({ kind: "move", house });
});

async function start(): Promise<void> {
  panel.say(t("activity:signIn"));
  root.replaceChildren(panel.status);
  let signed: Awaited<ReturnType<typeof signIn>>;
  try {
    signed = await signIn(query);
  } catch (err) {
    console.error(err);
    panel.say(t("activity:signInFailed"));
    root.removeAttribute("aria-busy");
    return;
  }
  root.replaceChildren(
    panel.picker,
    panel.players[0],
    boardSlot,
    panel.players[1],
    panel.turn,
    panel.narration,
    panel.question,
    panel.actions,
    panel.result,
    panel.status,
    keysHint,
  );
  root.removeAttribute("aria-busy");
  panel.say(t("activity:loading"));
  connection = new Connection(
    { token: signed.accessToken, channelId: signed.channelId, locale: navigator.language },
    {
      message: received,
      state: (connected) => {
        // An action sent on a connection that dropped is never answered on it: the game the bot sends at the
        // reconnection says whether it was played (a kill between the move's commit and its answer).
        if (!connected) pending = null;
        panel.say(connected ? "" : t("activity:reconnecting"));
        document.body.classList.toggle("offline", !connected);
        redraw();
      },
      unauthorised: () => panel.say(t("activity:signInFailed")),
    },
  );
}

void start();
