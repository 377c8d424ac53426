// The flags the app's node runs with, everywhere it runs: the image (Dockerfile CMD), `npm start`,
// the demo, the end-to-end tests, the two-instance test and the benches (tests/deploy/node-args.test.ts
// keeps the Dockerfile and package.json in step with this list).
//
// --max-old-space-size=1024: V8 lets the heap grow to a multiple of what survived its last full
// collection before collecting again, and picks that multiple from the heap's ceiling: 4x with a
// ceiling of 2 GB or more (the default on a machine with 16 GB or more), about 1.6x with 1 GB. Under
// 200 connections the app's live heap is 45–70 MB; with the default ceiling the old generation grew
// to about 200 MB of mostly garbage before each collection, with 1 GB it stays under about 80 MB
// (docs/decisions/073). 1 GB is still fifteen times the live heap: a leak still ends in an
// out-of-memory exit (and a restart), not in a server that collects forever.
export const APP_NODE_ARGS = ["--max-old-space-size=1024"];
