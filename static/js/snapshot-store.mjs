// This device's memory snapshot of the interpreter (see py/app/snapshot.py), kept
// gzipped in Cache Storage under one address per release of the code (gemauCode,
// written into static/pre/pages.js by tools/build.py) and of the runtime, so a new
// release never starts from an old snapshot. The service worker leaves this cache alone.
import { version } from "../vendor/pyodide/pyodide.mjs";

export const SNAPSHOT_CACHE = "gemau-snapshot";

function address(code) {
  return new URL(`../snapshot/pyodide-${version}-${code}.bin.gz`, import.meta.url).href;
}

export async function storedSnapshot(code) {
  if (!code || !("caches" in self) || !("DecompressionStream" in self)) return null;
  try {
    const response = await (await caches.open(SNAPSHOT_CACHE)).match(address(code));
    if (!response) return null;
    const bytes = response.body.pipeThrough(new DecompressionStream("gzip"));
    return new Uint8Array(await new Response(bytes).arrayBuffer());
  } catch (error) {
    return null; // unreadable: start as usual (a new one is made later)
  }
}

export async function hasSnapshot(code) {
  try {
    return Boolean(code && (await (await caches.open(SNAPSHOT_CACHE)).match(address(code))));
  } catch (error) {
    return false;
  }
}

export async function keepSnapshot(code, snapshot) {
  const cache = await caches.open(SNAPSHOT_CACHE);
  for (const old of await cache.keys()) await cache.delete(old); // one release at a time
  const gzipped = new Blob([snapshot]).stream().pipeThrough(new CompressionStream("gzip"));
  const body = await new Response(gzipped).blob();
  await cache.put(address(code), new Response(body));
  return body.size;
}

export async function forgetSnapshot() {
  try {
    await caches.delete(SNAPSHOT_CACHE);
  } catch (error) { /* nothing kept */ }
}
