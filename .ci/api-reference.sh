#!/usr/bin/env bash
# The API reference in docs/api, generated from the code: `swift package dump-symbol-graph` has the compiler write
# each module's symbol graph (after an incremental debug build; a few seconds once `swift test` has built), and
# .ci/api_reference.py renders the modules a feature author uses as Markdown.
#   bash .ci/api-reference.sh           writes docs/api
#   bash .ci/api-reference.sh --check   fails, with the difference, when docs/api is not what the code gives
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
swift package dump-symbol-graph --skip-synthesized-members --skip-inherited-docs > "$work/dump.log" 2>&1 || { cat "$work/dump.log" >&2; exit 1; }
graphs=$(sed -n 's/^Files written to //p' "$work/dump.log" | tail -n 1)
[ -d "$graphs" ] || { cat "$work/dump.log" >&2; echo "api-reference.sh: no symbol graphs were written" >&2; exit 1; }
python3 .ci/api_reference.py "$graphs" "$PWD" "$work/api"
if [ "${1:-}" = --check ]; then
  if ! diff -ru docs/api "$work/api" > "$work/api.diff"; then
    head -n 80 "$work/api.diff" >&2
    echo "api-reference.sh: docs/api is not what the code gives; run bash .ci/api-reference.sh and commit docs/api" >&2
    exit 1
  fi
  echo "api-reference.sh: docs/api matches the code ($(ls docs/api | wc -l) pages)"
else
  rm -rf docs/api
  cp -R "$work/api" docs/api
  echo "api-reference.sh: wrote docs/api ($(ls docs/api | wc -l) pages)"
fi
