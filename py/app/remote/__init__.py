"""Play with people on other devices (issue 17): the game session between devices over
channels (`send(dict)`, `on_message(callback)`, made by the WebRTC layer, app.peer).

Each device runs the same engine with its own midend; on each, the other device's seats are
REMOTE (app.midend). match.Match is the session, for two devices (pair.py) or a table of
3 to 8 (table_match.py) alike: a handshake (hello), a joint seed from a commit-reveal coin flip
(app.fair.coin, so no device chooses it), then every move as the engine's notation with its
number and the hash of the position after it (wire.state_hash).
Other devices are untrusted: every message is checked (incoming.py), a refused one is kept
and shown as a status, never applied."""
