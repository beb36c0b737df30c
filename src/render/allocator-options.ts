/**
 * Options for the memory allocator built into @napi-rs/canvas (mimalloc). It reads them from the
 * process environment once, when the library is loaded, so this module is imported before the
 * library: by `canvas.ts` (the only module that loads it) and by the render pool, whose worker
 * threads load it (a worker's `process.env` is its own copy, never seen by native code, so only
 * the main thread can set them).
 *
 * Why: by default mimalloc asks the kernel for transparent huge pages. Reading a board's pixels
 * back allocates a new 1.3 MB buffer each time, and in some processes every one of them then
 * faulted in a fresh 2 MB page that the kernel zeroes first: on this project's virtual machines
 * the read-back took 4.3 ms instead of 0.8 ms in about one process of three, from some moment on
 * (`perf`: 80% of the time in the kernel's `clear_page_erms` under `folio_zero_user`). Without huge
 * pages it is 0.8 ms in every process. An operator's own setting is kept.
 */
import { isMainThread } from "node:worker_threads";

if (isMainThread && process.env.MIMALLOC_ALLOW_THP === undefined) process.env.MIMALLOC_ALLOW_THP = "0";
