#!/usr/bin/env bash
# End-to-end: follows docs/writing-a-feature.md's section 7, "A plugin in its own package", as a newcomer would:
# the scaffold writes a plugin package outside the checkout, `swift build` and `swift test` pass there on the first
# try, and the host loads the library in `validate`, `list`, `snapshot`, the live shell (tmux) and `serve` (Chromium).
# The page's blocks say what to do:
#   ```sh plugin            run with bash from the repository's root; it must succeed
#   ```sh plugin=fails      the same, and it must fail
#   ```sh plugin=shell      run in tmux: the feature is opened, pressed and the shell quit
#   ```sh plugin=serve      the page of the config it names is opened in Chromium (Tests/e2e/plugin_page.py)
#   ```json plugin-file=P   written to P
#   ```text plugin-output   each of its lines is in the output of the run block before it
# `../QuotesPlugin` stands for a temporary folder in every block. After the page: the library deployed with and
# without its resources folder, a second scaffold into the same folder refused, and the web-only and terminal-only
# variants of the same package, each on both surfaces.
# `../QuotesPlugin` is a folder of this checkout's own under $TMPDIR, the same each run: its `.build` is kept between
# runs, so a second run compiles only what changed. (SwiftPM's module cache remembers its path, so the folder must not
# move.) Everything else in it is written anew each run.
set -euo pipefail
shopt -u patsub_replacement 2>/dev/null || true
cd "$(dirname "$0")/../.."
repo=$PWD
page=docs/writing-a-feature.md
fail() { echo "plugin-package.sh: $*" >&2; exit 1; }
command -v tmux >/dev/null 2>&1 || fail "tmux is required (apt-get install tmux)"
ext=so
[ "$(uname)" = Darwin ] && ext=dylib

work=$(mktemp -d)
plugin_builds="${TMPDIR:-/tmp}/featurehost-plugin-package-$(id -u)-$(printf '%s' "$PWD" | cksum | cut -d' ' -f1)"
plugin="$plugin_builds/QuotesPlugin"
# The kept build waits here while the scaffold writes the folder, which must be empty.
kept="$plugin_builds/kept-build"
session="featurehost-plugin-package-$$"
restore_build() { if [ -d "$kept" ] && [ ! -e "$plugin/.build" ]; then mkdir -p "$plugin" && mv "$kept" "$plugin/.build"; fi; }
cleanup() {
  tmux kill-session -t "$session" 2>/dev/null || true
  restore_build
  find "$plugin" -mindepth 1 -maxdepth 1 ! -name .build -exec rm -rf {} + 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT
. Tests/e2e/lib/tmux.bash # a tmux server of its own; the script runs from the repository root here
mkdir -p "$plugin_builds"
rm -rf "$kept"
if [ -d "$plugin/.build" ]; then mv "$plugin/.build" "$kept"; fi
rm -rf "$plugin"

# The host the page's `swift run featurehost` runs (and its plugin process beside it), built once up front so each
# block's own output is what it says.
swift build --product featurehost >/dev/null
binary="$(swift build --show-bin-path)/featurehost"

# Section 7's marked blocks, in order: $blocks/N.info holds the fence's words, $blocks/N.body the lines.
blocks="$work/blocks"
mkdir -p "$blocks"
awk -v dir="$blocks" '
  /^```/ {
    if (!inside) {
      inside = 1
      info = substr($0, 4)
      capture = (info ~ /(^| )(plugin|plugin=fails|plugin=shell|plugin=serve|plugin-output|plugin-file=[^ ]+)( |$)/)
      if (capture) {
        n++
        print info > (dir "/" n ".info")
        printf "" > (dir "/" n ".body")
      }
    } else {
      inside = 0
      capture = 0
    }
    next
  }
  capture { print > (dir "/" n ".body") }
  END { print n + 0 > (dir "/count") }
' "$page"
count=$(cat "$blocks/count")
[ "$count" -gt 0 ] || fail "$page has no plugin blocks"

substitute() { sed "s|\.\./QuotesPlugin|$plugin|g" "$1"; }

wait_for() {  # wait_for TEXT [SECONDS]
  local text=$1 limit=${2:-60} i
  for ((i = 0; i < limit * 10; i++)); do
    if tmux capture-pane -p -t "$session" | grep -qF -- "$text"; then return 0; fi
    sleep 0.1
  done
  echo "plugin-package.sh: timed out waiting for '$text'; the screen was:" >&2
  tmux capture-pane -p -t "$session" >&2
  return 1
}

last_log=""
for ((n = 1; n <= count; n++)); do
  read -r -a words < "$blocks/$n.info"
  mode=""
  for word in "${words[@]:1}"; do
    case $word in
      plugin | plugin=fails | plugin=shell | plugin=serve | plugin-output) mode=$word ;;
      plugin-file=*) mode=file; target=$(sed "s|\.\./QuotesPlugin|$plugin|g" <<<"${word#plugin-file=}") ;;
      *) fail "$page: block $n (\`\`\`$(cat "$blocks/$n.info")) has an unknown word: $word" ;;
    esac
  done
  script="$work/block-$n.sh"
  substitute "$blocks/$n.body" > "$script"
  case $mode in
    plugin | plugin=fails)
      echo "+ $(tr '\n' ';' < "$blocks/$n.body" | sed 's/;$//; s/;/; /g')"
      last_log="$work/block-$n.log"
      status=0
      bash -euo pipefail "$script" > "$last_log" 2>&1 || status=$?
      if [ "$mode" = plugin ] && [ "$status" -ne 0 ]; then tail -n 60 "$last_log" >&2; fail "$page: block $n failed (exit $status)"; fi
      if [ "$mode" = plugin=fails ] && [ "$status" -eq 0 ]; then fail "$page: block $n was meant to fail, and it passed"; fi
      [ "$mode" = plugin=fails ] && echo "  failed as the page says (exit $status)" || tail -n 1 "$last_log"
      # Right after the scaffold: the build kept from earlier runs goes back in (invisible to the page's commands).
      if [ -d "$plugin" ]; then restore_build; fi
      ;;
    plugin-output)
      [ -n "$last_log" ] || fail "$page: block $n shows an output before any command"
      while IFS= read -r line; do
        [ -n "$line" ] || continue
        grep -qF -- "$line" "$last_log" || { cat "$last_log" >&2; fail "$page: block $n: the output above does not hold: $line"; }
      done < "$blocks/$n.body"
      echo "  the output holds the page's $(grep -c . "$blocks/$n.body") lines"
      ;;
    file)
      mkdir -p "$(dirname "$target")"
      cp "$script" "$target"
      echo "  > $target"
      ;;
    plugin=shell)
      echo "+ (tmux) $(cat "$blocks/$n.body")"
      tmux new-session -d -s "$session" -x 100 -y 30 "cd '$repo' && $(cat "$script"); echo EXIT=\$?; sleep 30"
      wait_for "Quotes"
      tmux send-keys -t "$session" Enter
      wait_for "Hello from Quotes"
      tmux send-keys -t "$session" Enter
      wait_for "Pressed once"
      wait_for "Open for 2 s" 20  # its own timer, on the shell's continuous clock, asking the host for frames
      tmux send-keys -t "$session" Escape
      wait_for "A new feature: describe it in one line."  # back on the home screen, which lists the feature
      tmux send-keys -t "$session" q
      wait_for "EXIT=0"
      tmux kill-session -t "$session"
      echo "  opened, pressed, ticked and quit in tmux"
      ;;
    plugin=serve)
      config=$(grep -o -- '--config [^ ]*' "$script" | head -n 1 | cut -d' ' -f2)
      echo "+ (Chromium) $(cat "$blocks/$n.body")"
      FEATUREHOST_BINARY="$binary" python3 Tests/e2e/plugin_page.py styled "$config" quotes "$work/quotes.png"
      ;;
    *) fail "$page: block $n has no plugin word" ;;
  esac
done

# No warnings from the generated code in any build the page ran.
if cat "$work"/block-*.log | grep -E "^$plugin/.*warning:"; then fail "the plugin's build printed warnings"; fi

# A second scaffold into the same folder writes nothing.
if output=$(swift package --allow-writing-to-directory "$plugin" scaffold-feature --plugin --name Quotes --output "$plugin" 2>&1); then
  fail "a second scaffold into $plugin was accepted"
fi
grep -qF "is not empty" <<<"$output" || fail "the second scaffold did not say why:"$'\n'"$output"
echo "  a second scaffold into the same folder was refused"

# Deployed elsewhere: the library with its resources folder is styled; without it the page loads unstyled, the
# plugin's log names the missing file, and nothing crashes.
bin="$plugin/.build/debug"
deploy() {  # deploy FOLDER [with-resources]
  mkdir -p "$1"
  cp "$bin/libQuotes.$ext" "$1/"
  [ -z "${2:-}" ] || cp -R "$bin/QuotesPlugin_QuotesWeb.resources" "$1/"
  printf '{ "plugins": ["libQuotes.%s"], "features": [ { "id": "quotes" } ] }\n' "$ext" > "$1/featurehost.json"
}
deploy "$work/deployed" with-resources
FEATUREHOST_BINARY="$binary" python3 Tests/e2e/plugin_page.py styled "$work/deployed/featurehost.json" quotes
deploy "$work/bare"
PLUGIN_PAGE_DATA="$work/bare-data" FEATUREHOST_BINARY="$binary" python3 Tests/e2e/plugin_page.py unstyled "$work/bare/featurehost.json" quotes
grep -qF "quotes.css is missing: there is no QuotesPlugin_QuotesWeb.resources beside libQuotes.$ext" \
  "$work/bare-data/logs/plugins/libQuotes.$ext.log" || fail "the plugin's log does not name the missing stylesheet"
echo "  deployed with its resources: styled; without: unstyled, and the log says why"

# The same package as a web-only and a terminal-only library: the surfaces a plugin shows on are the conformances
# its library holds.
mkdir -p "$plugin/Sources/QuotesWebOnly" "$plugin/Sources/QuotesTerminalOnly"
cat >> "$plugin/Package.swift" <<'SWIFT'

package.products += [
    .library(name: "QuotesWebOnly", type: .dynamic, targets: ["QuotesWebOnly"]),
    .library(name: "QuotesTerminalOnly", type: .dynamic, targets: ["QuotesTerminalOnly"]),
]
package.targets += [
    .target(name: "QuotesWebOnly", dependencies: ["QuotesFeature", "QuotesWeb", featureHost("FeatureHostPluginKit")]),
    .target(name: "QuotesTerminalOnly", dependencies: ["QuotesFeature", "QuotesTerminal", featureHost("FeatureHostPluginKit")]),
]
SWIFT
cat > "$plugin/Sources/QuotesWebOnly/PluginEntry.swift" <<'SWIFT'
import FeatureHostPluginKit
import QuotesFeature
import QuotesWeb

@_cdecl("featurehost_plugin_entry_v1")
public func featurehostPluginEntry() -> UnsafeRawPointer { PluginExport.table(for: QuotesFeature.self) }

@_cdecl("featurehost_plugin_web_entry_v1")
public func featurehostPluginWebEntry() -> UnsafeRawPointer { PluginExport.webTable(for: QuotesFeature.self) }
SWIFT
cat > "$plugin/Sources/QuotesTerminalOnly/PluginEntry.swift" <<'SWIFT'
import FeatureHostPluginKit
import QuotesFeature
import QuotesTerminal

@_cdecl("featurehost_plugin_entry_v1")
public func featurehostPluginEntry() -> UnsafeRawPointer { PluginExport.table(for: QuotesFeature.self) }
SWIFT
(cd "$plugin" && swift build > "$work/variants.log" 2>&1) || { tail -n 40 "$work/variants.log" >&2; fail "the variants did not build"; }
for variant in WebOnly TerminalOnly; do
  printf '{ "plugins": [".build/debug/libQuotes%s.%s"], "features": [ { "id": "quotes" } ] }\n' "$variant" "$ext" > "$plugin/$variant.json"
  [ "$("$binary" validate --config "$plugin/$variant.json")" = ok ] || fail "validate refused the $variant library"
done
web_only=$("$binary" snapshot quotes --config "$plugin/WebOnly.json" --data-dir "$work/data" 2>&1 || true)
grep -qF "Quotes comes from the plugin libQuotesWebOnly.$ext, which has no terminal screen: it was built for the web only." <<<"$web_only" \
  || fail "the web-only plugin's terminal screen does not say so:"$'\n'"$web_only"
FEATUREHOST_BINARY="$binary" python3 Tests/e2e/plugin_page.py styled "$plugin/WebOnly.json" quotes
terminal_only=$("$binary" snapshot quotes --config "$plugin/TerminalOnly.json" --data-dir "$work/data" --input '\r')
grep -qF "[ Press ]  Pressed once" <<<"$terminal_only" || fail "the terminal-only plugin did not run in the terminal:"$'\n'"$terminal_only"
FEATUREHOST_BINARY="$binary" python3 Tests/e2e/plugin_page.py panel "$plugin/TerminalOnly.json" quotes \
  "Quotes comes from the plugin libQuotesTerminalOnly.$ext, which has no web view"
echo "  web-only: a panel in the terminal, the page on the web; terminal-only: the screen in the terminal, a panel on the web"

echo "plugin-package.sh: followed section 7 of $page ($count blocks): scaffolded, built, tested, validated, listed, snapshot, shell and browser; deployed with and without resources; web-only and terminal-only variants"
