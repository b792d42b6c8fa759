#!/usr/bin/env bash
# Makes PostgreSQL 15 with the pgvector extension available to the project's PostgreSQL test lane on a
# fresh Debian 12 machine. Idempotent: when `vector` is already installable it returns at once.
#
#   1. PostgreSQL 15 itself: Debian's postgresql-15 (on our images already; apt-installed otherwise).
#   2. pgvector: Debian's postgresql-15-pgvector when an apt list offers it. Otherwise (bookworm has none)
#      it is built from Debian's pgvector source package (trixie) against the PG 15 server headers, taken
#      from the postgresql-server-dev-15 .deb with `dpkg -x` (installing that package would pull in
#      clang and llvm). The apt look-ups use private lists under the cache, so the machine's apt state is
#      not changed. The built files are cached (`$CACHE/pgvector-<version>-pg15/`), so a later run on a
#      machine whose system directories were reset only copies them.
#
# Where the extension goes: PostgreSQL 15 finds extension control files only in its own share directory
# (`extension_control_path` arrived in PostgreSQL 18; `dynamic_library_path` covers the library, not the
# control and SQL files). A project-local copy would mean a relocated copy of the server binaries, which
# is more to go wrong than the alternative; so, as `.ci/run` does for chromium, the files are installed
# into the system directories, as root or through sudo. They are the same files `make install` puts there.
#
# Environment: CONSTELLATION_PG_BIN (default /usr/lib/postgresql/15/bin), CONSTELLATION_CACHE_DIR
# (default ${XDG_CACHE_HOME:-~/.cache}/constellation).
set -euo pipefail

pg_bin="${CONSTELLATION_PG_BIN:-/usr/lib/postgresql/15/bin}"
cache="${CONSTELLATION_CACHE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/constellation}"
say() { echo "pg-env: $1" >&2; }
as_root=""
[ "$(id -u)" -eq 0 ] || as_root="sudo"
export DEBIAN_FRONTEND=noninteractive

if [ ! -x "$pg_bin/postgres" ]; then
  say "installing postgresql-15"
  $as_root apt-get install -y --no-install-recommends postgresql-15 >/dev/null 2>&1 ||
    { $as_root apt-get update >/dev/null && $as_root apt-get install -y --no-install-recommends postgresql-15 >/dev/null; }
fi

sharedir="$("$pg_bin/pg_config" --sharedir)"
pkglibdir="$("$pg_bin/pg_config" --pkglibdir)"
installed() { [ -f "$sharedir/extension/vector.control" ] && [ -f "$pkglibdir/vector.so" ]; }
if installed; then
  say "pgvector is installed ($(sed -n "s/^default_version = '\(.*\)'/\1/p" "$sharedir/extension/vector.control"))"
  exit 0
fi

if apt-cache policy postgresql-15-pgvector 2>/dev/null | grep -q 'Candidate: [0-9]'; then
  say "installing postgresql-15-pgvector"
  $as_root apt-get install -y --no-install-recommends postgresql-15-pgvector >/dev/null
  installed && exit 0
fi

# Every cached build holds the tree `make install DESTDIR=...` wrote; the newest is used.
mkdir -p "$cache"
build="$(find "$cache" -maxdepth 1 -type d -name 'pgvector-*-pg15' | sort -V | tail -n 1)"
if [ -z "$build" ]; then
  work="$(mktemp -d)"
  trap 'rm -rf "$work"' EXIT
  apt_dir="$cache/apt"
  mkdir -p "$apt_dir/lists/partial" "$apt_dir/archives/partial"
  cat >"$apt_dir/sources.list" <<'EOF'
deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian bookworm main
deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian-security bookworm-security main
deb-src [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian trixie main
EOF
  apt_private=(-o "Dir::Etc::SourceList=$apt_dir/sources.list" -o "Dir::Etc::SourceParts=-"
    -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache::Archives=$apt_dir/archives"
    -o "Dir::Cache::pkgcache=" -o "Dir::Cache::srcpkgcache=" -o "APT::Sandbox::User=root")
  say "fetching pgvector's Debian source and the PostgreSQL 15 server headers (private apt lists in $apt_dir)"
  apt-get "${apt_private[@]}" update >/dev/null
  if ! command -v make >/dev/null 2>&1 || ! command -v cc >/dev/null 2>&1; then
    say "installing make and gcc"
    $as_root apt-get install -y --no-install-recommends make gcc libc6-dev >/dev/null
  fi
  cd "$work"
  apt-get "${apt_private[@]}" source --download-only pgvector >/dev/null
  server_version="$(dpkg-query -W -f='${Version}' postgresql-15 2>/dev/null || true)"
  # The exact server version first; any PG 15 headers otherwise (the server ABI is fixed within a major).
  apt-get "${apt_private[@]}" download "postgresql-server-dev-15=$server_version" >/dev/null 2>&1 ||
    apt-get "${apt_private[@]}" download postgresql-server-dev-15 >/dev/null
  dpkg -x postgresql-server-dev-15_*.deb headers
  tar xzf pgvector_*.orig.tar.gz
  cd pgvector-*/
  version="$(sed -n "s/^default_version = '\(.*\)'/\1/p" vector.control)"
  say "building pgvector $version"
  # No -march=native (the default): the cached build must run on any x86-64 machine it is copied to.
  make_args=(PG_CONFIG="$pg_bin/pg_config" PG_CPPFLAGS="-I$work/headers/usr/include/postgresql/15/server"
    with_llvm=no OPTFLAGS="")
  make -j2 "${make_args[@]}" >/dev/null
  make "${make_args[@]}" install DESTDIR="$work/stage" >/dev/null
  rm -rf "$work/stage/usr/include"
  build="$cache/pgvector-$version-pg15"
  rm -rf "$build.partial"
  mv "$work/stage" "$build.partial"
  mv "$build.partial" "$build"
fi

say "installing $(basename "$build") into $sharedir and $pkglibdir"
$as_root cp -R "$build/usr/." /usr/
installed || {
  say "pgvector's files are not where PostgreSQL looks ($sharedir/extension, $pkglibdir)"
  exit 1
}
