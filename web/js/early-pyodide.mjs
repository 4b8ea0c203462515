// PyScript's "interpreter" module for the table page. The page starts Pyodide itself, the moment it
// is parsed (see the inline script in table.html), so the runtime boots while PyScript is still
// starting up; PyScript then receives that same interpreter here instead of booting a second one.
import { loadPyodide as boot, version } from "../pyodide/pyodide.mjs";

export { version };

const INDEX_URL = new URL("../pyodide/", import.meta.url).href;

export function start() {
  globalThis.perlaggenPyodide ||= boot({ indexURL: INDEX_URL });
  return globalThis.perlaggenPyodide;
}

export async function loadPyodide({ stdout, stderr } = {}) {
  const pyodide = await start();
  if (stdout) pyodide.setStdout({ batched: stdout });
  if (stderr) pyodide.setStderr({ batched: stderr });
  return pyodide;
}
