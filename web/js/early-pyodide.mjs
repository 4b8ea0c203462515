// PyScript's "interpreter" module for the pages that run Python. The page calls start() the moment
// it is parsed, so Pyodide boots, and the engine wheel and the site's Python archive download,
// all at once while PyScript is still starting up; PyScript then receives that same interpreter
// here, with both archives already unpacked, instead of booting a second one and fetching files.
// On a return visit Pyodide starts from the memory snapshot stored after an earlier visit (with
// the engine and the site's modules already imported); see js/snapshot-maker.mjs.
import { loadPyodide as boot, version } from "../pyodide/pyodide.mjs";
import { FAILURE_LIMIT, deleteSnapshots, findSnapshot, noteFor, readSnapshot, snapshotKey, updateNote } from "./snapshot-store.mjs";

export { version };

const INDEX_URL = new URL("../pyodide/", import.meta.url).href;

export async function download(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not load ${url} (HTTP ${response.status})`);
  return response.arrayBuffer();
}

// Python started from the stored snapshot, or null (then the page boots as usual): a snapshot that
// does not restore cleanly is deleted, and a new one is made after this visit.
async function restore(key) {
  const { stored, unready } = noteFor(key);
  if (!stored || unready >= FAILURE_LIMIT) return null;
  try {
    const response = await findSnapshot(key);
    if (!response) throw new Error("the snapshot is gone");
    updateNote(key, { unready: unready + 1 });   // until the page is ready
    const snapshot = readSnapshot(response);   // read while Pyodide loads its scripts
    snapshot.catch(() => {});   // Pyodide awaits it only later; a damaged one must not count as unhandled
    const pyodide = await boot({ indexURL: INDEX_URL, _loadSnapshot: snapshot });
    // every restore starts from the same memory: give `random` fresh entropy
    const scope = pyodide.toPy({});
    pyodide.runPython("import random; random.seed()", { globals: scope });
    scope.destroy();
    window.addEventListener("perlaggen:ready", () => updateNote(key, { unready: 0 }), { once: true });
    return pyodide;
  } catch {
    updateNote(key, { stored: false });
    await deleteSnapshots().catch(() => {});
    return null;
  }
}

function unpack(pyodide, archives, buffers) {
  buffers.forEach((buffer, i) => pyodide.unpackArchive(buffer, archives[i].endsWith(".whl") ? "wheel" : "zip"));
}

// archives: addresses of .whl / .zip files to unpack into Python's working directory
export function start(...archives) {
  const build = document.querySelector('meta[name="perlaggen:python-build"]')?.content;
  const key = build && snapshotKey(version, build);
  globalThis.perlaggenPyodide ||= (async () => {
    const python = (async () => {
      const restored = key && await restore(key);
      return [restored || await boot({ indexURL: INDEX_URL }), !!restored];
    })();
    const [[pyodide, restored], buffers] = await Promise.all([python, Promise.all(archives.map(download))]);
    unpack(pyodide, archives, buffers);
    document.documentElement.dataset.pythonStart = restored ? "snapshot" : "boot";
    performance.mark("perlaggen:pyodide-ready");   // the benchmark splits the runtime from PyScript and us
    if (key && !restored) {
      window.addEventListener("perlaggen:ready", () => {
        // the snapshot holds every page's modules (the page names the archives: python-head.html)
        const all = [...archives, ...(globalThis.perlaggenSnapshotArchives || []).filter((a) => !archives.includes(a))];
        import("./snapshot-maker.mjs").then((maker) => maker.makeWhenIdle(build, all));
      }, { once: true });
    }
    return pyodide;
  })().catch((error) => {
    // say so where the learner is looking (the loading line), instead of spinning forever
    const loading = document.getElementById("loading");
    if (loading) {
      loading.dataset.state = "failed";
      document.getElementById("loading-text").textContent = loading.dataset.failed;
    }
    throw error;
  });
  return globalThis.perlaggenPyodide;
}

export async function loadPyodide({ stdout, stderr } = {}) {
  if (!globalThis.perlaggenPyodide) throw new Error("the page did not call start() from js/early-pyodide.mjs");
  const pyodide = await globalThis.perlaggenPyodide;
  if (stdout) pyodide.setStdout({ batched: stdout });
  if (stderr) pyodide.setStderr({ batched: stderr });
  return pyodide;
}
