/**
 * Deep freezing: the engine's values (states, positions, events, the ruleset registry, the start
 * position) are immutable in fact, so that a caller who writes into one changes nothing the engine
 * or another caller relies on. `Object.freeze` alone is shallow; this walks plain objects and arrays.
 * An object that is frozen already is taken as deeply frozen (the engine freezes only through here),
 * so values shared between states, like the start position, are walked once.
 */
export function deepFreeze<T>(value: T): T {
  if (typeof value !== "object" || value === null || Object.isFrozen(value)) return value;
  for (const key of Object.keys(value)) deepFreeze((value as Record<string, unknown>)[key]);
  return Object.freeze(value);
}
