#!/usr/bin/env bash
# Runs the smoke project (test/smoke/: start-up over both transports, one call per surface, the native
# modules, the worker pool, a clean exit) on another Node, against the installed and built project. The
# native modules are Node-API builds (better-sqlite3's prebuilt binaries ship in its package), so the same
# installed tree serves every Node major without a rebuild.
# Usage: scripts/smoke-on-node.sh <node directory>
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$(cd "$1" && pwd)/bin:$PATH"
echo "smoke: $(node --version)" >&2
npx vitest run --project smoke
