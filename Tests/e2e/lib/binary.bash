# Sourced by the end-to-end scripts that run featurehost (.ci/run runs Tests/e2e/*.sh only, not this folder).

# The featurehost a script runs: FEATUREHOST_BINARY when set (.ci/run sets it, to run the scripts side by side
# against the build it already made; or an older build, to see a test fail), else this checkout's debug build,
# built first. `binary=$(featurehost_binary)`.
featurehost_binary() {
  if [ -n "${FEATUREHOST_BINARY:-}" ]; then
    printf '%s\n' "$FEATUREHOST_BINARY"
    return
  fi
  swift build --product featurehost >/dev/null || return 1
  printf '%s/featurehost\n' "$(swift build --show-bin-path)"
}
