#!/usr/bin/env bash
# End-to-end: the shell follows its config file while it runs (issue 32), in a real terminal (tmux). With the
# countdown open, the config is saved as editors save (a new file renamed over the old): a feature turned on says
# so in the footer and is on the home screen, while the countdown goes on; a broken edit is a banner naming the key
# path and leaves the last good config; mending it clears the banner; the open feature turned off goes home and says
# so; SIGHUP rereads the config rather than quitting.
set -euo pipefail
cd "$(dirname "$0")/../.."

command -v tmux >/dev/null 2>&1 || { echo "live-config.sh: tmux is required (apt-get install tmux)" >&2; exit 1; }
. Tests/e2e/lib/binary.bash # FEATUREHOST_BINARY, or this checkout's build
binary=$(featurehost_binary)

work=$(mktemp -d)
session="featurehost-live-$$"
serve_pid=
perm=
cleanup() {
  tmux kill-session -t "$session" 2>/dev/null || true
  if [ -n "$serve_pid" ]; then kill "$serve_pid" 2>/dev/null || true; fi
  rm -rf "$work" ${perm:+"$perm"}
}
. Tests/e2e/lib/tmux.bash # the scripts run from the repository root
trap cleanup EXIT

fail() { echo "live-config.sh: $*" >&2; tmux capture-pane -p -t "$session" >&2 || true; exit 1; }
wait_until() { # wait_until SECONDS COMMAND...
  local limit=$1 i
  shift
  for ((i = 0; i < limit * 20; i++)); do
    if "$@"; then return 0; fi
    sleep 0.05
  done
  return 1
}
shows() { tmux capture-pane -p -t "$session" | grep -qF -- "$1"; }
save() { # save TEXT: written whole, then renamed over the config, as editors save
  printf '%s\n' "$1" >"$work/.config.json.swp"
  mv "$work/.config.json.swp" "$work/config.json"
}
# The countdown's last box: its seconds.
seconds_shown() { tmux capture-pane -p -t "$session" | grep ' : ' | grep -o '[0-9][0-9]' | tail -1; }

offer='{ "id": "offer-countdown", "settings": { "rollDuration": 0 } }'
save "{ \"features\": [ $offer, { \"id\": \"transactions\", \"source\": { \"kind\": \"in-memory\" }, \"enabled\": false } ] }"
tmux_retrying new-session -d -s "$session" -x 100 -y 30 \
  "$binary --config $work/config.json --data-dir $work/data; echo exited-\$?; sleep 30"
wait_until 30 shows "Offer countdown" || fail "the shell did not start"
tmux send-keys -t "$session" Enter
wait_until 30 shows "ACTIVATE OFFER" || fail "the countdown did not open"
first=$(seconds_shown || true)

# A feature turned on: the footer says so, the countdown runs on (its entry did not change).
save "{ \"features\": [ $offer, { \"id\": \"transactions\", \"source\": { \"kind\": \"in-memory\" } } ] }"
wait_until 5 shows "reload: applied the config: turned on Transactions." || fail "the footer did not say what the reload applied"
shows "ACTIVATE OFFER" || fail "the open countdown was closed by an edit that did not touch it"
sleep 1.2
[ "$(seconds_shown || true)" != "$first" ] || fail "the countdown stopped counting after the reload"
tmux send-keys -t "$session" Escape
wait_until 5 shows "Transactions" || fail "the feature turned on is not on the home screen"

# A broken edit: a banner with the key path; the last good config runs on.
save "{ \"features\": [ $offer, { \"id\": \"transactions\", \"enabled\": \"yes\" } ] }"
wait_until 5 shows "The config has errors; the last good config still runs" || fail "a broken edit showed no banner"
shows "features[1].enabled" || fail "the banner does not name the key path"
shows "Transactions" || fail "the last good config's feature went away"
# Mended: the banner goes.
save "{ \"features\": [ $offer, { \"id\": \"transactions\", \"source\": { \"kind\": \"in-memory\" } } ] }"
wait_until 5 bash -c "! tmux capture-pane -p -t $session | grep -qF 'The config has errors'" || fail "mending the config did not clear the banner"

# SIGHUP rereads the config (it used to quit the shell): a feature turned off by an edit made... with the watch too.
tmux send-keys -t "$session" Enter
wait_until 10 shows "ACTIVATE OFFER" || fail "the countdown did not open again"
# This run's host only (the pane's child; other scripts may run beside this one, and the tmux server's own command
# line names the data directory too).
kill -HUP "$(pgrep -P "$(tmux display-message -p -t "$session" '#{pane_pid}')" -x featurehost)"
sleep 0.5
shows "exited-" && fail "SIGHUP quit the shell"
save "{ \"features\": [ { \"id\": \"offer-countdown\", \"enabled\": false }, { \"id\": \"transactions\", \"source\": { \"kind\": \"in-memory\" } } ] }"
wait_until 5 shows "Offer countdown was turned off in the config." || fail "the open feature turned off did not go home saying so"
shows "Offer countdown" && tmux capture-pane -p -t "$session" | grep -q "▶ Offer" && fail "the feature turned off is still listed"
tmux send-keys -t "$session" q
wait_until 10 shows "exited-0" || fail "q did not quit with 0"
# Permission denied: a config whose mode keeps the host out is a broken edit like the others, said on serve's
# output. Root reads every file whatever its mode, so as root the host runs as nobody (setpriv).
perm=$(mktemp -d)
chmod 777 "$perm"
printf '%s\n' '{ "features": [ { "id": "offer-countdown" } ] }' >"$perm/config.json"
chmod 666 "$perm/config.json"
as_user=()
if [ "$(id -u)" = 0 ]; then
  command -v setpriv >/dev/null 2>&1 || fail "setpriv is needed to run the host as another user"
  as_user=(setpriv --reuid=nobody --regid=nogroup --clear-groups env HOME="$perm")
fi
# A copy the other user can run whatever the checkout's folders allow (a home folder is often 700).
cp "$binary" "$perm/featurehost"
chmod 755 "$perm/featurehost"
"${as_user[@]}" "$perm/featurehost" serve --config "$perm/config.json" --data-dir "$perm/data" >"$perm/out.txt" 2>&1 &
serve_pid=$!
wait_until 30 grep -q '^http://' "$perm/out.txt" || { cat "$perm/out.txt" >&2; fail "serve did not start as another user"; }
chmod 000 "$perm/config.json"
wait_until 10 grep -q "cannot be read: permission denied" "$perm/out.txt" || { cat "$perm/out.txt" >&2; fail "an unreadable config was not reported"; }
kill -0 "$serve_pid" || fail "an unreadable config stopped serve"
chmod 666 "$perm/config.json"
printf '%s\n' '{ "features": [ { "id": "offer-countdown" }, { "id": "chats" } ] }' >"$perm/config.json"
wait_until 10 grep -q "reload: applied .*turned on Chats" "$perm/out.txt" || { cat "$perm/out.txt" >&2; fail "the mended config did not apply"; }
# A file replaced 100 times a second: the host rereads it a few times a second, and always once after the last.
for i in $(seq 1 100); do
  printf '{ "features": [ { "id": "offer-countdown" }, { "id": "chats", "enabled": %s } ] }\n' "$([ $((i % 2)) = 0 ] && echo true || echo false)" >"$perm/storm.json"
  mv "$perm/storm.json" "$perm/config.json"
  sleep 0.01
done
printf '%s\n' '{ "features": [ { "id": "offer-countdown" }, { "id": "chats" }, { "id": "transactions" } ] }' >"$perm/storm.json"
mv "$perm/storm.json" "$perm/config.json"
wait_until 10 grep -q "reload: applied .*turned on .*Transactions" "$perm/out.txt" || { cat "$perm/out.txt" >&2; fail "the last of a storm of saves did not apply"; }
reloads=$(grep -c '^reload:' "$perm/out.txt")
[ "$reloads" -lt 60 ] || fail "a storm of 100 saves made $reloads reloads: they are not coalesced"
kill -0 "$serve_pid" || fail "a storm of saves stopped serve"
kill -TERM "$serve_pid"
wait "$serve_pid" || fail "serve did not exit 0 on SIGTERM"
rm -rf "$perm"

echo "live-config.sh: ok (a feature turned on, the countdown untouched, a broken edit's banner and its mend, SIGHUP, the open feature turned off, a config the host may not read, 100 saves a second)"
