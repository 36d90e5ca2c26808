// The thinker: a Web Worker with its own Python (the same vendored Pyodide and the
// same py.zip as the page) that chooses the computer players' moves, so the page
// never waits for them. Started by app.thinker when a game with a computer opens.
//
// Messages in:  {id, request}  (request: JSON text, see py/app/thinking.py)
// Messages out: {ready: true} once Python is up, or {failed: reason};
//               {id, move} (the move in the game's notation) or {id, error}.
// Started at thinker.js#<release>: then it starts from this device's memory snapshot of
// Python (snapshot-store.mjs) when there is one, ready in a fraction of the time.
import { loadPyodide } from "./pyodide-start.mjs";

async function startPython() {
  globalThis.gemauCode = self.location.hash.slice(1);
  const pyodide = await loadPyodide();
  const response = await fetch(new URL("../py.zip", import.meta.url));
  if (!response.ok) throw new Error(`py.zip: HTTP ${response.status}`);
  pyodide.unpackArchive(await response.arrayBuffer(), "zip");
  pyodide.runPython("import sys; sys.path.insert(0, '.')");
  return pyodide.pyimport("app.thinking");
}

async function fetched(path) {
  const response = await fetch(new URL(`../${path}`, import.meta.url));
  if (!response.ok) throw new Error(`${path}: HTTP ${response.status}`);
  return response.text();
}

// A Wordle duel's engine needs its language's words (and book) before it can think.
async function withWords(thinking, request) {
  const lang = thinking.words_needed(request);
  if (lang === undefined || lang === null) return;
  const words = await fetched(`words/${lang}.json`);
  const book = await fetched(`words/${lang}.book.json`).catch(() => null);
  thinking.add_words(lang, words, book);
}

const thinking = startPython();
thinking.then(
  () => self.postMessage({ ready: true }),
  (error) => self.postMessage({ failed: String(error) }),
);

self.onmessage = async (event) => {
  const { id, request } = event.data;
  try {
    const python = await thinking;
    await withWords(python, request);
    self.postMessage({ id, move: python.think(request) });
  } catch (error) {
    self.postMessage({ id, error: String(error) });
  }
};
