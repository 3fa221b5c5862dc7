#!/usr/bin/env bash
# The main job, from a fresh machine: the worked example's side-by-side comparison of its REST and GraphQL APIs
# (`lottery compare`, release build), model by model. With no URLs it runs against the embedded backend; any
# option of `lottery compare` passes through (`scripts/compare.sh --rest-url URL --graphql-url URL --format html
# --output report.html`; `--help` lists them).
set -euo pipefail
repo="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$repo"
bash scripts/sqlite-headers.sh >&2
exec swift run -c release lottery compare "$@"
