#!/usr/bin/env bash
# Runs a command in a private network namespace that reaches nothing outside itself, so a test suite sees
# 127.0.0.1 and nothing else: every WebSocket, ICE, DTLS and RTP packet stays inside, and nothing reaches the
# outside. Install packages and browsers before: the namespace has no network.
#
# Besides loopback, the namespace has a veth pair with both ends inside it (10.213.0.1 and 10.213.0.2) and a
# default route over it. Nothing is at the other end but the namespace itself. Firefox needs the default route:
# without a capture permission it gathers ICE candidates only on the default route's address, and with no
# default route it gathers none at all ("failed to find default addresses"), so it could never connect.
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

exec unshare --net -- bash -c '
  set -e
  ip link set lo up
  ip link add rk0 type veth peer name rk1
  ip addr add 10.213.0.1/24 dev rk0
  ip addr add 10.213.0.2/24 dev rk1
  ip link set rk0 up
  ip link set rk1 up
  ip route add default via 10.213.0.2 dev rk0
  # Whatever is sent toward the outside fails at once, as it did with no default route, instead of waiting for
  # time-outs: the other end answers unreachable (ICMP) for every address but its own, and the name servers are
  # unreachable routes (a DNS lookup ignores that ICMP and waits 5 s and more per try)
  echo 1 > /proc/sys/net/ipv4/ip_forward
  ip rule add iif rk1 lookup 213
  ip route add unreachable default table 213
  for server in $(awk "/^nameserver [0-9.]+\$/ { print \$2 }" /etc/resolv.conf); do ip route add unreachable "$server"/32; done
  exec "$@"' netns.sh "$@"
