// The learner's stored Python memory snapshot (see js/snapshot-maker.mjs): one entry in Cache
// Storage, keyed by the Pyodide version and the build's Python version, with its SHA-256 beside it.
// Shared by the page (reading) and the worker that makes it (writing).

// Not "perlaggen-…": the service worker deletes every cache of that prefix but its own.
const CACHE = "perlaggen.python-snapshot";
const DIGEST = "x-snapshot-sha256";
const MAGIC = 0x314e5350;   // "PSN1"
const PAGE = 4096;

// the address the snapshot is stored under (a Cache Storage key must be a URL)
export function snapshotKey(pyodideVersion, build) {
  return new URL(`../python-snapshot/${pyodideVersion}/${build}`, import.meta.url).href;
}

async function sha256(bytes) {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", bytes));
  return Array.from(digest, (b) => b.toString(16).padStart(2, "0")).join("");
}

// About half of the memory is pages of zeros: store only the other runs of pages, as
// [magic, size, runs, (offset, length) per run] in 32-bit words, then the runs' bytes.
function compact(snapshot) {
  const words = new Uint32Array(snapshot.buffer, snapshot.byteOffset, snapshot.byteLength >> 2);
  const runs = [];
  for (let page = 0; page * PAGE < snapshot.byteLength; page++) {
    const from = page * PAGE, to = Math.min(from + PAGE, snapshot.byteLength);
    let zero = true;
    for (let i = from >> 2; i < to >> 2 && zero; i++) zero = words[i] === 0;
    for (let i = to & ~3; i < to && zero; i++) zero = snapshot[i] === 0;
    if (zero) continue;
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === from) last[1] += to - from;
    else runs.push([from, to - from]);
  }
  const header = Uint32Array.of(MAGIC, snapshot.byteLength, runs.length, ...runs.flat());
  const out = new Uint8Array(header.byteLength + runs.reduce((n, [, length]) => n + length, 0));
  out.set(new Uint8Array(header.buffer));
  let at = header.byteLength;
  for (const [from, length] of runs) {
    out.set(snapshot.subarray(from, from + length), at);
    at += length;
  }
  return out;
}

function expand(stored) {
  const words = new Uint32Array(stored.buffer, stored.byteOffset, 3);
  if (words[0] !== MAGIC) throw new Error("not a stored snapshot");
  const runs = new Uint32Array(stored.buffer, stored.byteOffset + 12, 2 * words[2]);
  const snapshot = new Uint8Array(words[1]);
  let at = 12 + runs.byteLength;
  for (let r = 0; r < runs.length; r += 2) {
    snapshot.set(stored.subarray(at, at + runs[r + 1]), runs[r]);
    at += runs[r + 1];
  }
  if (at !== stored.byteLength) throw new Error("the stored snapshot has the wrong length");
  return snapshot;
}

// The pages' note (the worker cannot reach localStorage) for one build's key: whether its snapshot
// is stored, read at once so a first visit need not look into Cache Storage (a wrong note costs
// no more than that look), how many restores in a row never reached a ready page and how many
// attempts to make one failed in a row. After FAILURE_LIMIT of either, this build starts the usual
// way, without snapshots.
const NOTE = "perlaggen:python-snapshot";
export const FAILURE_LIMIT = 2;

export function noteFor(key) {
  let note = {};
  try { note = JSON.parse(localStorage.getItem(NOTE)) || {}; } catch { /* none, or unreadable */ }
  return note.key === key ? note : { key, stored: false, unready: 0, failed: 0 };
}

export function updateNote(key, changes) {
  try { localStorage.setItem(NOTE, JSON.stringify({ ...noteFor(key), ...changes })); } catch { /* private mode */ }
}

// The stored response for `key`, or undefined: quick, it reads nothing but the cache's index.
export async function findSnapshot(key) {
  return globalThis.caches && (await caches.open(CACHE)).match(key);
}

// The snapshot's bytes from findSnapshot's response; rejects when its checksum does not match.
export async function readSnapshot(response) {
  const stored = new Uint8Array(await response.arrayBuffer());
  if (await sha256(stored) !== response.headers.get(DIGEST)) throw new Error("the stored snapshot is damaged");
  return expand(stored);
}

// Store `snapshot` as the only one (one per build: everything else goes); returns the bytes stored.
export async function writeSnapshot(key, snapshot) {
  const stored = compact(snapshot);
  const cache = await caches.open(CACHE);
  for (const request of await cache.keys()) await cache.delete(request);
  await cache.put(key, new Response(stored, {
    headers: { "content-type": "application/octet-stream", [DIGEST]: await sha256(stored) },
  }));
  return stored.byteLength;
}

// Remove every stored snapshot but the one for `key` (all of them without a key).
export async function deleteSnapshots(key) {
  if (!globalThis.caches) return;
  const cache = await caches.open(CACHE);
  for (const request of await cache.keys()) if (request.url !== key) await cache.delete(request);
}
