#!/usr/bin/env bash
# End-to-end: runs the interactive featurehost in a real terminal (tmux), opens and closes a feature,
# quits with q, and checks that it exited 0 and left the terminal as it found it.
set -euo pipefail
cd "$(dirname "$0")/../.."

command -v tmux >/dev/null 2>&1 || { echo "shell.sh: tmux is required (apt-get install tmux)" >&2; exit 1; }
swift build --product featurehost >/dev/null
binary="$(swift build --show-bin-path)/featurehost"

work=$(mktemp -d)
session="featurehost-e2e-$$"
cleanup() { tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

# Offline sources only: the test never reaches the internet.
cat > "$work/config.json" <<'JSON'
{ "features": [
  { "id": "offer-countdown" },
  { "id": "transactions", "source": { "kind": "in-memory" } }
] }
JSON

# The pane runs a shell that records the terminal modes before and after featurehost, and its exit status.
cat > "$work/pane.sh" <<SH
stty -g > "$work/before"
"$binary" --config "$work/config.json" --data-dir "$work/data"
echo \$? > "$work/status"
stty -g > "$work/after"
echo DONE
sleep 30
SH

tmux new-session -d -s "$session" -x 100 -y 30 "bash $work/pane.sh"

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

wait_for "Choose a feature:"
wait_for "Enter open"
[ "$(tmux display-message -p -t "$session" '#{alternate_on}')" = "1" ] || { echo "shell.sh: not on the alternate screen" >&2; exit 1; }

tmux send-keys -t "$session" Enter          # open the first feature
wait_for "Esc back"
tmux send-keys -t "$session" Escape         # back to the home screen
wait_for "Choose a feature:"
tmux send-keys -t "$session" Down Enter     # open the second one
wait_for "Esc back"
tmux send-keys -t "$session" q              # q goes back...
wait_for "Choose a feature:"
tmux send-keys -t "$session" q              # ...and on the home screen quits
wait_for "DONE"

status=$(cat "$work/status")
[ "$status" = "0" ] || { echo "shell.sh: featurehost exited $status" >&2; exit 1; }
cmp -s "$work/before" "$work/after" || { echo "shell.sh: terminal modes were not restored" >&2; exit 1; }
[ "$(tmux display-message -p -t "$session" '#{alternate_on}')" = "0" ] || { echo "shell.sh: still on the alternate screen" >&2; exit 1; }
[ "$(tmux display-message -p -t "$session" '#{cursor_flag}')" = "1" ] || { echo "shell.sh: the cursor is still hidden" >&2; exit 1; }
echo "shell.sh: opened and closed features, quit with q, exit 0, terminal restored"
