#!/usr/bin/env bash
# End-to-end: Ctrl-Z, then `bg`, in an interactive shell (tmux). A background host never draws and never takes the
# terminal: it stops again, quietly, as less and vim do, while the user types a command at the shell's prompt; `fg`
# brings it back with its screen; `q` leaves the terminal exactly as it was (`stty -g` before and after). Before
# the fix, `bg` drew the countdown over the shell and left the terminal raw after `fg` and `q` (3 runs of 3).
set -euo pipefail
cd "$(dirname "$0")/../.."

command -v tmux >/dev/null 2>&1 || { echo "background-job.sh: tmux is required (apt-get install tmux)" >&2; exit 1; }
. Tests/e2e/lib/binary.bash # FEATUREHOST_BINARY, or this checkout's build
binary=$(featurehost_binary)

work=$(mktemp -d)
session="featurehost-bg-$$"
cleanup() { tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$work"; }
. Tests/e2e/lib/tmux.bash # the scripts run from the repository root
trap cleanup EXIT

fail() { echo "background-job.sh: $*" >&2; tmux capture-pane -p -t "$session" >&2 || true; exit 1; }
pane_flag() { tmux display-message -p -t "$session" "#{$1}"; }
wait_until() { # wait_until SECONDS COMMAND...
  local limit=$1 i
  shift
  for ((i = 0; i < limit * 20; i++)); do
    if "$@"; then return 0; fi
    sleep 0.05
  done
  return 1
}
shows() { tmux capture-pane -p -t "$session" | grep -q "$1"; }
host_state() { ps -o stat= -p "$(pgrep -P "$(pane_flag pane_pid)" -x featurehost)" 2>/dev/null | cut -c1; }
stopped() { [ "$(host_state)" = "T" ]; }

cat >"$work/config.json" <<'JSON'
{ "features": [ { "id": "offer-countdown", "settings": { "rollDuration": 0 } } ] }
JSON
# An interactive shell with job control, as a user has it.
tmux_retrying new-session -d -s "$session" -x 100 -y 30 "bash --norc --noprofile -i"
wait_until 10 shows '[#$]' || fail "the shell did not start"
tmux send-keys -t "$session" "PS1='$ '; stty -g > $work/before" Enter
tmux send-keys -t "$session" "$binary --config $work/config.json --data-dir $work/data --only offer-countdown" Enter
wait_until 30 shows "Activate" || wait_until 30 shows "│ : │" || fail "the countdown did not start"

tmux send-keys -t "$session" C-z
wait_until 10 stopped || fail "Ctrl-Z did not stop featurehost"
tmux send-keys -t "$session" "bg" Enter
# Continued in the background, it stops again by itself and never takes the screen.
wait_until 10 stopped || fail "after bg, featurehost runs in the background (state $(host_state))"
sleep 1
[ "$(pane_flag alternate_on)" = "0" ] || fail "after bg, featurehost took the screen back"
stopped || fail "after bg, featurehost did not stay stopped"
# A command typed at the prompt runs in a cooked terminal, visibly.
tmux send-keys -t "$session" "echo typed-blind-\$((6*7))" Enter
wait_until 10 shows "typed-blind-42" || fail "the command typed after bg was not echoed"

tmux send-keys -t "$session" "fg" Enter
wait_until 10 bash -c "[ \"\$(tmux display-message -p -t $session '#{alternate_on}')\" = 1 ]" || fail "fg did not bring the screen back"
wait_until 10 shows "│ : │" || wait_until 10 shows "Activate" || fail "fg did not redraw the countdown"
tmux send-keys -t "$session" q
wait_until 10 bash -c "[ \"\$(tmux display-message -p -t $session '#{alternate_on}')\" = 0 ]" || fail "q did not quit"
tmux send-keys -t "$session" "stty -g > $work/after" Enter
wait_until 10 test -s "$work/after" || fail "stty after quitting did not run"
cmp -s "$work/before" "$work/after" || fail "the terminal modes changed: $(cat "$work/before") -> $(cat "$work/after")"
echo "background-job.sh: ok (bg stops again, the typed command runs cooked, fg redraws, q restores the modes)"
