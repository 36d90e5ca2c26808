"""Playing with a friend on another device: a WebRTC data channel set up by copying two
codes (the host's invite, the friend's reply), no server. codes and channel are pure
Python; rtc is the browser glue (static/js/peer.js)."""
