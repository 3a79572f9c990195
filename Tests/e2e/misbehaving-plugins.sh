#!/usr/bin/env bash
# End-to-end, in a real terminal (tmux): plugins that misbehave stop alone. Each runs in its own process (the
# default): one that traps on a key, one that hangs on a key, one that leaks past its memory limit, one that prints
# to stdout and stderr, one that crashes the loader in a static initializer and a library file cut short. The shell
# shows each one's panel (what happened, the runtime's last line, r to restart), keeps answering keys, the built-in
# countdown keeps ticking, and on quit the terminal is as it was. Then a trap and a hang in each other call the shell
# makes (create, appear, render, a lifecycle event, and on its own between calls) and an exit, each alone. Then the host
# itself dies of a fatal signal (SIGILL, sent to it while it shows a plugin): the terminal is restored, and the
# backtracer's report is printed without holding the terminal for a key. At 100×30 and at 60×16.
set -euo pipefail
cd "$(dirname "$0")/../.."

fail() { echo "misbehaving-plugins.sh: $*" >&2; exit 1; }
command -v tmux >/dev/null 2>&1 || fail "tmux is required (apt-get install tmux)"
cc=${CC:-$(command -v cc || command -v clang || true)}
[ -n "$cc" ] || fail "no C compiler (cc or clang) for the stubs"
ext=so
[ "$(uname)" = Darwin ] && ext=dylib

. Tests/e2e/lib/binary.bash # FEATUREHOST_BINARY, or this checkout's build
binary=$(featurehost_binary)
bin=$(dirname "$binary")
[ -x "$bin/featurehost-plugin-host" ] || fail "featurehost-plugin-host was not built beside featurehost"

work=$(mktemp -d)
session="featurehost-misbehaving-$$"
cleanup() { [ -n "${KEEP:-}" ] && return; tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$work"; }
. Tests/e2e/lib/tmux.bash  # the scripts run from the repository root
trap cleanup EXIT

stub() {  # stub NAME ID TITLE FLAG...
  local name=$1 id=$2 title=$3
  shift 3
  local flags=()
  for flag in "$@"; do flags+=("-D$flag"); done
  "$cc" -shared -fPIC -I Sources/CFeatureHostPluginABI/include "${flags[@]}" \
    "-DSTUB_MANIFEST=\"{\\\"id\\\":\\\"$id\\\",\\\"title\\\":\\\"$title\\\",\\\"summary\\\":\\\"A misbehaving stub.\\\"}\"" \
    -o "$work/lib$name.$ext" Tests/PluginStubs/misbehaving_plugin.c
}
stub trap stub-trap "Trap on a key" TRAP_IN_KEY
stub hang stub-hang "Hang on a key" HANG_IN_KEY
stub leak stub-leak "Leak" LEAK
stub chatty stub-chatty "Chatty" STDOUT
stub init stub-init "Static initializer" CRASH_IN_STATIC_INITIALIZER
stub cut stub-cut "Cut short"
head -c "$(($(wc -c < "$work/libcut.$ext") / 2))" "$work/libcut.$ext" > "$work/libcut.half" && mv "$work/libcut.half" "$work/libcut.$ext"
swiftc -emit-library -module-name TrappingPlugin -Onone -import-objc-header Sources/CFeatureHostPluginABI/include/featurehost_plugin.h \
  -o "$work/libswifttrap.$ext" Tests/PluginStubs/trapping_plugin.swift

cat > "$work/config.json" <<JSON
{ "plugins": ["libtrap.$ext", "libhang.$ext", { "path": "libleak.$ext", "memoryLimitMiB": 64 }, "libchatty.$ext",
              "libinit.$ext", "libcut.$ext"],
  "features": [ { "id": "offer-countdown" }, { "id": "stub-trap" }, { "id": "stub-hang" }, { "id": "stub-leak" },
                { "id": "stub-chatty" } ] }
JSON

# validate and list name the two libraries that broke the loader, and go on.
set +e
errors=$("$binary" validate --config "$work/config.json" 2>&1 >/dev/null)
status=$?
set -e
[ "$status" = "1" ] || fail "validate accepted broken plugins (exit $status)"
grep -qF "plugins[4]: the plugin $work/libinit.$ext could not be loaded: it crashed with SIGILL" <<<"$errors" \
  || fail "validate did not name the static initializer's crash:"$'\n'"$errors"
grep -qF "Fatal error: the stub traps in a static initializer" <<<"$errors" || fail "validate did not give the runtime's line"
grep -qF "plugins[5]: " <<<"$errors" && grep -qF "$work/libcut.$ext" <<<"$errors" || fail "validate did not name the cut library"
"$binary" list --config "$work/config.json" 2>/dev/null | grep -qE "^stub-trap +enabled" \
  || fail "list did not go on past the broken libraries"

wait_for() {  # wait_for TEXT [SECONDS]
  local text=$1 limit=${2:-20} i
  for ((i = 0; i < limit * 10; i++)); do
    if tmux capture-pane -p -J -t "$session" | tr -s ' \n' ' ' | grep -qF -- "$text"; then return 0; fi
    sleep 0.1
  done
  echo "misbehaving-plugins.sh: timed out waiting for '$text'; the screen was:" >&2
  tmux capture-pane -p -t "$session" >&2
  return 1
}
screen() { tmux capture-pane -p -t "$session"; }
pane_flag() { tmux display-message -p -t "$session" "#{$1}"; }

run_shell() {  # run_shell WIDTH HEIGHT [ARGS...]: the shell in a pane that records its exit and the terminal modes
  local width=$1 height=$2
  shift 2
  cat > "$work/pane.sh" <<SH
stty -g > "$work/before"
"$binary" --config "${config:-$work/config.json}" --data-dir "$work/data" $* < /dev/tty
echo \$? > "$work/status"
stty -g > "$work/after"
echo DONE
sleep 60
SH
  rm -f "$work/status" "$work/before" "$work/after"
  tmux kill-session -t "$session" 2>/dev/null || true
  tmux_retrying new-session -d -s "$session" -x "$width" -y "$height" "bash $work/pane.sh"
}

check_restored() {  # check_restored EXPECTED_STATUS
  wait_for "DONE"
  [ "$(cat "$work/status")" = "$1" ] || fail "featurehost exited $(cat "$work/status"), expected $1"
  cmp -s "$work/before" "$work/after" || fail "the terminal modes were not restored"
  [ "$(pane_flag alternate_on)" = "0" ] || fail "still on the alternate screen"
  [ "$(pane_flag cursor_flag)" = "1" ] || fail "the cursor is still hidden"
}

# 1. At 100×30: every plugin's panel, the shell answering throughout, the countdown ticking.
run_shell 100 30
wait_for "Choose a feature:"
wait_for "Plugin libinit.$ext"
wait_for "Plugin libcut.$ext"
tmux send-keys -t "$session" Down Enter     # the plugin that traps on a key
wait_for "Ticks: 0"
tmux send-keys -t "$session" Enter
wait_for "The plugin libtrap.$ext stopped: it crashed with SIGILL"
wait_for "while handling a key"
wait_for "Fatal error: the stub traps in a key"
wait_for "Its in-memory state was lost"
wait_for "Press r to restart it"
wait_for "r restart"
tmux send-keys -t "$session" r
wait_for "Ticks: 0"
wait_for "Enter poke"
tmux send-keys -t "$session" Escape Down Enter   # the plugin that hangs on a key
wait_for "Ticks: 0"
tmux send-keys -t "$session" Enter
wait_for "The plugin libhang.$ext was stopped: it did not answer handle_key within 2.0 seconds of real time." 15
tmux send-keys -t "$session" Escape Down Enter   # the leak, stopped at 64 MiB
wait_for "The plugin libleak.$ext was stopped: it used" 15
wait_for "more than the 64 MiB the host allows a plugin."
tmux send-keys -t "$session" Escape Down Enter   # the chatty one: its output goes to its log, never the screen
wait_for "Ticks: 0"
screen | grep -q "the stub renders" && fail "a plugin's stdout reached the screen"
screen | grep -q "says so on stderr" && fail "a plugin's stderr reached the screen"
grep -q "the stub renders" "$work/data/logs/plugins/libchatty.$ext.log" || fail "the plugin's stdout is not in its log"
tmux send-keys -t "$session" Escape
wait_for "Choose a feature:"
tmux send-keys -t "$session" Up Up Up Up Enter   # the built-in countdown runs on
wait_for "ACTIVATE OFFER"
digits() { screen | grep -o "│  [0-9][0-9]  │" | tr -d '\n │'; }
first=$(digits)
for ((i = 0; i < 50; i++)); do
  now=$(digits)
  [ "$now" != "$first" ] && break
  sleep 0.1
done
[ "$now" != "$first" ] || fail "the countdown stopped ticking"
tmux send-keys -t "$session" q q
check_restored 0
echo "misbehaving-plugins.sh: 100x30: trap, hang, leak and loader crashes each in their own panel; r restarted; stdout in the log; the countdown ticked; terminal restored"

# 2. At 60×16: the panel fits a small terminal, and r still restarts.
run_shell 60 16 --only stub-trap
wait_for "Ticks: 0"
tmux send-keys -t "$session" Enter
wait_for "The plugin libtrap.$ext stopped"
wait_for "r restart"
tmux send-keys -t "$session" r
wait_for "Ticks: 0"
tmux send-keys -t "$session" C-c
check_restored 0
echo "misbehaving-plugins.sh: 60x16: the panel fits, r restarted, Ctrl-C quit, terminal restored"

# 3. A trap and a hang in each other call the shell makes, and an exit of the plugin's process: each is its feature's
#    panel, the shell still answers (Esc quits it) and the terminal is restored. Live, a plugin's time runs on its own
#    clock in its process (the host's advance calls are virtual time's: snapshot and tests), so "a tick" here is a
#    trap on a thread of its own and a hang of its main queue between calls, which the pings find.
# name|trap flag|what the trap's panel says|hang flag|what the hang's panel says
cases=(
  "create|TRAP_IN_CREATE|in create.|HANG_IN_CREATE|it did not answer create within"
  "appear|TRAP_IN_APPEAR|in appear.|HANG_IN_APPEAR|it did not answer appear within"
  "render|TRAP_IN_RENDER|in render.|HANG_IN_RENDER|it did not answer render within"
  "later|TRAP_LATER|while running on its own|HANG_LATER|it "
  "lifecycle|TRAP_IN_LIFECYCLE|lifecycle event|HANG_IN_LIFECYCLE|it did not answer handle_lifecycle within"
)
for entry in "${cases[@]}"; do
  IFS='|' read -r call trap_flag trap_words hang_flag hang_words <<<"$entry"
  for kind in trap hang; do
    if [ "$kind" = trap ]; then flag=$trap_flag words="stopped: it crashed with SIGILL"; else flag=$hang_flag words="was stopped: $hang_words"; fi
    stub "$kind$call" "stub-$kind-$call" "$kind $call" "$flag"
    config="$work/$kind$call.json"
    printf '{ "plugins": ["lib%s.%s"], "features": [ { "id": "stub-%s-%s" } ] }\n' "$kind$call" "$ext" "$kind" "$call" > "$config"
    run_shell 100 30 --only "stub-$kind-$call"
    if [ "$call" = lifecycle ]; then
      wait_for "Ticks: 0"
      tmux send-keys -t "$session" -l $'\e[O'   # the terminal lost the focus: the features hear "background"
    fi
    wait_for "The plugin lib$kind$call.$ext $words" 30
    [ "$kind" = trap ] && { wait_for "$trap_words"; wait_for "Fatal error: the stub traps in"; }
    wait_for "Press r to restart it"
    tmux send-keys -t "$session" Escape
    check_restored 0
  done
done
stub exit stub-exit "Exit in render" EXIT_IN_RENDER
config="$work/exit.json"
printf '{ "plugins": ["libexit.%s"], "features": [ { "id": "stub-exit" } ] }\n' "$ext" > "$config"
run_shell 100 30 --only stub-exit
wait_for "The plugin libexit.$ext stopped: its process exited with status 7 in render." 30
wait_for "Press r to restart it"
tmux send-keys -t "$session" Escape
check_restored 0
unset config
echo "misbehaving-plugins.sh: a trap and a hang in create, appear, render, a lifecycle event and on its own between calls, and an exit: each its own panel, Esc quit, terminal restored"

# 4. The host itself dies of a fatal signal (a plugin cannot do that to it any more: each runs in its own process, so
#    the signal is sent from here). The C handler restores the terminal first; the backtracer prints its report and
#    does not wait for a key (no 30 s hold).
cat > "$work/host-trap.json" <<JSON
{ "plugins": [ "libswifttrap.$ext" ], "features": [ { "id": "offer-countdown" }, { "id": "swift-trap" } ] }
JSON
cat > "$work/pane.sh" <<SH
stty -g > "$work/before"
"$binary" --config "$work/host-trap.json" --data-dir "$work/data" < /dev/tty &
echo \$! > "$work/host.pid"
wait \$!
echo \$? > "$work/status"
stty -g > "$work/after"
echo DONE
sleep 60
SH
rm -f "$work/status" "$work/host.pid"
tmux kill-session -t "$session" 2>/dev/null || true
tmux_retrying new-session -d -s "$session" -x 100 -y 30 "bash $work/pane.sh"
wait_for "Swift trap" 25
started=$(date +%s)
kill -ILL "$(cat "$work/host.pid")"
wait_for "DONE" 25
elapsed=$(($(date +%s) - started))
[ "$elapsed" -lt 20 ] || fail "the host took $elapsed s to die: the backtracer held the terminal"
# It ends by the signal (128 + SIGILL), not by a normal exit: /dev/null on its input after the restore is no quit,
# and the handler ends the process after the report even though a sent signal, unlike a fault, would not recur.
[ "$(cat "$work/status")" = 132 ] || fail "the host ended with status $(cat "$work/status"), not by its SIGILL (132)"
cmp -s "$work/before" "$work/after" || fail "the host's trap left the terminal modes changed"
[ "$(pane_flag alternate_on)" = "0" ] || fail "the host's trap left the alternate screen on"
[ "$(pane_flag cursor_flag)" = "1" ] || fail "the host's trap left the cursor hidden"
# The report comes from the backtracer's own process, which may still be writing when the host's wait returns.
report_shown() { tmux capture-pane -p -S - -t "$session" | grep -q "Program crashed: Illegal instruction"; }
for _ in $(seq 1 100); do report_shown && break; sleep 0.1; done
report_shown || fail "the backtracer's report is not on the restored screen: $(tmux capture-pane -p -S - -t "$session" | grep -v "^ *$" | tail -n 25)"
echo "misbehaving-plugins.sh: the host's own fatal signal restored the terminal and it died in ${elapsed} s with the backtracer's report"
