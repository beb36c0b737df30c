/**
 * The page's keyboard play, read as `/nickar move` reads its `house` (src/games/commands/move.ts
 * parseHouse): a letter in either case or a digit names the mover's own house, C, c and 3 all house 3.
 * Written again here because the page's bundle cannot take the command's module (it throws Discord's
 * refusals); test/activity/core keeps the two in step.
 */
export function houseOfKey(key: string): number | null {
  if (/^[1-6]$/.test(key)) return Number(key);
  if (/^[A-Fa-f]$/.test(key)) return key.toUpperCase().charCodeAt(0) - 64;
  return null;
}

/** A countdown as whole days (said in words by the page) and a clock: 2 days and "03:04:05", or 0 and "04:05". */
export function clockParts(ms: number): { readonly days: number; readonly clock: string } {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86400);
  const hours = Math.floor((total % 86400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const two = (n: number) => String(n).padStart(2, "0");
  const clock =
    hours > 0 || days > 0 ? `${two(hours)}:${two(minutes)}:${two(seconds)}` : `${two(minutes)}:${two(seconds)}`;
  return { days, clock };
}
