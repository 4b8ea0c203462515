// Dedicated worker that makes the Python memory snapshot off the page's thread: its own Pyodide,
// booted with snapshots on, unpacks the same archives as the page, imports the engine, the site's
// modules and what PyScript's package needs from the standard library, and stores the memory.
// Nothing page-specific runs here, and no JavaScript object is held by Python when the memory is
// taken (Pyodide refuses to snapshot one it cannot find again by its path from the global object).
import { loadPyodide, version } from "../pyodide/pyodide.mjs";
import { download } from "./early-pyodide.mjs";
import { snapshotKey, writeSnapshot } from "./snapshot-store.mjs";

// Entry modules (FOLDER.main, lessons.list_main) run the page when imported: they are left for the
// page after the restore, and so are modules that import PyScript's package or `js`, which fail here: what they would hold
// is the worker's, not the page's (and site.zip holds only PyScript's byte code, so an attempt to
// import it would leave an empty namespace package behind in sys.modules). The site's modules are
// the packages (folders with __init__.pyc: site.zip carries them as byte code alone) in the working
// directory: web/py's folders.
const PRELOAD = `
import importlib, os, pkgutil, sys
import asyncio, base64, html, inspect, io, json   # what PyScript's own package imports
import perlaggen_core

def preload():
    names = [m.name for m in pkgutil.walk_packages(perlaggen_core.__path__, "perlaggen_core.")
             if not m.name.endswith(".__main__")]
    for folder in sorted(f for f in os.listdir(".") if os.path.isfile(os.path.join(f, "__init__.pyc"))):
        names += sorted(f"{folder}.{m.name}" for m in pkgutil.iter_modules([folder]) if not m.name.endswith("main"))
    done, blocked = [], {name: sys.modules.get(name) for name in ("js", "pyscript")}
    sys.modules.update(dict.fromkeys(blocked))   # None: importing them fails at once
    try:
        for name in names:
            try:
                importlib.import_module(name)
                done.append(name)
            except Exception:
                pass   # needs the page: imported there
    finally:
        for name, module in blocked.items():
            if module is None:
                del sys.modules[name]
            else:
                sys.modules[name] = module
    return ",".join(done)

preload()
`;

self.onmessage = async ({ data: { build, archives } }) => {
  const started = performance.now();
  try {
    const [pyodide, ...buffers] = await Promise.all([
      loadPyodide({ indexURL: new URL("../pyodide/", import.meta.url).href, _makeSnapshot: true }),
      ...archives.map(download),
    ]);
    buffers.forEach((buffer, i) => pyodide.unpackArchive(buffer, archives[i].endsWith(".whl") ? "wheel" : "zip"));
    const scope = pyodide.toPy({});
    const modules = pyodide.runPython(PRELOAD, { globals: scope }).split(",");
    scope.destroy();
    const snapshot = pyodide.makeMemorySnapshot();
    const stored = await writeSnapshot(snapshotKey(version, build), snapshot);
    self.postMessage({ ok: true, memory: snapshot.byteLength, stored, ms: performance.now() - started, modules });
  } catch (error) {
    self.postMessage({ ok: false, error: String(error?.message || error) });
  }
};
