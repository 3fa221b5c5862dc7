#!/usr/bin/env bash
# SQLite's headers, the persistent cache's one system library: installs libsqlite3-dev with apt-get when missing
# (as root), or says what to install.
set -euo pipefail
if [[ ! -f /usr/include/sqlite3.h ]]; then
    if command -v apt-get >/dev/null 2>&1 && [[ "$(id -u)" == 0 ]]; then
        apt-get update -qq && apt-get install -y -qq libsqlite3-dev >/dev/null
    else
        echo "error: sqlite3.h is missing: install libsqlite3-dev (Debian/Ubuntu) or sqlite-devel" >&2
        exit 1
    fi
fi
echo "sqlite3.h present"
