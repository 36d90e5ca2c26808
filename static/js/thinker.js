// The thinker: a Web Worker with its own Python (the same vendored Pyodide and the
// same py.zip as the page) that chooses the computer players' moves, so the page
// never waits for them. Started by app.thinker when a game with a computer opens.
//
// Messages in:  {id, request}  (request: JSON text, see py/app/thinking.py)
// Messages out: {ready: true} once Python is up, or {failed: reason};
//               {id, move} (the move in the game's notation) or {id, error}.
import { loadPyodide } from "../vendor/pyodide/pyodide.mjs";

async function startPython() {
  const pyodide = await loadPyodide({ indexURL: new URL("../vendor/pyodide/", import.meta.url).href });
  const response = await fetch(new URL("../py.zip", import.meta.url));
  if (!response.ok) throw new Error(`py.zip: HTTP ${response.status}`);
  pyodide.unpackArchive(await response.arrayBuffer(), "zip");
  pyodide.runPython("import sys; sys.path.insert(0, '.')");
  return pyodide.pyimport("app.thinking").think;
}

const thinking = startPython();
thinking.then(
  () => self.postMessage({ ready: true }),
  (error) => self.postMessage({ failed: String(error) }),
);

self.onmessage = async (event) => {
  const { id, request } = event.data;
  let think;
  try {
    think = await thinking;
  } catch (error) {
    self.postMessage({ id, error: String(error) });
    return;
  }
  try {
    self.postMessage({ id, move: think(request) });
  } catch (error) {
    self.postMessage({ id, error: String(error) });
  }
};
