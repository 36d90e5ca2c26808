"""Fair play between peers with no referee: salted commitments (commit), commit-reveal joint
randomness (coin) and mental poker for the Dominoes tiles (deck). Pure Python, no browser
imports: each protocol is a small state object per peer that takes the other peers' messages
(plain JSON-able dicts, untrusted: every one is validated and junk raises ProtocolError) and
gives the messages it wants broadcast. Dishonesty that a peer can prove raises Cheated, naming
the seat when it is known. The protocols assume every message is broadcast to all peers and
that each peer sees them in one order (the host relays them), as the WebRTC layer will do."""
