#!/usr/bin/env bash
# End-to-end, in a real terminal (tmux):
# 1. Ctrl-Z where no shell can resume the host: featurehost as the pane's own command (a session leader whose
#    parent, the tmux server, is in another session), and under `bash -c` without job control. Before, the
#    screen went blank, nothing stopped, and the countdown stayed paused until a focus-in. Now the screen stays,
#    the footer says that suspending is not available here, and the countdown keeps running; `kill -TSTP` too.
# 2. Bracketed paste (`tmux paste-buffer -p`): a text with a tab and a line break goes into the focused field
#    as one value, tabs and line breaks as spaces, never into the next fields; Alt+letter does not close the
#    invitation form.
set -euo pipefail
cd "$(dirname "$0")/../.."

command -v tmux >/dev/null 2>&1 || { echo "terminal-input.sh: tmux is required (apt-get install tmux)" >&2; exit 1; }
. Tests/e2e/lib/binary.bash # FEATUREHOST_BINARY, or this checkout's build
binary=$(featurehost_binary)

work=$(mktemp -d)
socket="featurehost-input-$$"
session=main
cleanup() { tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT
. Tests/e2e/lib/tmux.bash  # the scripts run from the repository root
# A new session is tried again for a moment (lib/tmux.bash).
t() {
  if [ "$1" = new-session ]; then tmux_retrying -L "$socket" "$@"; else tmux -L "$socket" "$@"; fi
}

cat > "$work/config.json" <<'JSON'
{ "features": [ { "id": "offer-countdown", "settings": { "rollDuration": 0 } },
                { "id": "invitations", "source": { "kind": "in-memory" } } ] }
JSON

fail() { echo "terminal-input.sh: $*" >&2; t capture-pane -p -t "$session" >&2 || true; exit 1; }
screen() { t capture-pane -p -t "$session"; }
# Waits until the screen shows $1 (a fixed string), at most 10 s.
wait_for() {
  local i
  for ((i = 0; i < 200; i++)); do
    screen | grep -qF -- "$1" && return 0
    sleep 0.05
  done
  fail "the screen never showed: $1"
}
# The countdown in seconds, from the row `│  00  │ : │  23  │ : │  59  │ : │  55  │`.
countdown() {
  screen | grep -m1 -E '│ +[0-9]{2} +│ : │' | grep -oE '[0-9]{2}' |
    awk '{ v[NR] = $1 } END { if (NR == 4) print ((v[1] * 24 + v[2]) * 60 + v[3]) * 60 + v[4] }'
}
featurehost_pid() { pgrep -f -n -- "$binary --config $work/config.json" || true; }

# --- 1. Ctrl-Z with no shell to resume the host, two ways ---------------------------------------------------
note="Ctrl-Z: suspending is not available here"
for how in pane bash-c; do
  command=("$binary" --config "$work/config.json" --data-dir "$work/data" --only offer-countdown)
  if [ "$how" = pane ]; then
    t new-session -d -s "$session" -x 100 -y 30 "${command[*]}; echo \$? > $work/status-$how; sleep 30"
  else
    t new-session -d -s "$session" -x 100 -y 30 "bash -c '${command[*]}; echo \$? > $work/status-$how'; sleep 30"
  fi
  wait_for "LAST-MINUTE CHANCE!"
  sleep 1.2
  before=$(countdown)
  [ -n "$before" ] || fail "$how: no countdown before Ctrl-Z"
  t send-keys -t "$session" C-z
  wait_for "$note"
  screen | grep -qF "LAST-MINUTE CHANCE!" || fail "$how: the screen went blank after Ctrl-Z"
  pid=$(featurehost_pid)
  [ -n "$pid" ] || fail "$how: featurehost is gone"
  state=$(awk '{print $3}' "/proc/$pid/stat")
  [ "$state" != T ] || fail "$how: the process stopped where nothing can resume it"
  sleep 2.2
  after=$(countdown)
  [ $((before - after)) -ge 2 ] || fail "$how: the countdown did not keep running ($before → $after)"
  # A stop signal from outside is answered the same way.
  t send-keys -t "$session" Tab  # any key clears the note
  sleep 0.3
  screen | grep -qF "$note" && fail "$how: the note stayed after a key"
  kill -TSTP "$pid"
  wait_for "$note"
  [ "$(awk '{print $3}' "/proc/$pid/stat")" != T ] || fail "$how: kill -TSTP stopped it"
  t send-keys -t "$session" Escape
  for ((i = 0; i < 100; i++)); do [ -f "$work/status-$how" ] && break; sleep 0.05; done
  [ "$(cat "$work/status-$how" 2>/dev/null)" = 0 ] || fail "$how: Esc did not quit with status 0"
  t kill-session -t "$session"
  echo "terminal-input.sh: Ctrl-Z with no shell to resume ($how): screen kept, footer note, countdown ran $before → $after"
done

# --- 2. Paste and Alt+letter in the invitation form ---------------------------------------------------------
t new-session -d -s "$session" -x 100 -y 30 \
  "$binary --config $work/config.json --data-dir $work/data --only invitations; echo \$? > $work/status-paste; sleep 30"
wait_for "Request an invite"
t send-keys -t "$session" Enter
wait_for "Full name"
printf 'Jane\tDoe\nSecond line' > "$work/paste.txt"
t load-buffer -b pasted "$work/paste.txt"
t paste-buffer -p -b pasted -t "$session"
wait_for "Jane Doe Second line"
# The email fields are still empty (their placeholders show) and focus is still on Full name.
screen | grep -qF "name@example.com" || fail "paste: the email field was filled"
screen | grep -qF "The same email again" || fail "paste: the confirm field was filled"
screen | grep -qF "› Jane Doe Second line" || fail "paste: focus left the name field"
# Alt+x: ESC x in one write. Before, the ESC closed the form.
t send-keys -t "$session" M-x
sleep 0.3
screen | grep -qF "Full name" || fail "Alt+x closed the form"
screen | grep -qF "Jane Doe Second linex" && fail "Alt+x typed an x"
# A paste past the field's 254 characters is cut there, and nothing spills.
head -c 5000 /dev/zero | tr '\0' 'a' > "$work/long.txt"
t send-keys -t "$session" Tab
t load-buffer -b long "$work/long.txt"
t paste-buffer -p -b long -t "$session"
sleep 0.5
screen | grep -qF "The same email again" || fail "a long paste spilled into the confirm field"
t send-keys -t "$session" Escape
wait_for "Request an invite"
t send-keys -t "$session" Escape
for ((i = 0; i < 100; i++)); do [ -f "$work/status-paste" ] && break; sleep 0.05; done
[ "$(cat "$work/status-paste" 2>/dev/null)" = 0 ] || fail "paste: Esc did not quit with status 0"
echo "terminal-input.sh: bracketed paste is one value in the focused field; Alt+x keeps the form open"
