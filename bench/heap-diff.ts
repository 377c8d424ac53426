import { readFileSync } from "node:fs";

/**
 * What each of N connections adds to the app's V8 heap, from two heap snapshots (decisions 070 and 084):
 * `npx tsx bench/heap-diff.ts BEFORE.heapsnapshot AFTER.heapsnapshot N`. The snapshots come from
 * `BENCH_HEAP_SNAPSHOT_DIR=DIR` with a bench that uses the GC hook (bench/gc-hook.mjs), e.g. price-fanout with
 * `BENCH_SSE_STEPS=1000 BENCH_FANOUT_ROUNDS=1`: its second snapshot is the warm baseline, its third the step.
 * Prints, per connection, the bytes and the count of what grew:
 * - by kind and constructor (Socket, ServerResponse, closures by name, contexts, strings, compiled code);
 * - the strings, by their text with digits and hex runs masked (a request's cookie or URL kept per connection
 *   shows up here);
 * - plain objects, arrays and closure contexts, by the names of their properties or variables, which tells
 *   Node's own per-connection state from ours.
 * Compiled code grows once, not per connection, and is best read as such.
 */
interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_fields: string[]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

type Tally = Map<string, { count: number; bytes: number }>;

const SHAPED = new Set(["Object", "Array", "system / Context"]);
const STRING_TYPES = new Set(["string", "concatenated string", "sliced string"]);

function add(tally: Tally, key: string, bytes: number) {
  const entry = tally.get(key) ?? { count: 0, bytes: 0 };
  entry.count += 1;
  entry.bytes += bytes;
  tally.set(key, entry);
}

function read(file: string) {
  const { snapshot, nodes, edges, strings } = JSON.parse(readFileSync(file, "utf8")) as Snapshot;
  const { node_fields: nodeFields, node_types: nodeTypes, edge_fields: edgeFields, edge_types: edgeTypes } = snapshot.meta;
  const width = nodeFields.length;
  const edgeWidth = edgeFields.length;
  const [typeAt, nameAt, sizeAt, edgeCountAt] = ["type", "name", "self_size", "edge_count"].map((field) => nodeFields.indexOf(field));
  const edgeTypeAt = edgeFields.indexOf("type");
  const edgeNameAt = edgeFields.indexOf("name_or_index");
  const kinds: Tally = new Map();
  const texts: Tally = new Map();
  const shapes: Tally = new Map();
  let edge = 0;
  for (let node = 0; node < nodes.length; node += width) {
    const type = nodeTypes[0][nodes[node + typeAt]!]!;
    const name = strings[nodes[node + nameAt]!]!;
    const bytes = nodes[node + sizeAt]!;
    const edgeCount = nodes[node + edgeCountAt]!;
    if (STRING_TYPES.has(type)) {
      add(kinds, "(string)", bytes);
      add(
        texts,
        name
          .slice(0, 60)
          .replace(/\n/g, "\\n")
          .replace(/[0-9a-f]{6,}/gi, "#")
          .replace(/\d+/g, "9"),
        bytes,
      );
    } else {
      add(kinds, type === "code" ? "(code)" : `${type} ${name}`.slice(0, 80), bytes);
      if (SHAPED.has(name)) {
        const names = new Set<string>();
        for (let i = edge; i < edge + edgeCount; i += 1) {
          const edgeType = edgeTypes[0][edges[i * edgeWidth + edgeTypeAt]!];
          if (edgeType === "property" || edgeType === "context") names.add(strings[edges[i * edgeWidth + edgeNameAt]!]!);
          else if (edgeType === "element") names.add("#");
        }
        add(shapes, `${name} {${[...names].slice(0, 12).join(", ")}}`, bytes);
      }
    }
    edge += edgeCount;
  }
  return { kinds, texts, shapes };
}

function print(title: string, before: Tally, after: Tally, per: number, rows: number) {
  const grown = [...after].map(([key, { count, bytes }]) => ({
    key,
    count: (count - (before.get(key)?.count ?? 0)) / per,
    bytes: (bytes - (before.get(key)?.bytes ?? 0)) / per,
  }));
  grown.sort((a, b) => b.bytes - a.bytes);
  const total = grown.reduce((sum, row) => sum + row.bytes, 0);
  console.log(`${title} (bytes and count per connection; all kinds together ${total.toFixed(0)} B)`);
  for (const row of grown.slice(0, rows))
    console.log(`  ${row.bytes.toFixed(0).padStart(6)} B  ${row.count.toFixed(2).padStart(6)}  ${row.key.slice(0, 160)}`);
}

const [beforeFile, afterFile, connections] = process.argv.slice(2);
const per = Number(connections);
if (!beforeFile || !afterFile || !(per > 0)) {
  console.error("usage: npx tsx bench/heap-diff.ts BEFORE.heapsnapshot AFTER.heapsnapshot CONNECTIONS");
  process.exit(2);
}
const before = read(beforeFile);
const after = read(afterFile);
print("by kind and constructor", before.kinds, after.kinds, per, 30);
print("strings, by text", before.texts, after.texts, per, 12);
print("objects, arrays and closure contexts, by their properties", before.shapes, after.shapes, per, 20);
