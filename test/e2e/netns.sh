#!/usr/bin/env bash
# Runs a command in a private network namespace whose only interface is loopback, so a test suite sees
# 127.0.0.1 and nothing else: every WebSocket, ICE, DTLS and RTP packet stays on loopback, and nothing reaches
# the outside. Install packages and browsers before: the namespace has no network.
#
#   bash test/e2e/netns.sh npx vitest run --project e2e
#
# Needs root (unshare -n) and iproute2's `ip`.
set -euo pipefail

if [ "$#" -eq 0 ]; then
  echo "usage: $0 COMMAND [ARG...]" >&2
  exit 2
fi
if [ "$(id -u)" -ne 0 ]; then
  echo "netns.sh: creating a network namespace needs root (unshare -n)" >&2
  exit 1
fi
for tool in unshare ip; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    package=$([ "$tool" = ip ] && echo iproute2 || echo util-linux)
    echo "netns.sh: '$tool' not found; install Debian's $package (apt-get install -y $package)" >&2
    exit 1
  fi
done

exec unshare --net -- bash -c 'set -e; ip link set lo up; exec "$@"' netns.sh "$@"
