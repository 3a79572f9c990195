# Sourced by the end-to-end scripts (.ci/run runs Tests/e2e/*.sh only, not this folder).

# tmux "$@", tried again for a moment when it fails: a session started right after the last one was killed can
# meet the server on its way out ("server exited unexpectedly").
tmux_retrying() {
  local i
  for ((i = 0; i < 20; i++)); do tmux "$@" 2>/dev/null && return 0; sleep 0.1; done
  tmux "$@"
}
