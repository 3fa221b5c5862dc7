#!/usr/bin/env bash
# Prepares the Python environment of the reference backend (Tests/ReferenceBackend) and prints the
# path of its python as the only line on stdout. Idempotent and quiet: the second run only checks.
#
#   PY=$(scripts/python-env.sh) && "$PY" Tests/ReferenceBackend/server.py --port 0
#
# Environment:
#   GRAPHQLBRIDGE_VENV         where the environment goes (default: <repo>/.venv)
#   GRAPHQLBRIDGE_BASE_PYTHON  the python that creates it (default: python3; 3.10 or newer)
#   GRAPHQLBRIDGE_VENV_MODE    auto (default) | venv | target: force one way, to test the fallback
#
# Ways, in order: `python -m venv` with pip; if that fails (Debian without python3-venv, no ensurepip),
# `pip install --target` with the base python's pip into <venv>/site-packages behind a small
# <venv>/bin/python wrapper that sets PYTHONPATH; if there is no pip either and we are root with
# apt-get, `apt-get install python3-venv` and the first way again.
set -euo pipefail

REPO="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
VENV="${GRAPHQLBRIDGE_VENV:-$REPO/.venv}"
REQUIREMENTS="$REPO/Tests/ReferenceBackend/requirements.txt"
BASE_PYTHON="${GRAPHQLBRIDGE_BASE_PYTHON:-python3}"
MODE="${GRAPHQLBRIDGE_VENV_MODE:-auto}"
STAMP="$VENV/.graphqlbridge-requirements"
# The lock and the log live outside the environment (which may be deleted and rebuilt) and the repo.
VENV_KEY="$(printf '%s' "$VENV" | cksum | cut -d' ' -f1)"
LOCK="${TMPDIR:-/tmp}/graphqlbridge-python-env-$VENV_KEY.lock"
LOG="${TMPDIR:-/tmp}/graphqlbridge-python-env-$VENV_KEY.log"

fail() {
    echo "python-env.sh: $*" >&2
    if [[ -s "$LOG" ]]; then
        echo "python-env.sh: last lines of $LOG:" >&2
        tail -n 30 "$LOG" >&2
    fi
    exit 1
}

[[ -f "$REQUIREMENTS" ]] || fail "missing $REQUIREMENTS"
command -v "$BASE_PYTHON" >/dev/null 2>&1 || fail "no $BASE_PYTHON on PATH: install CPython 3.10 or newer"

want_stamp() {
    # What the environment must have been built from: the requirements and the base python.
    local python_id
    python_id="$("$BASE_PYTHON" -c 'import sys; print(sys.version.split()[0], sys.executable)')"
    { cat "$REQUIREMENTS"; echo "python=$python_id"; } | cksum | cut -d' ' -f1
}

is_ready() {
    [[ -x "$VENV/bin/python" && -f "$STAMP" ]] || return 1
    [[ "$(cat "$STAMP")" == "$WANT" ]] || return 1
    "$VENV/bin/python" -c 'import graphql' >/dev/null 2>&1
}

WANT="$(want_stamp)"
if is_ready; then
    echo "$VENV/bin/python"
    exit 0
fi

mkdir -p "$(dirname "$VENV")"
# Several test processes may start at once: one builds, the others wait and then reuse it.
exec 9>"$LOCK"
if command -v flock >/dev/null 2>&1; then
    flock 9
fi
if is_ready; then
    echo "$VENV/bin/python"
    exit 0
fi

"$BASE_PYTHON" -c 'import sys; sys.exit(0 if sys.version_info >= (3, 10) else 1)' \
    || fail "$BASE_PYTHON is older than 3.10; set GRAPHQLBRIDGE_BASE_PYTHON to a newer one"

: >"$LOG"

install_with_venv() {
    rm -rf "$VENV"
    "$BASE_PYTHON" -m venv "$VENV" >>"$LOG" 2>&1 || return 1
    "$VENV/bin/python" -m pip install --disable-pip-version-check --no-input --quiet \
        -r "$REQUIREMENTS" >>"$LOG" 2>&1 || return 2
}

install_with_target() {
    "$BASE_PYTHON" -m pip --version >>"$LOG" 2>&1 || return 1
    rm -rf "$VENV"
    mkdir -p "$VENV/bin" "$VENV/site-packages"
    "$BASE_PYTHON" -m pip install --disable-pip-version-check --no-input --quiet \
        --target "$VENV/site-packages" -r "$REQUIREMENTS" >>"$LOG" 2>&1 || return 2
    local base
    base="$("$BASE_PYTHON" -c 'import sys; print(sys.executable)')"
    cat >"$VENV/bin/python" <<EOF
#!/bin/sh
# Written by scripts/python-env.sh (pip --target fallback): $BASE_PYTHON with the requirements on PYTHONPATH.
PYTHONPATH="$VENV/site-packages\${PYTHONPATH:+:\$PYTHONPATH}" exec "$base" "\$@"
EOF
    chmod +x "$VENV/bin/python"
}

install_apt_venv() {
    [[ "$(id -u)" == "0" ]] && command -v apt-get >/dev/null 2>&1 || return 1
    local version
    version="$("$BASE_PYTHON" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}")')"
    echo "python-env.sh: installing python3-venv with apt-get (no ensurepip and no pip here)" >&2
    { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv "python$version-venv" \
        || DEBIAN_FRONTEND=noninteractive apt-get install -y -qq python3-venv; } >>"$LOG" 2>&1
}

done_ok=0
case "$MODE" in
    venv)
        install_with_venv && done_ok=1 ;;
    target)
        install_with_target && done_ok=1 ;;
    auto)
        if install_with_venv; then
            done_ok=1
        elif install_with_target; then
            done_ok=1
        elif install_apt_venv && install_with_venv; then
            done_ok=1
        fi ;;
    *)
        fail "GRAPHQLBRIDGE_VENV_MODE must be auto, venv or target, not $MODE" ;;
esac

[[ "$done_ok" == 1 ]] || fail "could not create $VENV with graphql-core (tried venv, pip --target, apt-get)"
"$VENV/bin/python" -c 'import graphql' >>"$LOG" 2>&1 || fail "graphql-core does not import in $VENV"
echo "$WANT" >"$STAMP"
echo "$VENV/bin/python"
