#!/usr/bin/env bash
# End-to-end: the example app (Examples/MyApp: a package of its own that depends on FeatureHost by path, as an app
# would) builds, its own tests pass with FeatureHostTesting, and its --help, list, validate, store, snapshot, shell
# (tmux), serve and plugins behave as featurehost's do, under its own name and in a data folder of its own
# (docs/embedding.md).
set -euo pipefail
cd "$(dirname "$0")/../.."

fail() { echo "embedding.sh: $*" >&2; exit 1; }
ext=so
[ "$(uname)" = Darwin ] && ext=dylib

(cd Examples/MyApp && swift build >/dev/null)
bin="$(cd Examples/MyApp && swift build --show-bin-path)"
myapp="$bin/myapp"
[ -x "$myapp" ] || fail "Examples/MyApp did not build $myapp"
# FeatureHostApp depends on the plugin process, so the app's build makes it beside the app.
[ -x "$bin/featurehost-plugin-host" ] || fail "featurehost-plugin-host was not built beside myapp"
(cd Examples/MyApp && swift test 2>&1 | tail -n 1 | grep -q "passed") \
  || fail "the example app's own tests failed (run: cd Examples/MyApp && swift test)"

work=$(mktemp -d)
session="myapp-shell-$$"
server_pid=""
cleanup() {
  tmux kill-session -t "$session" 2>/dev/null || true
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  rm -rf "$work"
}
. Tests/e2e/lib/tmux.bash # the scripts run from the repository root
trap cleanup EXIT
mkdir -p "$work/home" "$work/cwd"
# The app's own folder under the XDG data directory, and none of FeatureHost's variables.
export HOME="$work/home" XDG_DATA_HOME="$work/xdg"
unset FEATUREHOST_CONFIG FEATUREHOST_DATA_DIR MYAPP_CONFIG MYAPP_DATA_DIR
app() { (cd "$work/cwd" && "$myapp" "$@"); }

# --help and --version say the app's command.
help=$(app --help)
[ "$(head -n 1 <<<"$help")" = "myapp: MyApp, on FeatureHost." ] || fail "--help does not start with the app's name: $(head -n 1 <<<"$help")"
grep -q "^  myapp serve \[" <<<"$help" || fail "--help has no 'myapp serve' usage line"
! grep -q "featurehost " <<<"$help" || fail "--help names featurehost as a command"
[ "$(app --version)" = "myapp 0.1.0" ] || fail "--version: $(app --version)"

# Without a config: the app's three features, in its order, and no other.
list=$(app list)
[ "$(sed -n '1,3s/ .*//p' <<<"$list" | tr '\n' ' ')" = "tips offer-countdown transactions " ] \
  || fail "list does not show the app's features in order:"$'\n'"$list"
! grep -q "^chats" <<<"$list" || fail "list shows chats, which the app does not compile in"

# A feature the app does not compile in is a validation error naming it, with the ids the app has.
cat >"$work/cwd/featurehost.json" <<'JSON'
{ "features": [ { "id": "tips", "settings": { "first": 2 } }, { "id": "chats" } ] }
JSON
if app validate 2>"$work/validate.err"; then fail "validate accepted chats"; fi
grep -q 'features\[1\].id: unknown feature "chats".*known ids: offer-countdown, tips, transactions\.' "$work/validate.err" \
  || fail "validate did not name chats: $(cat "$work/validate.err")"

# ./featurehost.json is read: its setting reaches the app's own feature.
cat >"$work/cwd/featurehost.json" <<'JSON'
{ "features": [ { "id": "tips", "settings": { "first": 2 } }, { "id": "offer-countdown" }, { "id": "transactions" } ] }
JSON
[ "$(app validate)" = "ok" ] || fail "validate did not say ok"
# Errors carry the app's prefix.
if app snapshot nothing 2>"$work/snapshot.err"; then fail "snapshot of an unknown feature succeeded"; fi
grep -q "^myapp: " "$work/snapshot.err" || fail "an error is not prefixed with myapp: $(cat "$work/snapshot.err")"
shot=$(app snapshot tips --size 60x10 --input $'\e[C')
grep -q "Tip 3 of 4" <<<"$shot" || fail "snapshot tips did not start at the configured tip and move on:"$'\n'"$shot"

# Saved state lives in the app's own folder.
app store set transactions unpinned-ids '[1]' || fail "store set failed"
[ -f "$work/xdg/myapp/preferences.plist" ] || fail "the app's data is not under \$XDG_DATA_HOME/myapp: $(find "$work/xdg" | head)"
[ ! -e "$work/xdg/featurehost" ] || fail "the app wrote into FeatureHost's data folder"
[ "$(app store get transactions unpinned-ids)" = "[1]" ] || fail "store get did not read back the saved value"

# The shell in a real terminal: the home screen says the app's name.
tmux_retrying new-session -d -s "$session" -x 80 -y 24 "cd '$work/cwd' && '$myapp'"
wait_for_text() {
  local i
  for ((i = 0; i < 300; i++)); do
    tmux capture-pane -p -t "$session" | grep -q "$1" && return 0
    sleep 0.1
  done
  fail "the shell never showed '$1':"$'\n'"$(tmux capture-pane -p -t "$session")"
}
wait_for_text "MyApp"
wait_for_text "Choose a feature:"
tmux send-keys -t "$session" Enter
wait_for_text "Tip 2 of 4"
tmux send-keys -t "$session" Escape
wait_for_text "Choose a feature:"
tmux send-keys -t "$session" q
for ((i = 0; i < 100; i++)); do tmux has-session -t "$session" 2>/dev/null || break; sleep 0.1; done
! tmux has-session -t "$session" 2>/dev/null || fail "the shell did not quit on Esc, q"

# A plugin loads into the app as into featurehost: the example plugin beside the app's own features.
(cd Examples/GreetingPlugin && swift build >/dev/null)
library="$(cd Examples/GreetingPlugin && swift build --show-bin-path)/libGreeting.$ext"
cat >"$work/cwd/featurehost.json" <<JSON
{ "plugins": ["$library"],
  "features": [ { "id": "tips" }, { "id": "greeting", "settings": { "name": "MyApp" } } ] }
JSON
app list | grep -q "^greeting  enabled   none       (no data source)  from the plugin libGreeting.$ext$" \
  || fail "list does not show the plugin's feature:"$'\n'"$(app list)"
app snapshot greeting --size 64x12 | grep -q "Hello, MyApp!" || fail "the plugin's feature did not render in the app"

# serve: the app's host name, its title on the home page and on every page, the plugin's page too.
(cd "$work/cwd" && exec "$myapp" serve >"$work/serve.out" 2>"$work/serve.err") &
server_pid=$!
for ((i = 0; i < 300; i++)); do [ -s "$work/serve.out" ] && break; sleep 0.1; done
url=$(head -n 1 "$work/serve.out")
[[ "$url" =~ ^http://(myapp-[0-9a-f]{16}\.localhost):([0-9]+)/\?token=([0-9a-f]{32})$ ]] \
  || fail "serve did not print the app's address: $url $(cat "$work/serve.err")"
host="${BASH_REMATCH[1]}" port="${BASH_REMATCH[2]}" token="${BASH_REMATCH[3]}"
get() { curl -s --max-time 10 --resolve "$host:$port:127.0.0.1" -H "Cookie: featurehost-token=$token" "http://$host:$port$1"; }
home=$(get /)
grep -q "<title>MyApp</title>" <<<"$home" || fail "the home page's title is not MyApp"
grep -q "<h1>MyApp</h1>" <<<"$home" || fail "the home page does not say MyApp"
grep -q ">Tips<" <<<"$home" && grep -q ">Greeting<" <<<"$home" || fail "the home page does not list Tips and the plugin"
get /f/tips | grep -q "<title>Tips · MyApp</title>" || fail "the Tips page's title is not 'Tips · MyApp'"
get /f/greeting | grep -q "<title>Greeting · MyApp</title>" || fail "the plugin's page's title is not 'Greeting · MyApp'"
! get / | grep -q "FeatureHost" || fail "the home page says FeatureHost"
kill -TERM "$server_pid"
status=0
wait "$server_pid" || status=$?
server_pid=""
[ "$status" -eq 0 ] || fail "serve did not exit 0 on SIGTERM (status $status)"

echo "embedding.sh: ok (MyApp: help, list, validate, store, snapshot, shell, plugin, serve)"
