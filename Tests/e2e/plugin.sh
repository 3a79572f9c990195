#!/usr/bin/env bash
# End-to-end: builds the example plugin (its own package, with its own copy of the core), loads it through a
# config file, renders it with `featurehost snapshot` on the virtual clock (in its own process: the same frames at
# several sizes run after run), runs it live in a real terminal (tmux) next to a broken plugin,
# drives it through the text driver (swift test), runs the example's own tests, and checks each loading error with
# small libraries built here.
set -euo pipefail
cd "$(dirname "$0")/../.."

fail() { echo "plugin.sh: $*" >&2; exit 1; }
cc=${CC:-$(command -v cc || command -v clang || true)}
[ -n "$cc" ] || fail "no C compiler (cc or clang) for the broken test libraries"
ext=so
[ "$(uname)" = Darwin ] && ext=dylib

# Builds featurehost-plugin-host too (a dependency): each plugin runs in one.
swift build --product featurehost >/dev/null
binary="$(swift build --show-bin-path)/featurehost"
[ -x "$(swift build --show-bin-path)/featurehost-plugin-host" ] || fail "featurehost-plugin-host was not built beside featurehost"
(cd Examples/GreetingPlugin && swift build >/dev/null)
# The example's own tests, as its author runs them: FeatureHostTesting from outside this package.
(cd Examples/GreetingPlugin && swift test 2>&1 | tail -n 1 | grep -q "passed") \
  || fail "the example plugin's own tests failed (run: cd Examples/GreetingPlugin && swift test)"
library="$(cd Examples/GreetingPlugin && swift build --show-bin-path)/libGreeting.$ext"
[ -f "$library" ] || fail "the example plugin did not build $library"

work=$(mktemp -d)
session="featurehost-plugin-$$"
cleanup() { tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$work"; }
. Tests/e2e/lib/tmux.bash  # the scripts run from the repository root
trap cleanup EXIT
mkdir -p "$work/plugins"
cp "$library" "$work/plugins/"

# Paths in "plugins" are relative to the config file.
cat > "$work/greeting.json" <<JSON
{ "plugins": ["plugins/libGreeting.$ext"],
  "features": [ { "id": "greeting", "settings": { "name": "CI" } } ] }
JSON
fh() { "$binary" "$@" --config "$work/greeting.json" --data-dir "$work/data"; }

[ "$("$binary" validate --config "$work/greeting.json")" = "ok" ] || fail "validate did not say ok"
"$binary" list --config "$work/greeting.json" | grep -q "^greeting  enabled   none       (no data source)  from the plugin libGreeting.$ext$" \
  || fail "list does not show the plugin's feature and its library"

# Time crosses the boundary: 3 s, Enter, 4.5 s more on the virtual clock.
actual=$(fh snapshot greeting --size 64x12 --now 2026-03-16T12:34:00Z --time-zone UTC --hour-cycle 24 \
  --advance 3 --input '\r' --advance 4.5)
expected=' ╭ Greeting plugin ─────────────────────────────────────────╮
 │                                                          │
 │ Hello, CI!                                               │
 │                                                          │
 │ Open for  00:00:07                                       │
 │ Clock     12:34:07                                       │
 │                                                          │
 │ [ Wave ]  Waved once                                     │
 ╰──────────────────────────────────────────────────────────╯


 Enter wave  Esc quit'
if [ "$actual" != "$expected" ]; then
  printf 'plugin.sh: the snapshot differs; expected:\n%s\nactual:\n%s\n' "$expected" "$actual" >&2
  exit 1
fi
# Virtual time crosses the process boundary exactly: the same frames run after run (horizon batching replays the
# ticks in order, whatever the machine's speed), at several sizes, after an hour of ticks, a key and more time.
for size in 64x12 40x11 120x30; do
  steps=(--size "$size" --now 2026-03-16T12:34:00Z --time-zone UTC --hour-cycle 24 --advance 3600 --input '\r' --advance 0.5 --input '\r' --advance 61)
  outside=$(fh snapshot greeting "${steps[@]}")
  again=$(fh snapshot greeting "${steps[@]}")
  [ "$outside" = "$again" ] || fail "at $size two runs drew different frames:"$'\n'"$outside"$'\n'"---"$'\n'"$again"
  grep -q "Open for  01:01:01" <<<"$outside" || [ "$size" = 40x11 ] || fail "at $size the hour did not reach the plugin:"$'\n'"$outside"
done
# Every tick of an hour, in order, in well under an hour.
fh snapshot greeting --now 2026-03-16T12:34:00Z --time-zone UTC --hour-cycle 24 --advance 3600 \
  | grep -q "Open for  01:00:00" || fail "an hour of virtual time did not reach the plugin"

# The optional web entry: the example exports it; a plugin built for the terminal-only ABI (the version-1 table
# and no web entry, as every plugin before the web surface) still loads beside it. The browser test
# (Tests/browser/test_plugins.py) shows both on the web.
if command -v nm >/dev/null 2>&1; then
  nm -D "$library" | grep " T featurehost_plugin_web_entry_v1$" >/dev/null || fail "the example plugin exports no web entry"
fi
"$cc" -shared -fPIC -I Sources/CFeatureHostPluginABI/include -o "$work/plugins/libold.$ext" Tests/browser/fixtures/terminal_only_plugin.c
cat > "$work/old.json" <<JSON
{ "plugins": ["plugins/libGreeting.$ext", "plugins/libold.$ext"], "features": [ { "id": "greeting" }, { "id": "old-plugin" } ] }
JSON
[ "$("$binary" validate --config "$work/old.json")" = "ok" ] || fail "validate refused a terminal-only plugin"
"$binary" list --config "$work/old.json" | grep -q "^old-plugin  enabled" \
  || fail "list does not show the terminal-only plugin's feature"

# Each loading error is its own message naming the file; the good plugin still loads.
printf 'not a library\n' > "$work/plugins/libjunk.$ext"
printf 'int featurehost_unrelated(void) { return 1; }\n' > "$work/noentry.c"
"$cc" -shared -fPIC -o "$work/plugins/libnoentry.$ext" "$work/noentry.c"
cat > "$work/abi99.c" <<'C'
#include <stdint.h>
static const uint32_t table[16] = { 99 };
const void *featurehost_plugin_entry_v1(void) { return table; }
C
"$cc" -shared -fPIC -o "$work/plugins/libabi99.$ext" "$work/abi99.c"
cat > "$work/broken.json" <<JSON
{ "plugins": ["plugins/libGreeting.$ext", "plugins/libjunk.$ext", "plugins/libnoentry.$ext", "plugins/libabi99.$ext",
              "plugins/libGreeting.$ext"],
  "features": [ { "id": "greeting" } ] }
JSON
set +e
errors=$("$binary" validate --config "$work/broken.json" 2>&1 >/dev/null)
status=$?
set -e
[ "$status" = "1" ] || fail "validate accepted broken plugins (exit $status)"
p="$work/plugins"
expect_error() { grep -qF -- "$1" <<<"$errors" || fail "validate did not say: $1"$'\n'"it said:"$'\n'"$errors"; }
expect_error "plugins[1]: cannot open the plugin $p/libjunk.$ext: "
expect_error "plugins[2]: the plugin $p/libnoentry.$ext has no entry symbol featurehost_plugin_entry_v1"
expect_error "plugins[3]: the plugin $p/libabi99.$ext was built for plugin ABI version 99, but this host supports version 1"
expect_error "plugins[4]: the plugin $p/libGreeting.$ext provides the feature id \"greeting\", which is already registered by libGreeting.$ext"
[ "$(grep -c . <<<"$errors")" = "4" ] || fail "expected exactly four errors, got:"$'\n'"$errors"

# Live, in a real terminal: the plugin ticks on its own continuous clock and asks for frames; the broken
# plugins are error entries and the rest keep working.
command -v tmux >/dev/null 2>&1 || fail "tmux is required (apt-get install tmux)"
tmux_retrying new-session -d -s "$session" -x 90 -y 30 \
  "'$binary' --config '$work/broken.json' --data-dir '$work/data'; echo EXIT=\$?; sleep 30"
wait_for() {  # wait_for TEXT [SECONDS]
  local text=$1 limit=${2:-20} i
  for ((i = 0; i < limit * 10; i++)); do
    if tmux capture-pane -p -t "$session" | grep -qF -- "$text"; then return 0; fi
    sleep 0.1
  done
  echo "plugin.sh: timed out waiting for '$text'; the screen was:" >&2
  tmux capture-pane -p -t "$session" >&2
  return 1
}
wait_for "Plugin libjunk.$ext"
wait_for "Plugin libabi99.$ext"
tmux send-keys -t "$session" Enter          # open the greeting
wait_for "Open for  00:00:02" 10            # two real seconds: frames requested by the plugin's own timer
tmux send-keys -t "$session" Enter
wait_for "Waved once"
tmux send-keys -t "$session" Escape Down Enter
wait_for "could not be loaded: cannot open the plugin"
tmux send-keys -t "$session" q q
wait_for "EXIT=0"

# The same library through the text driver, from Swift, with the host's test clock.
FEATUREHOST_EXAMPLE_PLUGIN="$library" swift test --filter ExamplePluginTests 2>&1 | tail -n 1 | grep -q "passed" \
  || fail "ExamplePluginTests failed (run: FEATUREHOST_EXAMPLE_PLUGIN=$library swift test --filter ExamplePluginTests)"

echo "plugin.sh: example plugin built, loaded, snapshot and live screens checked, a terminal-only plugin loaded beside it, four loading errors reported, text-driver and web-entry tests passed"
