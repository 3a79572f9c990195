# Sourced by the end-to-end scripts (.ci/run runs Tests/e2e/*.sh only, not this folder).

# Each script talks to a tmux server of its own (its sockets in a folder of its own, even for `-L NAME`): .ci/run
# runs scripts side by side, and on one shared server a script's last session ending takes the server down under
# another script's new session ("can't find pane"). Not the tmux this may run inside, either.
# The folder is made inside the script's own `$work` (each script sources this after making it), so the script's
# cleanup, which removes `$work`, removes the sockets too.
unset TMUX
TMUX_TMPDIR=$(mktemp -d "${work:-${TMPDIR:-/tmp}}/featurehost-e2e-tmux.XXXXXX")
export TMUX_TMPDIR

# tmux "$@", tried again for a moment when it fails: a session started right after the last one was killed can
# meet the server on its way out ("server exited unexpectedly").
tmux_retrying() {
  local i
  for ((i = 0; i < 20; i++)); do tmux "$@" 2>/dev/null && return 0; sleep 0.1; done
  tmux "$@"
}
