#!/usr/bin/env bash
# End-to-end: Ctrl-Z pauses the offer countdown. In a real terminal (tmux) with job control, the countdown
# is read, the process is suspended (Ctrl-Z, and also `kill -TSTP`), kept stopped for 3 s, resumed with `fg`,
# and read again: it may have gone down only by the seconds it ran in the foreground. Before the fix the
# process often stopped before the feature had heard "background", and `fg` lost the whole time it was stopped.
set -euo pipefail
cd "$(dirname "$0")/../.."

command -v tmux >/dev/null 2>&1 || { echo "suspend-countdown.sh: tmux is required (apt-get install tmux)" >&2; exit 1; }
. Tests/e2e/lib/binary.bash # FEATUREHOST_BINARY, or this checkout's build
binary=$(featurehost_binary)

work=$(mktemp -d)
session="featurehost-suspend-$$"
cleanup() { tmux kill-session -t "$session" 2>/dev/null || true; rm -rf "$work"; }
. Tests/e2e/lib/tmux.bash  # the scripts run from the repository root
trap cleanup EXIT

ctrl_z_rounds=${CTRL_Z_ROUNDS:-10}
kill_rounds=${KILL_ROUNDS:-3}
# Long enough that a lost stop (the bug: all of it) is well past the 1.5 s the check allows.
stopped_for=3

# No roll animation, so a capture never catches digits half-way.
cat > "$work/config.json" <<'JSON'
{ "features": [ { "id": "offer-countdown", "settings": { "rollDuration": 0 } } ] }
JSON

# The pane's shell uses job control (set -m), as an interactive shell does: without it the process group is
# orphaned and the kernel discards a stop signal. Each time featurehost stops, the shell writes how many
# stops it has seen and waits for the test to ask for `fg`. It recurses rather than loops: bash leaves a
# loop whose foreground job stops, so a second stop inside a loop would end it.
cat > "$work/pane.sh" <<SH
set -m
"$binary" --config "$work/config.json" --data-dir "$work/data" --only offer-countdown
status=\$?
stops=0
resume_until_done() {
  [ -n "\$(jobs -s)" ] || return 0
  stops=\$((stops + 1))
  echo \$stops > "$work/stops.tmp" && mv "$work/stops.tmp" "$work/stops"
  while [ ! -f "$work/resume" ]; do sleep 0.05; done
  rm -f "$work/resume"
  fg > /dev/null
  status=\$?
  resume_until_done
}
resume_until_done
echo \$status > "$work/status"
echo DONE
sleep 30
SH
tmux_retrying new-session -d -s "$session" -x 100 -y 30 "bash $work/pane.sh"

fail() { echo "suspend-countdown.sh: $*" >&2; tmux capture-pane -p -t "$session" >&2 || true; exit 1; }
pane_flag() { tmux display-message -p -t "$session" "#{$1}"; }
now() { date +%s.%N; }

# The countdown in seconds, from the row `│  00  │ : │  23  │ : │  59  │ : │  55  │`; empty when not shown.
countdown_on_screen() {
  tmux capture-pane -p -t "$session" | grep -m1 -E '│ +[0-9]{2} +│ : │' | grep -oE '[0-9]{2}' |
    awk '{ v[NR] = $1 } END { if (NR == 4) print ((v[1] * 24 + v[2]) * 60 + v[3]) * 60 + v[4] }'
}

# Reads the countdown once two captures 50 ms apart agree; prints "SECONDS TIME".
read_countdown() {
  local previous="" value i
  for ((i = 0; i < 200; i++)); do
    value=$(countdown_on_screen)
    if [ -n "$value" ] && [ "$value" = "$previous" ]; then
      echo "$value $(now)"
      return 0
    fi
    previous=$value
    sleep 0.05
  done
  fail "the countdown did not show"
}

wait_until() {  # wait_until SECONDS COMMAND...: polls the command until it succeeds
  local limit=$1 i
  shift
  for ((i = 0; i < limit * 20; i++)); do
    if "$@"; then return 0; fi
    sleep 0.05
  done
  return 1
}

stops_are() { [ -f "$work/stops" ] && [ "$(cat "$work/stops")" = "$1" ]; }
screen_taken() { [ "$(pane_flag alternate_on)" = "1" ] && [ -n "$(countdown_on_screen)" ]; }
featurehost_pid() { pgrep -P "$(pane_flag pane_pid)" -x featurehost; }

wait_until 20 screen_taken || fail "the countdown did not start"
rounds=$((ctrl_z_rounds + kill_rounds))
for ((round = 1; round <= rounds; round++)); do
  reading=$(read_countdown) || exit 1
  read -r before started <<< "$reading"
  if ((round <= ctrl_z_rounds)); then
    how="Ctrl-Z"
    tmux send-keys -t "$session" C-z
  else
    how="kill -TSTP"
    kill -TSTP "$(featurehost_pid)"
  fi
  wait_until 10 stops_are "$round" || fail "round $round: $how did not stop featurehost"
  [ "$(pane_flag alternate_on)" = "0" ] || fail "round $round: stopped, but the terminal was not given back"
  sleep "$stopped_for"
  touch "$work/resume"  # the pane runs `fg`
  wait_until 10 screen_taken || fail "round $round: fg did not take the screen again"
  reading=$(read_countdown) || exit 1
  read -r after ended <<< "$reading"
  # It ran in the foreground for at most the time between the readings less the time it was stopped; each
  # reading is whole seconds, so allow a second of rounding and a little for the captures.
  verdict=$(awk -v b="$before" -v a="$after" -v s="$started" -v e="$ended" -v stopped="$stopped_for" 'BEGIN {
    ran = e - s - stopped; lost = (b - a) - ran
    printf "%s %.2f %.2f", (lost < 1.5 ? "ok" : "lost"), b - a, lost }')
  read -r outcome went lost <<< "$verdict"
  [ "$outcome" = "ok" ] || fail "round $round ($how): the countdown went from $before to $after, $went s, while it ran at most $(awk -v s="$started" -v e="$ended" -v t="$stopped_for" 'BEGIN { printf "%.2f", e - s - t }') s in the foreground: $lost s lost"
  echo "suspend-countdown.sh: round $round ($how): stopped ${stopped_for} s, the countdown went from $before to $after (nothing lost)"
done

tmux send-keys -t "$session" C-c
wait_until 20 test -f "$work/status" || fail "featurehost did not quit on Ctrl-C"
[ "$(cat "$work/status")" = "0" ] || fail "featurehost exited $(cat "$work/status")"
echo "suspend-countdown.sh: $ctrl_z_rounds Ctrl-Z and $kill_rounds kill -TSTP, each ${stopped_for} s stopped: no second lost"
