#!/usr/bin/env bash
# Runs the smoke project (test/smoke/: start-up over both transports, one call per surface, the native
# modules, the worker pool) on another Node, against the installed and built project. better-sqlite3 is
# compiled for that Node's ABI in a copy of the project (hard links where the file system allows), whose
# better-sqlite3 alone is a real copy, so the installed tree stays as it was.
# Usage: scripts/smoke-on-node.sh <node directory> [prepare|run]   (prepare: only make the copy; default both)
set -euo pipefail
cd "$(dirname "$0")/.."
nodedir="$(cd "$1" && pwd)"
step="${2:-all}"
copy="$nodedir/project"
link() { cp -al "$1" "$2" 2>/dev/null || cp -a "$1" "$2"; }
if [ "$step" != run ]; then
  rm -rf "$copy"
  mkdir -p "$copy"
  for entry in * .[!.]*; do
    [ "$entry" = .git ] || [ "$entry" = node_modules ] || link "$entry" "$copy/"
  done
  mkdir "$copy/node_modules"
  for entry in node_modules/* node_modules/.[!.]*; do
    [ -e "$entry" ] || continue
    case "$entry" in
      node_modules/better-sqlite3 | node_modules/.package-lock.json | node_modules/.cache | node_modules/.vite) cp -a "$entry" "$copy/node_modules/" ;;
      *) link "$entry" "$copy/node_modules/" ;;
    esac
  done
  (cd "$copy" && PATH="$nodedir/bin:$PATH" npm_config_nodedir="$nodedir" npm rebuild better-sqlite3 >/dev/null)
fi
if [ "$step" != prepare ]; then
  cd "$copy"
  export PATH="$nodedir/bin:$PATH"
  echo "smoke: $(node --version)" >&2
  npx vitest run --project smoke
fi
