// PyScript's "interpreter" module for the pages that run Python. The page calls start() the moment
// it is parsed, so Pyodide boots, and the engine wheel and the site's Python archive download,
// all at once while PyScript is still starting up; PyScript then receives that same interpreter
// here, with both archives already unpacked, instead of booting a second one and fetching files.
import { loadPyodide as boot, version } from "../pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("../pyodide/", import.meta.url).href;

async function download(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`could not load ${url} (HTTP ${response.status})`);
  return response.arrayBuffer();
}

// archives: addresses of .whl / .zip files to unpack into Python's working directory
export function start(...archives) {
  globalThis.perlaggenPyodide ||= (async () => {
    const [pyodide, ...buffers] = await Promise.all([boot({ indexURL: INDEX_URL }), ...archives.map(download)]);
    buffers.forEach((buffer, i) => pyodide.unpackArchive(buffer, archives[i].endsWith(".whl") ? "wheel" : "zip"));
    performance.mark("perlaggen:pyodide-ready");   // the benchmark splits the runtime from PyScript and us
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
