#!/bin/sh
# Print the path of a Chromium for the end-to-end tests: $CHROMIUM, then
# /usr/bin/chromium, then `chromium` on PATH. On Debian as root, install it.
# Playwright never downloads a browser of its own here.
if [ -n "$CHROMIUM" ] && [ -x "$CHROMIUM" ]; then echo "$CHROMIUM"; exit 0; fi
if [ -x /usr/bin/chromium ]; then echo /usr/bin/chromium; exit 0; fi
if command -v chromium >/dev/null 2>&1; then command -v chromium; exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's chromium package for the browser tests..." >&2
  apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >&2 \
    && [ -x /usr/bin/chromium ] && { echo /usr/bin/chromium; exit 0; }
fi
echo "No Chromium found. Install one (Debian/Ubuntu: 'sudo apt-get install chromium')," >&2
echo "or set CHROMIUM=/path/to/chromium, then run 'make test' again." >&2
exit 1
