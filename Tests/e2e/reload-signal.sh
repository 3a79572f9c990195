#!/usr/bin/env bash
# End-to-end: `featurehost reload` finds the hosts that use the same config with the same data directory and sends
# them SIGHUP, which rereads the config instead of quitting (as nginx does; it used to end serve and the shell).
# 1. serve: reload prints the line it sent, serve says it got it and runs on, SIGTERM still exits 0 and removes its
#    run file; in a terminal that closes, serve still ends (cleanly: its run file goes). 2. The shell in a real terminal (tmux): reload reaches it, it still reads keys, and closing the
#    terminal (a real hang-up: SIGHUP and input closed) still ends it. 3. Nothing to reach: reload exits 1.
set -euo pipefail
cd "$(dirname "$0")/../.."

command -v tmux >/dev/null 2>&1 || { echo "reload-signal.sh: tmux is required (apt-get install tmux)" >&2; exit 1; }
. Tests/e2e/lib/binary.bash # FEATUREHOST_BINARY, or this checkout's build
binary=$(featurehost_binary)

work=$(mktemp -d)
session="featurehost-reload-$$"
server_pid=""
cleanup() {
  [ -n "$server_pid" ] && kill "$server_pid" 2>/dev/null || true
  tmux kill-session -t "$session" 2>/dev/null || true
  rm -rf "$work"
}
. Tests/e2e/lib/tmux.bash # the scripts run from the repository root
trap cleanup EXIT

fail() { echo "reload-signal.sh: $*" >&2; exit 1; }
wait_until() { # wait_until SECONDS COMMAND...
  local limit=$1 i
  shift
  for ((i = 0; i < limit * 20; i++)); do
    if "$@"; then return 0; fi
    sleep 0.05
  done
  return 1
}
alive() { kill -0 "$1" 2>/dev/null; }
gone() { ! kill -0 "$1" 2>/dev/null; }
# Runs featurehost; sets $status, $out and $err.
run() {
  set +e
  "$binary" "$@" >"$work/out" 2>"$work/err"
  status=$?
  set -e
  out=$(cat "$work/out")
  err=$(cat "$work/err")
}

cat >"$work/config.json" <<'JSON'
{ "features": [ { "id": "offer-countdown" }, { "id": "transactions", "source": { "kind": "in-memory" } } ] }
JSON
config="$work/config.json"
data="$work/data"

# --- 1. serve ------------------------------------------------------------------------------------------------
"$binary" serve --config "$config" --data-dir "$data" >"$work/serve.out" 2>"$work/serve.err" &
server_pid=$!
wait_until 30 test -s "$work/serve.out" || fail "serve printed no address: $(cat "$work/serve.err")"
wait_until 10 test -f "$data/run/$server_pid.host" || fail "serve wrote no $data/run/$server_pid.host"

run reload --config "$config" --data-dir "$data"
[ "$status" -eq 0 ] || fail "reload exited $status: $err"
[ "$out" = "reload: sent to featurehost pid $server_pid (serve)" ] || fail "reload printed: $out"
# serve answers the signal with a line; the signal has been handled once it is there.
wait_until 10 grep -qi "reload" "$work/serve.out" || fail "serve did not report the reload: $(cat "$work/serve.out")"
alive "$server_pid" || fail "serve ended on SIGHUP"
# The same file named another way is the same config.
run reload --config "$work/./data/../config.json" --data-dir "$data"
[ "$status" -eq 0 ] || fail "reload through another spelling of the path exited $status: $err"
alive "$server_pid" || fail "serve ended on a second SIGHUP"

kill -TERM "$server_pid"
status=0
wait "$server_pid" || status=$?
server_pid=""
[ "$status" -eq 0 ] || fail "serve did not exit 0 on SIGTERM after the reloads (status $status)"
compgen -G "$data/run/*.host" >/dev/null && fail "serve left its run file"
echo "reload-signal.sh: serve got the reload, ran on, exited 0 on SIGTERM and removed its run file"

# --- 1b. serve in a terminal that closes: the hang-up still ends it -----------------------------------------
cat >"$work/serve-pane.sh" <<SH
"$binary" serve --config "$config" --data-dir "$data" > "$work/serve2.out"
SH
tmux_retrying new-session -d -s "$session" -x 100 -y 30 "bash $work/serve-pane.sh"
wait_until 30 test -s "$work/serve2.out" || fail "serve in tmux printed no address"
host_file=$(compgen -G "$data/run/*.host" | head -n 1) || fail "serve in tmux wrote no run file"
serve_pid=$(basename "$host_file" .host)
server_pid=$serve_pid # cleanup ends it if a check fails
run reload --config "$config" --data-dir "$data"
[ "$out" = "reload: sent to featurehost pid $serve_pid (serve)" ] || fail "reload printed: $out $err"
wait_until 10 grep -qi "reload" "$work/serve2.out" || fail "serve in tmux did not report the reload"
alive "$serve_pid" || fail "serve in tmux ended on SIGHUP"
tmux kill-session -t "$session"
wait_until 10 gone "$serve_pid" || fail "serve ran on after its terminal closed"
server_pid=""
wait_until 10 eval '! compgen -G "$data/run/*.host" >/dev/null' || fail "serve did not exit cleanly when its terminal closed"
echo "reload-signal.sh: serve in a terminal got the reload and ended cleanly when the terminal closed"

# --- 2. the shell in a terminal ------------------------------------------------------------------------------
cat >"$work/pane.sh" <<SH
"$binary" --config "$config" --data-dir "$data" < /dev/tty 2> "$work/run.err" &
echo \$! > "$work/run.pid"
wait \$!
echo DONE
sleep 30
SH
tmux_retrying new-session -d -s "$session" -x 100 -y 30 "bash $work/pane.sh"
shows() { tmux capture-pane -p -t "$session" 2>/dev/null | grep -qF -- "$1"; }
wait_until 30 shows "Choose a feature:" || fail "the shell did not start: $(cat "$work/run.err" 2>/dev/null)"
run_pid=$(cat "$work/run.pid")
run reload --config "$config" --data-dir "$data"
[ "$out" = "reload: sent to featurehost pid $run_pid (run)" ] || fail "reload printed: $out $err"
# A key after the signal is still read and drawn.
tmux send-keys -t "$session" Enter
wait_until 10 shows "Esc back" || fail "the shell did not open a feature after the reload"
alive "$run_pid" || fail "the shell ended on SIGHUP"
# Closing the terminal hangs it up: SIGHUP, and input closes, which ends the shell.
tmux kill-session -t "$session"
wait_until 10 gone "$run_pid" || fail "the shell ran on after its terminal closed"
wait_until 10 eval '! compgen -G "$data/run/*.host" >/dev/null' || fail "the shell left its run file"
echo "reload-signal.sh: the shell got the reload, read keys on, and ended when its terminal closed"

# --- 3. nothing to reach -------------------------------------------------------------------------------------
run reload --config "$config" --data-dir "$data"
[ "$status" -eq 1 ] || fail "reload with no host running exited $status"
grep -qF "no running featurehost uses $config with the data directory $data" <<<"$err" || fail "reload said: $err"
echo '{ "features": [ { "id": "no-such-feature" } ] }' >"$work/bad.json"
run reload --config "$work/bad.json" --data-dir "$data"
[ "$status" -eq 1 ] || fail "reload of an invalid config exited $status"
grep -qF "unknown feature \"no-such-feature\"" <<<"$err" || fail "reload did not print the config's problem: $err"
echo "reload-signal.sh: ok (serve, the shell, no host, an invalid config)"
