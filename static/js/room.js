// A room of one link, over public Nostr relays (py/app/peer/room_links.py drives it; what is
// said in it is app.peer.room's). Loaded by the page only once the player has opted in to
// internet play; it then loads nostr-tools' bundle (static/vendor/nostr/, vendored from npm).
//
// From the room secret (16 random bytes in the link's fragment) HKDF-SHA-256 derives the
// room's tag, the one thing of the room the relays see (a tag on each event, and the filter
// of the subscription), and an AES-256-GCM key. Every message is sealed with that key (a
// random 96-bit IV; the tag as associated data), published as an ephemeral event (kind
// 25050: relays pass it on and keep nothing) signed by this device's key for the room
// (kept with the room by Python: its public key is the device's name in the room, and
// nostr-tools checks every event's signature). What does not open with the room's key is
// dropped here and only counted (the counts on window, gemauRoomSaid, -Heard and -Dropped,
// are for the tests and for anyone curious). Each opened message goes to Python with the
// public key that signed it: its sender.
(() => {
  const KIND = 25050;
  const MAX_CONTENT = 12000;  // base64 of a sealed message of at most 6,000 characters
  const SINCE_S = 60;          // what a relay still holds of the last minute (most keep none)
  const MAX_SEEN = 2000;       // events remembered, to take each once whatever relays send
  const CONNECT_WAIT_MS = 10000;  // a busy phone or relay can take seconds to open a socket
  // A relay that could not be reached (or closed the subscription) is tried again after these
  // waits, the last one repeated: nostr-tools reconnects a connection that dropped, but a
  // first connection that failed is given up for good.
  const RETRY_MS = [2000, 4000, 8000, 15000, 30000];
  const encoder = new TextEncoder();
  let library = null;

  function loadLibrary() {
    if (library) return library;
    library = new Promise((resolve, reject) => {
      if (window.NostrTools) return resolve(window.NostrTools);
      const script = document.createElement("script");
      script.src = "static/vendor/nostr/nostr.bundle.js";
      script.onload = () => resolve(window.NostrTools);
      script.onerror = () => { library = null; reject(new Error("nostr-tools did not load")); };
      document.head.append(script);
    });
    return library;
  }

  function fromBase64url(text) {
    const plain = text.replace(/-/g, "+").replace(/_/g, "/");
    return Uint8Array.from(atob(plain + "=".repeat((4 - (plain.length % 4)) % 4)), (c) => c.charCodeAt(0));
  }

  function toBase64(bytes) {
    let text = "";
    for (const byte of bytes) text += String.fromCharCode(byte);
    return btoa(text);
  }

  function fromHex(text) {
    return Uint8Array.from(text.match(/../g), (pair) => parseInt(pair, 16));
  }

  function hex(bytes) {
    return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
  }

  // The room's tag (64 hex digits) and sealing key, from its secret (base64url text, or
  // bytes: a lobby's public name).
  async function keys(secret) {
    const bytes = typeof secret === "string" ? fromBase64url(secret) : secret;
    const base = await crypto.subtle.importKey("raw", bytes, "HKDF", false, ["deriveBits", "deriveKey"]);
    const hkdf = (info) => ({ name: "HKDF", hash: "SHA-256", salt: encoder.encode("gemau room 1"), info: encoder.encode(info) });
    const tag = hex(new Uint8Array(await crypto.subtle.deriveBits(hkdf("tag"), base, 256)));
    const key = await crypto.subtle.deriveKey(hkdf("seal"), base, { name: "AES-GCM", length: 256 }, false, ["encrypt", "decrypt"]);
    return { tag, key };
  }

  async function seal(room, text) {
    const iv = crypto.getRandomValues(new Uint8Array(12));
    const sealed = await crypto.subtle.encrypt(
      { name: "AES-GCM", iv, additionalData: encoder.encode(room.tag) }, room.key, encoder.encode(text));
    const both = new Uint8Array(12 + sealed.byteLength);
    both.set(iv);
    both.set(new Uint8Array(sealed), 12);
    return toBase64(both);
  }

  // The text sealed in `content`, or null for anything that does not open with the key.
  async function unseal(room, content) {
    if (typeof content !== "string" || content.length > MAX_CONTENT) return null;
    try {
      const both = Uint8Array.from(atob(content), (c) => c.charCodeAt(0));
      if (both.length < 12 + 16) return null;
      const plain = await crypto.subtle.decrypt(
        { name: "AES-GCM", iv: both.slice(0, 12), additionalData: encoder.encode(room.tag) }, room.key, both.slice(12));
      return new TextDecoder("utf-8", { fatal: true }).decode(plain);
    } catch (error) {
      return null;
    }
  }

  // One tab of this device in a room at a time: two would each take the other's place with
  // the friends, over and over. A tab that finds the room held by another waits for it (a
  // Web Lock, released when that tab closes or leaves the room), saying so through
  // on.elsewhere(true) unless it gets the room within a moment (a page reopening the room
  // it has just closed), and on.elsewhere(false) once it holds it. Resolves with the
  // function that lets the room go.
  const ELSEWHERE_AFTER_MS = 500;
  function holdRoom(tag, on) {
    if (!navigator.locks) return Promise.resolve(() => {});
    const name = "gemau-room-" + tag;
    return new Promise((held) => {
      let said = false;
      const saying = setTimeout(() => { said = true; on.elsewhere(true); }, ELSEWHERE_AFTER_MS);
      navigator.locks.request(name, () => new Promise((release) => {
        clearTimeout(saying);
        if (said) on.elsewhere(false);
        held(release);
      }));
    });
  }

  // keyHex: this device's secret key in the room (64 hex digits). on.message(text, sender):
  // each message that opened, with the public key that signed it; on.relays(connected,
  // total): the relays' news; on.dropped(): an event that did not open; on.elsewhere(held):
  // another tab holds the room (holdRoom). Resolves once this tab holds the room.
  async function open(secret, relays, keyHex, on) {
    const found = await keys(secret);
    const letGo = await holdRoom(found.tag, on);
    return meet(found, relays, keyHex, on, letGo);
  }

  // "Find an opponent" (app.peer.lobby): a public meeting place per kind of game, whose tag
  // and key come from its name (so anyone can read what is said there: a nickname, a rating),
  // and where a message for one device alone (`to`, its public key) is encrypted to it by
  // NIP-44 (ECDH on secp256k1, ChaCha20 and HMAC-SHA-256), with a "p" tag naming it.
  // on.message(text, sender, private).
  async function openLobby(variant, relays, keyHex, on) {
    const found = await keys(encoder.encode("gemau lobby 1 " + variant));
    return meet(found, relays, keyHex, on, () => {});
  }

  async function meet(found, relays, keyHex, on, letGo) {
    const tools = await loadLibrary();
    const room = { ...found, relays: [...relays], closed: false };
    const nostrKey = fromHex(keyHex);
    const me = tools.getPublicKey(nostrKey);  // (throws for the rare key out of range)
    room.me = me;
    const seenEvents = new Set();
    const pool = new tools.SimplePool({ enableReconnect: true, maxWaitForConnection: CONNECT_WAIT_MS });
    // How many relays are connected now, told to the page whenever it changes.
    let connected = -1;
    const news = () => {
      const now = [...pool.listConnectionStatus().values()].filter(Boolean).length;
      if (now !== connected) { connected = now; on.relays(now, room.relays.length); }
    };
    const watching = setInterval(news, 1000);
    const take = async (event) => {
      if (room.closed || event.pubkey === me || seenEvents.has(event.id)) return;
      seenEvents.add(event.id);
      if (seenEvents.size > MAX_SEEN) seenEvents.delete(seenEvents.values().next().value);
      const to = event.tags.find((tag) => tag[0] === "p");
      if (to) {  // for one device alone: read only by it
        if (to[1] !== me) return;
        const text = privately(tools, nostrKey, event);
        if (text !== null) on.message(text, event.pubkey, true);
        return;
      }
      const text = await unseal(room, event.content);
      if (text === null) {  // not sealed with this room's key: not ours, never read
        window.gemauRoomDropped = (window.gemauRoomDropped || 0) + 1;
        on.dropped();
        return;
      }
      window.gemauRoomHeard = (window.gemauRoomHeard || 0) + 1;
      on.message(text, event.pubkey, false);
    };
    // Each relay listened to on its own, so that one that cannot be reached is tried again
    // without touching the others.
    const subscriptions = new Map();
    const retries = new Map();
    const listen = (url, attempt) => {
      if (room.closed) return;
      const since = Math.floor(Date.now() / 1000) - SINCE_S;
      subscriptions.set(url, pool.subscribeMany([url], { kinds: [KIND], "#x": [room.tag], since }, {
        onevent: take,
        oneose: () => { attempt = 0; news(); },
        onclose: () => {
          news();
          if (room.closed) return;
          const wait = RETRY_MS[Math.min(attempt, RETRY_MS.length - 1)];
          retries.set(url, setTimeout(() => listen(url, attempt + 1), wait));
        },
      }));
    };
    for (const url of room.relays) listen(url, 0);
    setTimeout(news, 0);
    // `to`: a device's public key, for a message it alone can read (a lobby's).
    room.send = async (text, to) => {
      if (room.closed) return;
      const tags = [["x", room.tag]];
      let content;
      if (typeof to === "string" && /^[0-9a-f]{64}$/.test(to)) {
        tags.push(["p", to]);
        content = tools.nip44.encrypt(text, tools.nip44.getConversationKey(nostrKey, to));
      } else {
        content = await seal(room, text);
      }
      const event = tools.finalizeEvent({
        kind: KIND, created_at: Math.floor(Date.now() / 1000), tags, content,
      }, nostrKey);
      // Each relay on its own: one down or refusing changes nothing for the others.
      for (const sent of pool.publish(room.relays, event)) sent.catch(() => {}).finally(news);
      window.gemauRoomSaid = (window.gemauRoomSaid || 0) + 1;
    };
    // `release` false: the page is going, and what it does as it goes (its last save) must
    // be done before another tab takes the room: the browser lets the lock go with the page.
    room.close = (release = true) => {
      if (room.closed) return;
      room.closed = true;
      clearInterval(watching);
      for (const retry of retries.values()) clearTimeout(retry);
      for (const subscription of subscriptions.values()) subscription.close();
      pool.close(room.relays);
      if (release) letGo();
    };
    // Capturing, so it runs before peer.js closes the channels: a page being closed says
    // nothing more in the room (the host would offer to a page that is gone).
    addEventListener("pagehide", () => room.close(false), { capture: true });
    return room;
  }

  // A message encrypted to this device (NIP-44), or null if it does not open.
  function privately(tools, nostrKey, event) {
    if (typeof event.content !== "string" || event.content.length > MAX_CONTENT) return null;
    try {
      return tools.nip44.decrypt(event.content, tools.nip44.getConversationKey(nostrKey, event.pubkey));
    } catch (error) {
      window.gemauRoomDropped = (window.gemauRoomDropped || 0) + 1;
      return null;
    }
  }

  window.gemauRoom = { open, openLobby, keys, seal, unseal };
})();
