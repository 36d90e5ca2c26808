// WebRTC for playing with a friend on another device (py/app/peer/rtc.py drives it).
// One data channel, negotiated on both sides as id 0, so no ondatachannel round trip.
// The descriptions are exchanged whole (non-trickle): gathering finishes before the
// invite or reply is shown. With no ICE servers (the default) only this device's own
// addresses are offered and nothing is sent to any server. `ice` is RTCPeerConnection's
// configuration ({ iceServers, iceTransportPolicy }: "relay" offers only the player's TURN
// server's addresses, so the friend never learns this device's), or just the iceServers.
(() => {
  const GATHER_MS = 5000;     // at most, waiting for the candidates
  const CONNECT_MS = 20000;   // from the answer to an open channel
  const GRACE_MS = 30000;     // an interrupted connection (a phone asleep, Wi-Fi lost) may come back
  const open = new Set();

  function gathered(pc) {
    return new Promise((resolve) => {
      if (pc.iceGatheringState === "complete") return resolve();
      pc.addEventListener("icegatheringstatechange", () => {
        if (pc.iceGatheringState === "complete") resolve();
      });
      setTimeout(resolve, GATHER_MS);
    });
  }

  // on.state(name): "open", "closed" or "failed"; on.message(text) for each message.
  function connection(ice, on) {
    const config = Array.isArray(ice) ? { iceServers: ice } : ice;
    const pc = new RTCPeerConnection({
      iceServers: config.iceServers || [],
      iceTransportPolicy: config.iceTransportPolicy === "relay" ? "relay" : "all",
    });
    const channel = pc.createDataChannel("gemau", { negotiated: true, id: 0, ordered: true });
    let ended = false, timer = null, grace = null;
    const end = (state) => {
      if (ended) return;
      ended = true;
      clearTimeout(timer);
      clearTimeout(grace);
      open.delete(conn);
      try { pc.close(); } catch (error) { /* already closed */ }
      on.state(state);
    };
    channel.addEventListener("open", () => { clearTimeout(timer); on.state("open"); });
    channel.addEventListener("close", () => end("closed"));
    channel.addEventListener("message", (event) => {
      if (typeof event.data === "string") on.message(event.data);
      else on.message(null);  // binary: not ours; Python reports it dropped
    });
    // "disconnected" is often brief: ICE looks for a path again by itself, and the data
    // channel survives it. Only a path still missing after GRACE_MS ends the connection
    // (an ICE restart would need a way to exchange descriptions, which is the very path lost).
    pc.addEventListener("connectionstatechange", () => {
      const state = pc.connectionState;
      if (state === "failed") end(channel.readyState === "open" ? "closed" : "failed");
      else if (state === "disconnected" && channel.readyState === "open" && grace === null) {
        on.state("interrupted");
        grace = setTimeout(() => end("closed"), GRACE_MS);
      } else if (state === "connected" && grace !== null) {
        clearTimeout(grace);
        grace = null;
        on.state("open");
      }
    });
    const conn = {
      sdp: "",
      send(text) { if (channel.readyState === "open") channel.send(text); },
      close() { end("closed"); },
      connecting() { clearTimeout(timer); timer = setTimeout(() => end("failed"), CONNECT_MS); },
      async describe(description) {
        await pc.setLocalDescription(description);
        await gathered(pc);
        conn.sdp = pc.localDescription.sdp;
        return conn;
      },
      async accept(sdp) {
        conn.connecting();
        await pc.setRemoteDescription({ type: "answer", sdp });
      },
      pc,
    };
    open.add(conn);
    return conn;
  }

  window.gemauPeer = {
    async host(ice, on) {
      const conn = connection(ice, on);
      return conn.describe(await conn.pc.createOffer());
    },
    async join(offerSdp, ice, on) {
      const conn = connection(ice, on);
      // No time limit here: the friend waits while the host pastes the reply.
      await conn.pc.setRemoteDescription({ type: "offer", sdp: offerSdp });
      return conn.describe(await conn.pc.createAnswer());
    },
    supported: typeof RTCPeerConnection === "function",
    // Reading a QR code with the camera, only where the browser has a QR BarcodeDetector.
    canScan: "BarcodeDetector" in window && !!(navigator.mediaDevices && navigator.mediaDevices.getUserMedia),
    // Shows the camera in `video` and calls onText(text) with the first QR code seen, or
    // onError(reason); returns the function that stops the camera.
    scan(video, onText, onError) {
      let stream = null, stopped = false, timer = null;
      const stop = () => {
        stopped = true;
        clearTimeout(timer);
        if (stream) for (const track of stream.getTracks()) track.stop();
        video.srcObject = null;
      };
      const look = async (detector) => {
        if (stopped) return;
        try {
          const found = await detector.detect(video);
          if (found.length && found[0].rawValue) { stop(); onText(found[0].rawValue); return; }
        } catch (error) { /* the video has no frame yet */ }
        timer = setTimeout(() => look(detector), 250);
      };
      navigator.mediaDevices.getUserMedia({ video: { facingMode: "environment" }, audio: false })
        .then(async (media) => {
          stream = media;
          if (stopped) return stop();
          video.srcObject = media;
          await video.play();
          look(new BarcodeDetector({ formats: ["qr_code"] }));
        })
        .catch((error) => { stop(); onError(String(error && error.name || error)); });
      return stop;
    },
  };
  // Leaving the page closes the channel at once, so the friend's page says so.
  addEventListener("pagehide", () => { for (const conn of [...open]) conn.close(); });
})();
