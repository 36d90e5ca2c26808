#!/bin/sh
# Print the path of a Chromium for the end-to-end tests: $CHROMIUM, then
# /usr/bin/chromium, then `chromium` on PATH; on Debian as root, install it (need_program.sh).
# Playwright never downloads a browser of its own here.
if [ -n "$CHROMIUM" ] && [ -x "$CHROMIUM" ]; then echo "$CHROMIUM"; exit 0; fi
if [ -x /usr/bin/chromium ]; then echo /usr/bin/chromium; exit 0; fi
sh "$(dirname "$0")/need_program.sh" chromium chromium || {
  echo "Or set CHROMIUM=/path/to/chromium." >&2
  exit 1
}
command -v chromium
