#!/usr/bin/env bash
# End-to-end: runs the interactive featurehost in a real terminal (tmux), opens and closes a feature,
# quits with q, and checks that it exited 0 and left the terminal as it found it.
set -euo pipefail
cd "$(dirname "$0")/../.."

command -v tmux >/dev/null 2>&1 || { echo "shell.sh: tmux is required (apt-get install tmux)" >&2; exit 1; }
. Tests/e2e/lib/binary.bash # FEATUREHOST_BINARY, or this checkout's build
binary=$(featurehost_binary)

work=$(mktemp -d)
session="featurehost-e2e-$$"
cleanup() { tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$work"; }
. Tests/e2e/lib/tmux.bash  # the scripts run from the repository root
trap cleanup EXIT

# Offline sources only: the test never reaches the internet.
cat > "$work/config.json" <<'JSON'
{ "features": [
  { "id": "offer-countdown" },
  { "id": "transactions", "source": { "kind": "in-memory" } }
] }
JSON

# Each pane runs a shell that records the terminal modes before and after featurehost, its exit status and
# its pid (for the signal cases).
start_pane() {  # start_pane NAME
  local name=$1
  cat > "$work/$name.sh" <<SH
stty -g > "$work/$name.before"
"$binary" --config "$work/config.json" --data-dir "$work/data" < /dev/tty &
echo \$! > "$work/$name.pid"
wait \$!
echo \$? > "$work/$name.status"
stty -g > "$work/$name.after"
echo DONE
sleep 30
SH
  tmux kill-session -t "$session" 2>/dev/null || true
  tmux_retrying new-session -d -s "$session" -x 100 -y 30 "bash $work/$name.sh"
}

wait_for() {  # wait_for TEXT [SECONDS]: polls the pane until TEXT shows
  local text=$1 limit=${2:-20} i
  for ((i = 0; i < limit * 10; i++)); do
    if tmux capture-pane -p -t "$session" | grep -qF -- "$text"; then return 0; fi
    sleep 0.1
  done
  echo "shell.sh: timed out waiting for '$text'; the screen was:" >&2
  tmux capture-pane -p -t "$session" >&2
  return 1
}

pane_flag() { tmux display-message -p -t "$session" "#{$1}"; }

check_restored() {  # check_restored NAME EXPECTED_STATUS
  local name=$1 expected=$2
  wait_for "DONE"
  local status
  status=$(cat "$work/$name.status")
  [ "$status" = "$expected" ] || { echo "shell.sh: $name: featurehost exited $status, expected $expected" >&2; exit 1; }
  cmp -s "$work/$name.before" "$work/$name.after" || { echo "shell.sh: $name: terminal modes were not restored" >&2; exit 1; }
  [ "$(pane_flag alternate_on)" = "0" ] || { echo "shell.sh: $name: still on the alternate screen" >&2; exit 1; }
  [ "$(pane_flag cursor_flag)" = "1" ] || { echo "shell.sh: $name: the cursor is still hidden" >&2; exit 1; }
}

# 1. Open and close features, quit with q.
start_pane quit
wait_for "Choose a feature:"
wait_for "Enter open"
[ "$(pane_flag alternate_on)" = "1" ] || { echo "shell.sh: not on the alternate screen" >&2; exit 1; }
tmux send-keys -t "$session" Enter          # open the first feature
wait_for "Esc back"
tmux send-keys -t "$session" Escape         # back to the home screen
wait_for "Choose a feature:"
tmux send-keys -t "$session" Down Enter     # open the second one
wait_for "Esc back"
tmux send-keys -t "$session" q              # q goes back...
wait_for "Choose a feature:"
tmux send-keys -t "$session" q              # ...and on the home screen quits
check_restored quit 0
echo "shell.sh: opened and closed features, quit with q, exit 0, terminal restored"

# 2. Ctrl-C quits from inside a feature.
start_pane ctrlc
wait_for "Choose a feature:"
tmux send-keys -t "$session" Enter
wait_for "Esc back"
tmux send-keys -t "$session" C-c
check_restored ctrlc 0
echo "shell.sh: Ctrl-C quit, exit 0, terminal restored"

# 3. Ctrl-Z gives the terminal back while stopped; `fg` takes it again and redraws; SIGTERM restores.
#    The pane uses job control (set -m), as an interactive shell does: without it the process group is
#    orphaned and the kernel discards a stop signal.
cat > "$work/suspend.sh" <<SH
set -m
stty -g > "$work/suspend.before"
"$binary" --config "$work/config.json" --data-dir "$work/data"
status=\$?
while [ -n "\$(jobs -s)" ]; do
  echo stopped > "$work/suspend.stopped"
  while [ ! -f "$work/suspend.resume" ]; do sleep 0.1; done
  rm -f "$work/suspend.resume"
  fg > /dev/null
  status=\$?
done
echo \$status > "$work/suspend.status"
stty -g > "$work/suspend.after"
echo DONE
sleep 30
SH
tmux kill-session -t "$session" 2>/dev/null || true
tmux_retrying new-session -d -s "$session" -x 100 -y 30 "bash $work/suspend.sh"
wait_for "Choose a feature:"
tmux send-keys -t "$session" C-z
for ((i = 0; i < 100; i++)); do [ -f "$work/suspend.stopped" ] && break; sleep 0.1; done
[ -f "$work/suspend.stopped" ] || { echo "shell.sh: Ctrl-Z did not stop featurehost" >&2; exit 1; }
[ "$(pane_flag alternate_on)" = "0" ] || { echo "shell.sh: stopped, but the terminal was not given back" >&2; exit 1; }
touch "$work/suspend.resume"               # the pane runs `fg`
wait_for "Choose a feature:"
for ((i = 0; i < 50; i++)); do [ "$(pane_flag alternate_on)" = "1" ] && break; sleep 0.1; done
[ "$(pane_flag alternate_on)" = "1" ] || { echo "shell.sh: fg did not take the screen again" >&2; exit 1; }
tmux send-keys -t "$session" Down          # still reads keys after resuming
pkill -TERM -f -- "--data-dir $work/data"
check_restored suspend 0
echo "shell.sh: Ctrl-Z stopped with the terminal given back; fg resumed with a redraw; SIGTERM exited 0, terminal restored"
