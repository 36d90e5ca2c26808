"""Play with a person on another device (issue 17): the game session between two devices
over a channel (`send(dict)`, `on_message(callback)`, made by the WebRTC layer, app.peer).

Each device runs the same engine with its own midend; on each, the other device's seats are
REMOTE (app.midend). match.Match is the session: a handshake (hello), a joint seed from a
commit-reveal coin flip (app.fair.coin, so neither side chooses it), then every move as the
engine's notation with its number and the hash of the position after it (wire.state_hash).
The peer is untrusted: every message is checked, a refused one is answered with `refused`
and shown as a status, never applied."""
