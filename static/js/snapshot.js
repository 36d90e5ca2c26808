// Makes this device's memory snapshot of the interpreter, in a worker, once per
// release (started by boot.js when the page has been ready a while and there is
// none): Python started, the games and the app imported (py/app/snapshot.py), then
// the memory image kept by snapshot-store.mjs. Later visits start from it.
//
// Message in: {code} (the release); out: {made: bytes, kept: gzipped bytes} or {failed}.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";
import { keepSnapshot } from "./snapshot-store.mjs";

self.onmessage = async (event) => {
  const { code } = event.data;
  try {
    const pyodide = await loadPyodide({
      indexURL: new URL("../vendor/pyodide/", import.meta.url).href,
      _makeSnapshot: true,
    });
    const response = await fetch(new URL("../py.zip", import.meta.url));
    if (!response.ok) throw new Error(`py.zip: HTTP ${response.status}`);
    pyodide.unpackArchive(await response.arrayBuffer(), "zip");
    // runPython returns a plain number: no JavaScript reference may be held at the snapshot
    pyodide.runPython("import sys; sys.path.insert(0, '.')"); // as thinker.js does
    pyodide.runPython("import app.snapshot; len(app.snapshot.import_everything())");
    const snapshot = pyodide.makeMemorySnapshot();
    const kept = await keepSnapshot(code, snapshot);
    self.postMessage({ made: snapshot.length, kept });
  } catch (error) {
    self.postMessage({ failed: String(error) });
  }
};
