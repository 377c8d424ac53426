/**
 * Bench only, never part of the app: `startStack(…, { gcHook: true })` preloads this file into the
 * app's node with `--expose-gc --import bench/gc-hook.mjs`, so the app's code knows nothing of it.
 * On SIGUSR2 it runs two full garbage collections, waits for the heap to settle and writes the
 * process's memory (process.memoryUsage(), bytes) to BENCH_MEMORY_FILE: what a bench reads to tell
 * a live connection's real cost from heap growth not yet collected. With BENCH_HEAP_SNAPSHOT_DIR,
 * a heap snapshot is written there too (to see what a connection is made of: bench/heap-diff.ts compares two).
 */
import { renameSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { writeHeapSnapshot } from "node:v8";

const file = process.env.BENCH_MEMORY_FILE;
if (file && typeof globalThis.gc === "function") {
  process.on("SIGUSR2", () => {
    globalThis.gc();
    setTimeout(() => {
      globalThis.gc();
      const snapshots = process.env.BENCH_HEAP_SNAPSHOT_DIR;
      if (snapshots) writeHeapSnapshot(join(snapshots, `app-${Date.now()}.heapsnapshot`));
      // Written beside, then renamed: the bench never reads half a file.
      writeFileSync(`${file}.tmp`, JSON.stringify({ ...process.memoryUsage(), at: Date.now() }));
      renameSync(`${file}.tmp`, file);
    }, 200);
  });
}
