#!/usr/bin/env bash
# Runs one libFuzzer target, or each in turn (docs/reliability.md).
#   Fuzz/run.sh TARGET SECONDS [libFuzzer flags...]   e.g. Fuzz/run.sh FuzzHTTPRequest 600
#   Fuzz/run.sh all SECONDS                            every target, SECONDS each (CI: 5), FUZZ_JOBS at a time
#   Fuzz/run.sh build                                  every target built, none run (then FUZZ_BUILT=1 run.sh all)
#   Fuzz/run.sh list
# FUZZ_CONFIGURATION=release builds optimised (slower to build, faster to run; use it for long runs).
# The corpus grows in .build-fuzz/corpus/TARGET, seeded from the committed Fuzz/Seeds/TARGET; a crash, a hang
# (over 1 s for one input) or a blow-up (over 2 GiB resident, or one allocation over 512 MiB) is written to
# .build-fuzz/findings/TARGET/ and fails the run. Reproduce one with: .build-fuzz/<config>/TARGET FILE
set -euo pipefail
cd "$(dirname "$0")/.."

targets=(FuzzConfig FuzzCarNewsFeed FuzzChats FuzzTransactions FuzzInvitationReply FuzzKeyParser FuzzFrameCodec
  FuzzPluginWire FuzzPluginChannel FuzzHTTPRequest FuzzPageEvent FuzzForeignMarkup FuzzServerText FuzzPNG FuzzJPEG
  FuzzInflate FuzzHostAddress FuzzImageFormat FuzzLiveDiff FuzzHostFiles FuzzResponseHead FuzzSettingsJournal)
configuration=${FUZZ_CONFIGURATION:-debug}
scratch=.build-fuzz

usage() {
  echo "usage: Fuzz/run.sh TARGET SECONDS [libFuzzer flags...] | all SECONDS | build | list" >&2
  echo "targets: ${targets[*]}" >&2
  exit 2
}

build() {
  local target=$1 log
  log=$(mktemp)
  # -sanitize=fuzzer,address in one flag: two --sanitize options lose the coverage (SWIFT-ON-LINUX.md).
  if ! FEATUREHOST_FUZZ=1 swift build -c "$configuration" --scratch-path "$scratch" --product "$target" \
    --sanitize fuzzer -Xswiftc -sanitize=fuzzer,address >"$log" 2>&1; then
    # gold warns once per ASan helper symbol; the errors are what matter.
    grep -v "ld.gold: warning: Cannot export local symbol" "$log" >&2
    rm -f "$log"
    echo "building $target failed" >&2
    return 1
  fi
  rm -f "$log"
}

# Inputs longer than a target can use only slow it down: the key parser's sequences end within 32 bytes, and the
# request parser runs with 256-byte head and 128-byte body limits (its default limits run too, on the same input).
target_flags() {
  case $1 in
    FuzzKeyParser) echo "-max_len=256" ;;
    FuzzHTTPRequest) echo "-max_len=1024" ;;
    FuzzHostAddress) echo "-max_len=128" ;;
  esac
}

run() {
  if ! build "$1"; then return 1; fi
  run_built "$@"
}

run_built() {
  local target=$1 seconds=$2
  shift 2
  # shellcheck disable=SC2046
  set -- $(target_flags "$target") "$@"
  local corpus=$scratch/corpus/$target findings=$scratch/findings/$target log
  mkdir -p "$corpus" "$findings"
  log=$scratch/logs/$target.log
  mkdir -p "$(dirname "$log")"
  local status=0
  SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 "$scratch/$configuration/$target" \
    -max_total_time="$seconds" -timeout=1 -rss_limit_mb=2048 -malloc_limit_mb=512 -print_final_stats=1 \
    -artifact_prefix="$findings/" "$@" "$corpus" "Fuzz/Seeds/$target" >"$log" 2>&1 || status=$?
  local runs rate
  runs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  rate=$(sed -n 's/^stat::average_exec_per_sec: *//p' "$log" | tail -n 1)
  printf '%-20s %12s runs %8s/s  corpus %5s  %s\n' "$target" "${runs:-?}" "${rate:-?}" \
    "$(find "$corpus" -type f | wc -l)" "$([ "$status" -eq 0 ] && echo ok || echo "FINDING (exit $status), see $log")"
  if [ "$status" -ne 0 ]; then
    grep -E "fuzz invariant|ERROR: |SUMMARY|Test unit written|Fatal error" "$log" | head -n 20 >&2
  fi
  return "$status"
}

[ $# -ge 1 ] || usage
case $1 in
  list) printf '%s\n' "${targets[@]}" ;;
  build)
    # Every target built, none run.
    failed=0
    for target in "${targets[@]}"; do build "$target" || failed=1; done
    exit "$failed"
    ;;
  all)
    [ $# -eq 2 ] || usage
    # Every target is built first (one after the other: they share the scratch folder), then they run FUZZ_JOBS at a
    # time (the machine's cores by default): each one still gets SECONDS of a core to itself.
    failed=0
    # FUZZ_BUILT=1: `Fuzz/run.sh build` made them already (CI builds them beside the browser tests).
    if [ "${FUZZ_BUILT:-0}" != 1 ]; then
      for target in "${targets[@]}"; do build "$target" || failed=1; done
    fi
    [ "$failed" -eq 0 ] || exit 1
    jobs_at_once=${FUZZ_JOBS:-$(nproc)}
    failures=$(mktemp -d)
    for target in "${targets[@]}"; do
      while [ "$(jobs -rp | wc -l)" -ge "$jobs_at_once" ]; do wait -n || true; done
      { run_built "$target" "$2" || touch "$failures/$target"; } &
    done
    wait
    [ -z "$(ls -A "$failures")" ] || failed=1
    rm -rf "$failures"
    exit "$failed"
    ;;
  *)
    [ $# -ge 2 ] || usage
    printf '%s\n' "${targets[@]}" | grep -qx "$1" || { echo "unknown target $1" >&2; usage; }
    run "$@"
    ;;
esac
