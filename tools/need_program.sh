#!/bin/sh
# Make sure a program the tests need is on PATH, e.g. `sh tools/need_program.sh turnserver coturn`
# (the program, then the Debian package that provides it). Missing on Debian as root, its
# package is installed; anywhere else, it says what to install. Exits 1 if it is still missing.
program="$1"
package="$2"
if command -v "$program" >/dev/null 2>&1; then exit 0; fi
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "Installing Debian's $package package (it provides $program, which the tests need)..." >&2
  apt-get update -qq >&2 && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$package" >&2
  if command -v "$program" >/dev/null 2>&1; then exit 0; fi
fi
echo "The tests need $program: install it (Debian/Ubuntu: 'sudo apt-get install $package')," >&2
echo "then run 'make test' again." >&2
exit 1
