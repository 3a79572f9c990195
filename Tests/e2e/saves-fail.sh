#!/usr/bin/env bash
# End-to-end: a save that fails says so. `featurehost store` exits 1 with the path and the reason (never a raw
# NSCocoaErrorDomain dump), `store get` says a damaged file is damaged, and `snapshot` names the user's data
# directory. Then, where this machine lets a test mount a small tmpfs (root, or an unprivileged user namespace),
# on a read-only and on a full data volume: `store set` fails with the reason, and in a real terminal (tmux)
# a pin says it was not saved and an invitation says the backend accepted it but the device could not keep it.
set -euo pipefail
cd "$(dirname "$0")/../.."

command -v tmux >/dev/null 2>&1 || { echo "saves-fail.sh: tmux is required (apt-get install tmux)" >&2; exit 1; }
. Tests/e2e/lib/binary.bash # FEATUREHOST_BINARY, or this checkout's build
binary=$(featurehost_binary)

work=$(mktemp -d)
socket="featurehost-saves-$$"
cleanup() { tmux -L "$socket" kill-server 2>/dev/null || true; rm -rf "$work"; }
trap cleanup EXIT

fail() { echo "saves-fail.sh: $*" >&2; exit 1; }
# Runs featurehost; sets $status, $out and $err.
run() {
  set +e
  "$binary" "$@" >"$work/out" 2>"$work/err"
  status=$?
  set -e
  out=$(cat "$work/out")
  err=$(cat "$work/err")
}
expect_failure() {  # $1: what, $2...: fixed strings stderr must hold
  local what=$1
  shift
  [ "$status" -eq 1 ] || fail "$what: exit status $status, expected 1 (stderr: $err)"
  for text in "$@"; do
    grep -qF -- "$text" <<<"$err" || fail "$what: stderr lacks \"$text\": $err"
  done
  grep -q "NSCocoaErrorDomain\|featurehost-snapshot-" <<<"$err$out" && fail "$what: a raw error or the throwaway copy: $err"
  echo "saves-fail.sh: $what: exit 1: $(head -n 1 <<<"$err")"
}

# --- Without privileges ---------------------------------------------------------------------------------------
echo "a file" > "$work/blocker"
run store set transactions unpinned-ids '[1]' --data-dir "$work/blocker/data"
expect_failure "store set under a file" "$work/blocker/data" "Not a directory" "was not saved"
run store get transactions unpinned-ids --data-dir "$work/blocker"
expect_failure "store get with a file as the data directory" "$work/blocker/preferences.plist" "Not a directory"
mkdir -p "$work/damaged"
printf '<?xml version="1.0"?><plist><dict><key>transactions.unpinned-ids</key><da' > "$work/damaged/preferences.plist"
run store get transactions unpinned-ids --data-dir "$work/damaged"
expect_failure "store get on a damaged file" "$work/damaged/preferences.plist" "are damaged"
run snapshot transactions --data-dir "$work/blocker"
expect_failure "snapshot with a file as the data directory" "the data directory $work/blocker is a file"

# --- A read-only and a full volume, where a tmpfs can be mounted ---------------------------------------------
if unshare --mount --map-root-user true 2>/dev/null; then
  namespace=(unshare --mount --map-root-user)
elif [ "$(id -u)" = 0 ] && unshare --mount true 2>/dev/null; then
  namespace=(unshare --mount)
else
  echo "saves-fail.sh: no mount namespace here (needs root or unprivileged user namespaces): the read-only and full volume cases are skipped"
  exit 0
fi
volume="$work/volume"
mkdir -p "$volume"

# Runs featurehost "$@" with $volume a fresh 64 KiB tmpfs holding an empty data directory, made read-only
# ("ro") or filled up ("full") first; sets $status, $out and $err.
on_volume() {
  local mode=$1
  shift
  local prepare="mount -t tmpfs -o size=64k tmpfs '$volume' && mkdir '$volume/data'"
  case $mode in
    ro) prepare+=" && mount -o remount,ro '$volume'" ;;
    full) prepare+=" && (dd if=/dev/zero of='$volume/filler' bs=4k 2>/dev/null || true)" ;;
  esac
  set +e
  "${namespace[@]}" sh -c "$prepare && exec \"\$0\" \"\$@\"" "$binary" "$@" >"$work/out" 2>"$work/err"
  status=$?
  set -e
  out=$(cat "$work/out")
  err=$(cat "$work/err")
}
on_volume ro store set transactions unpinned-ids '[1]' --data-dir "$volume/data"
expect_failure "store set on a read-only volume" "$volume/data/preferences.plist" "Read-only file system"
on_volume full store set transactions unpinned-ids "[$(seq -s, 1 800)]" --data-dir "$volume/data"
expect_failure "store set on a full volume" "$volume/data/preferences.plist.saving" "No space left on device"

# In a real terminal, on a volume that went read-only after the host had used it (its folders are there): the
# shell starts (reading works), and each save says it failed.
. Tests/e2e/lib/tmux.bash  # the scripts run from the repository root
# A new session is tried again for a moment (lib/tmux.bash).
t() {
  if [ "$1" = new-session ]; then tmux_retrying -L "$socket" "$@"; else tmux -L "$socket" "$@"; fi
}
screen() { t capture-pane -p -J -t main | tr -s ' \n' ' '; }
wait_for() {
  local i
  for ((i = 0; i < 200; i++)); do
    screen | grep -qF -- "$1" && return 0
    sleep 0.05
  done
  t capture-pane -p -t main >&2
  fail "the screen never showed: $1"
}
cat > "$work/config.json" <<'JSON'
{ "features": [ { "id": "transactions" }, { "id": "invitations", "source": { "kind": "in-memory" } } ] }
JSON
live() {  # $1: feature id
  t new-session -d -s main -x 100 -y 30 \
    "${namespace[*]} sh -c \"mount -t tmpfs -o size=64k tmpfs '$volume' && mkdir -p '$volume/data/features/$1' && mount -o remount,ro '$volume' && exec '$binary' --config '$work/config.json' --data-dir '$volume/data' --only $1\"; sleep 30"
}

live transactions
wait_for "Total spent:"
t send-keys -t main Space
wait_for "Unpinning \"Movie Night\" was not saved: Cannot open the lock file $volume/data/preferences.plist.lock: Read-only file system."
screen | grep -qF '$472.08' || fail "the sum counts the pin that was not saved"
screen | grep -qF "Space unpin" || fail "the row does not show the pin kept"
t kill-session -t main
echo "saves-fail.sh: a pin on a read-only volume says it was not saved, and shows pinned"

live invitations
wait_for "Request an invite"
t send-keys -t main Enter
wait_for "Full name"
t send-keys -t main "Jane Doe" Enter "jane@example.com" Enter "jane@example.com" Enter Enter
wait_for "The invitation server accepted your request, but this device could not keep it"
screen | grep -qF "All done!" && fail "All done! for an invitation the device did not keep"
screen | grep -qF "Read-only file system" || fail "the invitation notice gives no reason"
t kill-session -t main
echo "saves-fail.sh: an invitation on a read-only volume says the backend accepted it but the device could not keep it"
