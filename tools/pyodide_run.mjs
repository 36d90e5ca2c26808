// Run a Python script inside Pyodide under Node, with the repository mounted at /repo
// and py/ on sys.path: `node tools/pyodide_run.mjs bench/marbles_timing.py --moves 200`.
// Benchmarks use it to time computer players in the runtime the page really uses.
import { loadPyodide } from "pyodide";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const [script, ...args] = process.argv.slice(2);
if (!script) {
  console.error("usage: node tools/pyodide_run.mjs <script.py> [args...]");
  process.exit(2);
}

const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, "/repo");
pyodide.globals.set("script_path", script);
pyodide.globals.set("script_args", pyodide.toPy(args));
try {
  pyodide.runPython(`
import os, runpy, sys
sys.dont_write_bytecode = True
os.chdir("/repo")
sys.path[:0] = ["/repo/py", "/repo"]
sys.argv = [script_path] + list(script_args)
try:
    runpy.run_path(script_path, run_name="__main__")
except SystemExit as stop:
    if stop.code not in (None, 0):
        raise
`);
} catch (error) {
  console.error(String(error));
  process.exit(1);
}
