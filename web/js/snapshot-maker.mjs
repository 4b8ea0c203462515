// After a page has started Python the usual way, make the memory snapshot that later visits start
// from (js/early-pyodide.mjs): once the page is idle, in a worker with its own Pyodide
// (js/snapshot-worker.mjs), so the page's thread never waits for it. <html data-snapshot> says
// how far it got (waiting, making, made, failed; off after making or restoring kept failing);
// window.perlaggenSnapshot holds the figures.
import { version } from "../pyodide/pyodide.mjs";
import { FAILURE_LIMIT, deleteSnapshots, findSnapshot, noteFor, snapshotKey, updateNote } from "./snapshot-store.mjs";

const QUIET_MS = 1000;   // no input and no robot moves for this long before it starts

let lastInput = performance.now();
for (const kind of ["pointerdown", "keydown", "wheel", "touchstart"]) {
  addEventListener(kind, () => { lastInput = performance.now(); }, { capture: true, passive: true });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
const idleCallback = () => new Promise((resolve) => (globalThis.requestIdleCallback || setTimeout)(resolve, { timeout: 2000 }));

// resolves once the browser is idle, the learner has not acted for a while and nothing is animating
async function quiet() {
  for (;;) {
    await idleCallback();
    const since = performance.now() - lastInput;
    if (since >= QUIET_MS && document.body.dataset.busy !== "true") return;
    await sleep(Math.max(QUIET_MS - since, 200));
  }
}

// the longest main-thread task (ms) between start and stop(); 0 if none reached 50 ms
function watchLongTasks() {
  let longest = 0;
  const note = (entries) => { for (const e of entries) longest = Math.max(longest, e.duration); };
  if (!PerformanceObserver.supportedEntryTypes?.includes("longtask")) return () => longest;
  const observer = new PerformanceObserver((list) => note(list.getEntries()));
  observer.observe({ type: "longtask" });
  return () => {
    note(observer.takeRecords());
    observer.disconnect();
    return longest;
  };
}

function runWorker(build, archives) {
  return new Promise((resolve) => {
    const worker = new Worker(new URL("./snapshot-worker.mjs", import.meta.url), { type: "module" });
    const finish = (result) => { worker.terminate(); resolve(result); };
    worker.onmessage = ({ data }) => finish(data);
    worker.onerror = (event) => { event.preventDefault(); finish({ ok: false, error: event.message || "the worker failed" }); };
    worker.postMessage({ build, archives: archives.map((a) => new URL(a, document.baseURI).href) });
  });
}

async function make(build, key, archives) {
  const root = document.documentElement;
  if (await findSnapshot(key)) {   // another tab made it meanwhile
    updateNote(key, { stored: true });
    root.dataset.snapshot = "made";
    return;
  }
  root.dataset.snapshot = "making";
  const started = performance.now();
  const stop = watchLongTasks();
  const result = await runWorker(build, archives);
  globalThis.perlaggenSnapshot = { ...result, makeMs: performance.now() - started, longestTaskMs: stop() };
  updateNote(key, result.ok ? { stored: true, failed: 0 } : { failed: (noteFor(key).failed || 0) + 1 });
  root.dataset.snapshot = result.ok ? "made" : "failed";
}

export async function makeWhenIdle(build, archives) {
  if (!globalThis.caches || !globalThis.Worker) return;
  // the browser tests that do not test snapshots spare the CPU (tests/browser/conftest.py)
  if (globalThis.perlaggenMakeSnapshots === false) return;
  const root = document.documentElement, key = snapshotKey(version, build);
  const { unready, failed = 0 } = noteFor(key);
  const off = unready >= FAILURE_LIMIT || failed >= FAILURE_LIMIT;   // it keeps failing here: start the usual way
  await deleteSnapshots(off ? undefined : key);   // every one, or an older build's
  root.dataset.snapshot = off ? "off" : "waiting";
  if (off) return;
  await quiet();
  if (!navigator.locks) return make(build, key, archives);
  // one tab at a time; a tab that finds it taken leaves the job to the other
  await navigator.locks.request("perlaggen.python-snapshot", { ifAvailable: true },
    (lock) => (lock ? make(build, key, archives) : undefined));
}
