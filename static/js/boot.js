// Loading screen, runtime start-up and the service worker.
// Runs before Python exists, so its few words carry both languages here.
const WORDS = {
  en: {
    page: "Loading…", runtime: "Downloading the Python runtime…", python: "Starting Python…",
    code: "Loading the games…", ready: "Ready",
    errorTitle: "The games could not start",
    errorText: "The Python runtime failed to load. Check your connection (the first visit needs one) and try again.",
    retry: "Try again",
  },
  cy: {
    page: "Yn llwytho…", runtime: "Yn llwytho Python i lawr…", python: "Yn cychwyn Python…",
    code: "Yn llwytho'r gemau…", ready: "Yn barod",
    errorTitle: "Methodd y gemau â chychwyn",
    errorText: "Methodd amgylchedd Python â llwytho. Gwiriwch eich cysylltiad (mae angen un y tro cyntaf) a rhowch gynnig arall arni.",
    retry: "Rhowch gynnig arall",
  },
};

// Files whose arrival marks real progress through the runtime download, with their share of the bar.
const RUNTIME_FILES = {
  "core.js": 5, "pyodide.mjs": 5, "pyodide.asm.mjs": 10, "pyodide.asm.wasm": 25,
  "python_stdlib.zip": 10, "pyodide-lock.json": 5,
};
const STAGE_PERCENT = { page: 5, python: 75, code: 85, ready: 100 };

const root = document.documentElement;
const bar = document.getElementById("loading-bar");
const stageLabel = document.getElementById("loading-stage");
let percent = 0;
let failed = false;
let lastProgress = Date.now();

// static/js/shell.js (run before this module) chose the language from the settings.
const words = WORDS[(window.gemauShell && window.gemauShell.language) || "en"];

function advance(to, stage) {
  if (failed) return;
  if (to > percent) lastProgress = Date.now();
  percent = Math.max(percent, Math.min(100, to));
  bar.style.width = `${percent}%`;
  if (stage && words[stage]) {
    stageLabel.textContent = words[stage];
    stageLabel.dataset.stage = stage;
  }
}

function showError(detail) {
  if (failed || root.dataset.app === "ready") return;
  failed = true;
  root.dataset.app = "error";
  document.getElementById("app").hidden = true; // the page drawn before Python, if any
  document.getElementById("loading").classList.remove("loading-compact");
  document.getElementById("loading-error-title").textContent = words.errorTitle;
  document.getElementById("loading-error-text").textContent = words.errorText;
  document.getElementById("loading-error-detail").textContent = String(detail || "").slice(0, 500);
  const retry = document.getElementById("loading-retry");
  retry.textContent = words.retry;
  retry.addEventListener("click", () => location.reload());
  document.getElementById("loading-error").hidden = false;
  stageLabel.hidden = true;
}

advance(STAGE_PERCENT.page, "page");
advance(STAGE_PERCENT.page, "runtime");

const seen = new Set();
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) {
    const name = entry.name.split("?")[0].split("/").pop();
    if (RUNTIME_FILES[name] && entry.responseStatus === 0) {
      showError(`${name}: download failed`);  // Pyodide itself may only log a warning and wait
    } else if (RUNTIME_FILES[name] && !seen.has(name)) {
      seen.add(name);
      advance(percent + RUNTIME_FILES[name]);
    }
  }
}).observe({ type: "resource", buffered: true });

addEventListener("error", (event) => showError(event.message || event.error));
// If nothing moves for a long time, say so rather than spin for ever.
const stallCheck = setInterval(() => {
  if (root.dataset.app === "ready" || failed) clearInterval(stallCheck);
  else if (Date.now() - lastProgress > 90_000) showError("no progress for 90 seconds");
}, 5_000);
addEventListener("unhandledrejection", (event) => showError(event.reason && (event.reason.message || event.reason)));
// PyScript reports Python errors raised at start-up in an element of class py-error.
new MutationObserver(() => {
  const pyError = document.querySelector(".py-error");
  if (pyError) showError(pyError.textContent);
}).observe(document.body, { childList: true, subtree: true });

// Python calls these as it starts; the app shows itself when it sets data-app="ready".
window.gemauBoot = {
  stage(name) {
    performance.mark(`gemau:${name}`);
    advance(STAGE_PERCENT[name] || percent, name);
    // Precaching downloads every asset again: start it only once the app runs, so it never slows the boot.
    if (name === "ready") {
      if (performance.getEntriesByName("gemau:from-snapshot").length) root.dataset.snapshot = "used";
      setTimeout(registerWorker, 300);
      setTimeout(makeSnapshotWhenQuiet, SNAPSHOT_AFTER_MS);
    }
  },
  applyUpdate() {
    this.updateRequested = true;
    navigator.serviceWorker.getRegistration().then((registration) => {
      if (registration && registration.waiting) registration.waiting.postMessage("skip-waiting");
      else location.reload();
    });
  },
};

try {
  const { hooks } = await import("../vendor/pyscript/core.js");
  hooks.main.onReady.add(() => {
    performance.mark("gemau:python-ready");
    advance(STAGE_PERCENT.python, "python");
  });
} catch (error) {
  showError(error && error.message);
}

// This device's memory snapshot of Python (static/js/snapshot.js), made once per release
// a while after the page is ready, so later visits start faster: outside a game (on the
// hub, a rules page, Statistics or Settings), so it never slows a game in play. data-snapshot on the
// root says what happened: "used" (this start came from one), "kept" or "failed".
const SNAPSHOT_AFTER_MS = 4000;

function quiet() {
  const page = location.hash.replace(/^#\/?/, "").split(/[/?]/)[0];
  return ["", "rules", "stats", "settings"].includes(page);
}

function makeSnapshotWhenQuiet() {
  if (quiet()) return makeSnapshot();
  addEventListener("hashchange", function whenQuiet() {
    if (!quiet()) return;
    removeEventListener("hashchange", whenQuiet);
    setTimeout(makeSnapshotWhenQuiet, SNAPSHOT_AFTER_MS);
  });
}

async function makeSnapshot() {
  const code = window.gemauCode;
  if (window.gemauNoSnapshot || !code || !("caches" in window) || !window.Worker) return;
  const { hasSnapshot } = await import("./snapshot-store.mjs");
  if (await hasSnapshot(code)) return;
  const worker = new Worker(new URL("./snapshot.js", import.meta.url), { type: "module" });
  worker.onmessage = (event) => {
    root.dataset.snapshot = event.data.failed ? "failed" : "kept";
    worker.terminate();
  };
  worker.postMessage({ code });
}

function announceUpdate() {
  dispatchEvent(new CustomEvent("gemau:update-available"));
  window.gemauBoot.updateAvailable = true;
}

function registerWorker() {
  if (!("serviceWorker" in navigator) || location.protocol === "file:") return;
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (reloading || !window.gemauBoot.updateRequested) return;
    reloading = true;
    location.reload();
  });
  navigator.serviceWorker.register("sw.js").then((registration) => {
    if (registration.waiting && navigator.serviceWorker.controller) announceUpdate();
    registration.addEventListener("updatefound", () => {
      const worker = registration.installing;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) announceUpdate();
      });
    });
  }).catch(() => { /* no offline support in this browser session; the app still works online */ });
}
