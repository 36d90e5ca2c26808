// The interpreter PyScript loads (pyscript.toml): the vendored Pyodide, started from
// this device's memory snapshot when one was made for this release (static/js/
// snapshot.js), which skips Python's start-up and the app's imports; otherwise, or if
// the snapshot fails, started as usual (and that snapshot is dropped).
import { loadPyodide as loadVendored } from "../vendor/pyodide/pyodide.mjs";
import { forgetSnapshot, storedSnapshot } from "./snapshot-store.mjs";

export * from "../vendor/pyodide/pyodide.mjs";

const indexURL = new URL("../vendor/pyodide/", import.meta.url).href;

export async function loadPyodide(options = {}) {
  // PyScript names the interpreter's folder as the index; the runtime's files are here.
  const settings = { ...options, indexURL };
  const snapshot = await storedSnapshot(globalThis.gemauCode);
  if (snapshot) {
    try {
      const pyodide = await loadVendored({ ...settings, _loadSnapshot: snapshot });
      performance.mark("gemau:from-snapshot");
      return pyodide;
    } catch (error) {
      console.warn("Gemau: the memory snapshot did not start; starting as usual", error);
      await forgetSnapshot();
    }
  }
  return loadVendored(settings);
}
