// Run the unit tests (engines and the pure parts of the app) inside Pyodide, under Node.
// The repository is mounted into Pyodide's file system; pytest comes from wheels
// that `make test` unpacked into .cache/pyodide-site. No network is used.
import { loadPyodide } from "pyodide";
import path from "node:path";
import { fileURLToPath } from "node:url";

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "..");
const args = process.argv.slice(2);

const pyodide = await loadPyodide();
pyodide.FS.mkdirTree("/repo");
pyodide.FS.mount(pyodide.FS.filesystems.NODEFS, { root: repo }, "/repo");
pyodide.globals.set("pytest_args", pyodide.toPy(args.length ? args : ["tests/unit"]));
const exitCode = pyodide.runPython(`
import os, sys
sys.dont_write_bytecode = True
os.chdir("/repo")
sys.path.insert(0, "/repo/.cache/pyodide-site")
import pytest
print(f"Python {sys.version.split()[0]} on {sys.platform} (Pyodide)")
int(pytest.main(list(pytest_args) + ["-p", "no:cacheprovider"]))
`);
process.exit(exitCode);
