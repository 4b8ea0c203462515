// Compiles Python sources to byte code with the very Pyodide the site ships (run by tools/pyc.py):
//   node pyc.mjs PYODIDE_DIR PYSCRIPT_STDLIB_JS SOURCES_JSON OUTPUT_JSON
// SOURCES_JSON maps relative .py paths to their text (the key "--with-pyscript" adds PyScript's own
// package); OUTPUT_JSON gets relative .pyc paths (__pycache__/NAME.cpython-3XX.pyc) to base64 bytes.
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideDir, pyscriptStdlib, input, output] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(`${pyodideDir}/pyodide.mjs`).href);
const sources = JSON.parse(readFileSync(input, "utf8"));
if (sources["--with-pyscript"] !== undefined) {
  delete sources["--with-pyscript"];
  const stdlib = (await import(pathToFileURL(pyscriptStdlib).href)).default;
  const walk = (base, tree) => {
    for (const [name, value] of Object.entries(tree)) {
      if (typeof value === "string") { if (name.endsWith(".py")) sources[base + name] = value; }
      else walk(base + name + "/", value);
    }
  };
  walk("", stdlib);
}
const pyodide = await loadPyodide({ indexURL: `${pyodideDir}/` });
pyodide.FS.mkdirTree("/work");
pyodide.FS.writeFile("/work/sources.json", JSON.stringify(sources));
pyodide.runPython(`
import base64, importlib.util, json, os, py_compile
out = {}
for rel, text in json.load(open("/work/sources.json")).items():
    path = os.path.join("/work/src", rel)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)
    cached = importlib.util.cache_from_source(path)
    py_compile.compile(path, cfile=cached, dfile=rel, doraise=True,
                       invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH)
    with open(cached, "rb") as f:
        out[os.path.relpath(cached, "/work/src")] = base64.b64encode(f.read()).decode()
json.dump(out, open("/work/compiled.json", "w"))
`);
writeFileSync(output, pyodide.FS.readFile("/work/compiled.json", { encoding: "utf8" }));
