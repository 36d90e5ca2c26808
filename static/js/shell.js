// Before Python is ready: the page's language and look from the saved settings, and
// the pages that need no Python (the hub, the rules, Statistics on a device with
// nothing played), drawn at build time by the app's own views (static/pre/, see
// tools/prerender.py). A classic script at the end of the body: it runs before the
// first paint. When the app is ready it draws the same views over these.
(function () {
  const root = document.documentElement;
  const app = document.getElementById("app");
  const view = document.getElementById("view");
  const nav = document.getElementById("topnav");
  const loading = document.getElementById("loading");

  function savedSettings() {
    try {
      const record = JSON.parse(localStorage.getItem("gemau:settings") || "null");
      return record && typeof record.data === "object" && record.data ? record.data : {};
    } catch (error) {
      return {};
    }
  }

  // Records of choices, not of play (Settings, and the name and Internet play of #/connect).
  const PREFERENCES = ["gemau:settings", "gemau:peer"];

  // Whether this device has records (scores, saved games, ratings): then the hub's
  // lines about them are left blank, and Statistics waits for Python, which reads them.
  function played() {
    try {
      for (let i = 0; i < localStorage.length; i++) {
        const key = localStorage.key(i);
        if (key.startsWith("gemau:") && !PREFERENCES.includes(key)) return true;
      }
    } catch (error) { /* storage refused: treat as nothing played */ }
    return false;
  }

  const settings = savedSettings();
  const language = settings.language === "cy" || settings.language === "en"
    ? settings.language
    : ((navigator.language || "en").toLowerCase().startsWith("cy") ? "cy" : "en");
  root.lang = language;
  if (["light", "dark", "system"].includes(settings.theme)) root.dataset.theme = settings.theme;
  const pages = (window.gemauPre || {})[language];
  const hasRecords = played();
  window.gemauShell = { language };

  // "#/rules/marbles?x=1" -> ["rules", "marbles"]; "" or "#/" -> ["hub"]
  function routeOf(hash) {
    const parts = hash.replace(/^#/, "").split("?")[0].split("/").filter(Boolean);
    return parts.length ? parts : ["hub"];
  }

  function showLoading() {
    app.hidden = true;
    loading.classList.remove("loading-compact");
  }

  function showPage(page, current, focus) {
    view.innerHTML = page.html;
    nav.innerHTML = pages.nav[current] || pages.nav.other;
    nav.setAttribute("aria-label", pages.navLabel);
    document.title = page.title;
    if (hasRecords) {
      for (const line of view.querySelectorAll(".game-card-result, .game-card-progress")) {
        line.style.visibility = "hidden";
      }
      // A newcomer's first step (drawn at build time, for a device with nothing played).
      for (const step of view.querySelectorAll("[data-first-step]")) step.hidden = true;
    }
    app.hidden = false;
    loading.classList.add("loading-compact");
    if (focus) (view.querySelector("h1") || view).focus();
  }

  let shown = 0; // which address was asked for last: a late rules page is not shown
  async function show(focus) {
    if (root.dataset.app !== "loading" || !pages) return; // Python draws from now on
    const [page, detail] = routeOf(location.hash);
    const asked = ++shown;
    if (page === "hub" || (page === "stats" && !hasRecords)) {
      showPage(pages.pages[page], page, focus);
    } else if (page === "rules" && detail && /^[a-z]+$/.test(detail)) {
      try {
        const response = await fetch(`static/pre/${language}/rules-${detail}.html`);
        if (!response.ok) throw new Error(String(response.status));
        const text = await response.text();
        const newline = text.indexOf("\n");
        const title = JSON.parse(text.slice(5, newline - 4));
        if (asked === shown && root.dataset.app === "loading") {
          showPage({ title, html: text.slice(newline + 1) }, "rules", focus);
        }
      } catch (error) {
        if (asked === shown) showLoading();
      }
    } else {
      showLoading(); // a game, Settings or Statistics with records: Python draws it
    }
  }

  show(false);
  addEventListener("hashchange", () => show(true));
})();
