/**
 * Giving the C allocator's free memory back to the system, on Linux with glibc.
 *
 * Each board's bytes (about 60 KB, copied several times on their way to Discord) are allocated by
 * glibc's malloc below its 128 KB threshold for a mapping of their own, so they come from the
 * arenas' heaps; freed between live allocations, glibc hands that memory back to the system only from
 * the top of a heap. After 200 games the main arena held 107 MB of which 81 MB was free
 * (docs/benchmarks.md#footprint). `trimAllocator()`, run when a thread goes quiet after its idle
 * collection, calls malloc_trim(0), which returns the free pages inside every arena's heaps too.
 *
 * Mapping such blocks on their own instead (mallopt's M_MMAP_THRESHOLD at 32 KB, what the
 * MALLOC_MMAP_THRESHOLD_ variable sets) also keeps the memory down, but made every board two to three
 * times as costly to draw (the canvas library's own buffers then each cost a mapping and its page
 * faults): not done.
 *
 * Node has no binding for malloc_trim, so it is called through koffi (a maintained FFI library with
 * prebuilt binaries). Elsewhere (musl, macOS, Windows, or koffi missing) it does nothing: the bot runs
 * as before, only heavier after bursts.
 */
import { createRequire } from "node:module";

let mallocTrim: ((pad: number) => number) | null | undefined;

function load(): ((pad: number) => number) | null {
  if (mallocTrim !== undefined) return mallocTrim;
  mallocTrim = null;
  if (process.platform !== "linux") return mallocTrim;
  try {
    const koffi = createRequire(import.meta.url)("koffi") as typeof import("koffi");
    // The name glibc's C library has; musl's differs, so on musl this throws and nothing is called.
    const libc = koffi.load("libc.so.6");
    mallocTrim = libc.func("int malloc_trim(size_t)") as (pad: number) => number;
  } catch {
    mallocTrim = null;
  }
  return mallocTrim;
}

/** Free pages of every arena back to the system. True when some memory was returned. */
export function trimAllocator(): boolean {
  const trim = load();
  return trim !== null && trim(0) === 1;
}
