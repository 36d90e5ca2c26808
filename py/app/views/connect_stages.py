"""Where #/connect stands: the stages of making a connection."""

# Where things stand: the status line's text is connect.status.<stage>.
CREATING, WAITING, REPLYING, SEND_REPLY, CONNECTING, CONNECTED = (
    "creating",
    "waiting",
    "replying",
    "send_reply",
    "connecting",
    "connected",
)
BAD_INVITE, DISCONNECTED = "bad_invite", "disconnected"
