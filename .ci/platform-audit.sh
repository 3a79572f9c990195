#!/usr/bin/env bash
# The package's claims about where it builds, checked on Linux (which has no availability checking):
#   1. no Swift file uses an API newer than the platforms Package.swift declares (a table of the known ones below,
#      with the OS versions that brought them); a use guarded by `if #available` or `@available` says so with
#      `// platform-audit: guarded` on its line;
#   2. the tools version is new enough for the language features used (`@concurrent`, `weak let` and
#      `nonisolated(nonsending)` need Swift 6.2), and README.md names the same Swift version.
# `bash .ci/platform-audit.sh [ROOT]` audits ROOT (default: the repository); `--self-test` proves it catches each kind.
set -euo pipefail
shopt -s nullglob

# pattern (extended regex) | API | macOS | iOS
apis=$(cat <<'TABLE'
\bMutex *[<(]|Synchronization.Mutex|15|18
\bAtomic *[<(]|\bAtomicLazyReference\b|Synchronization.Atomic|15|18
\bInt128\b|\bUInt128\b|Int128 and UInt128|15|18
\bRangeSet *[<(]|\bDiscontiguousSlice\b|RangeSet|15|18
String\(validating:|String(validating:as:)|15|18
\bTaskExecutor\b|\bwithTaskExecutorPreference\b|task executors|15|18
\bInlineArray\b|InlineArray|26|26
\b(Raw|Mutable|Output|UTF8)?Span\b|Span and its kin|26|26
\bObservations *[<({]|Observation.Observations|26|26
Task\.immediate|Task *\( *name:|addImmediateTask|immediate and named tasks|26|26
\bwithObservationTracking\b|withObservationTracking|14|17
@Observable\b|the @Observable macro|14|17
\.withLock *[({]|NSLocking.withLock|14|17
TABLE
)

audit() {  # audit ROOT: prints every problem, returns 1 if any
  local root=$1 problems=0 manifest="$1/Package.swift"
  [ -f "$manifest" ] || { echo "platform-audit: no Package.swift in $root" >&2; return 1; }
  local mac ios tools readme
  mac=$(sed -n 's/.*\.macOS(\.v\([0-9][0-9]*\)).*/\1/p' "$manifest" | head -n 1)
  ios=$(sed -n 's/.*\.iOS(\.v\([0-9][0-9]*\)).*/\1/p' "$manifest" | head -n 1)
  [ -n "$mac" ] && [ -n "$ios" ] || { echo "platform-audit: $manifest declares no macOS and iOS platforms" >&2; return 1; }
  local files=()
  while IFS= read -r -d '' file; do files+=("$file"); done < <(
    find "$root/Sources" "$root/Features" "$root/Tests" "$root/Examples" "$root/Plugins" -name '*.swift' \
      -not -path '*/.build/*' -print0 2>/dev/null)
  [ ${#files[@]} -gt 0 ] || { echo "platform-audit: no Swift files under $root" >&2; return 1; }

  # Comments are not code: each line is checked with its `//` comment cut off (string literals with `//` in them
  # are rare enough in this code to ignore).
  local stripped
  stripped=$(mktemp)
  awk '!/platform-audit: guarded/ { line = $0; sub(/\/\/.*/, "", line); print FILENAME ":" FNR ":" line }' "${files[@]}" > "$stripped"

  local pattern api need_mac need_ios hits
  while IFS='|' read -r -a fields; do
    [ ${#fields[@]} -ge 4 ] || continue
    need_ios=${fields[-1]}
    need_mac=${fields[-2]}
    api=${fields[-3]}
    pattern=$(IFS='|'; echo "${fields[*]:0:${#fields[@]}-3}")
    if [ "$need_mac" -gt "$mac" ] || [ "$need_ios" -gt "$ios" ]; then
      hits=$(cut -d: -f3- "$stripped" | grep -nE -- "$pattern" | cut -d: -f1 || true)
      for n in $hits; do
        echo "platform-audit: $(sed -n "${n}p" "$stripped" | cut -d: -f1-2 | sed "s|^$root/||") uses $api, which needs macOS $need_mac / iOS $need_ios; Package.swift declares macOS $mac / iOS $ios. Use an older API, guard it (and mark the line \`// platform-audit: guarded\`), or raise the platforms and say why." >&2
        problems=$((problems + 1))
      done
    fi
  done <<<"$apis"

  tools=$(sed -n '1s/^\/\/ swift-tools-version: *\([0-9][0-9.]*\).*/\1/p' "$manifest")
  if cut -d: -f3- "$stripped" | grep -qE '@concurrent\b|\bweak let\b|nonisolated\(nonsending\)'; then
    if [ "$(printf '%s\n%s\n' "$tools" 6.2 | sort -V | head -n 1)" != 6.2 ]; then
      echo "platform-audit: the code uses Swift 6.2 features (@concurrent, weak let or nonisolated(nonsending)) but Package.swift says swift-tools-version $tools." >&2
      problems=$((problems + 1))
    fi
  fi
  if [ -f "$root/README.md" ]; then
    readme=$(sed -n 's/.*Swift \([0-9][0-9.]*\) or later.*/\1/p' "$root/README.md" | head -n 1)
    if [ "$readme" != "$tools" ]; then
      echo "platform-audit: README.md says \"Swift ${readme:-?} or later\" but Package.swift says swift-tools-version $tools." >&2
      problems=$((problems + 1))
    fi
  fi
  rm -f "$stripped"
  [ "$problems" -eq 0 ] || return 1
  echo "platform-audit: ${#files[@]} Swift files use nothing newer than macOS $mac / iOS $ios; tools version $tools matches the language features and README.md"
}

self_test() {  # each kind of problem is found; a comment and a guarded line are not
  local dir status
  dir=$(mktemp -d)
  trap 'rm -rf "$dir"' RETURN
  mkdir -p "$dir/Sources/A"
  printf '// swift-tools-version: 6.2\nlet package = Package(name: "A", platforms: [.macOS(.v14), .iOS(.v17)])\n' > "$dir/Package.swift"
  printf 'Requirements: Swift 6.2 or later.\n' > "$dir/README.md"
  printf 'import Foundation\n// A Mutex<Int> in a comment is fine.\nlet lock = NSLock()\nfunc f() { lock.withLock {} }\n' > "$dir/Sources/A/A.swift"
  audit "$dir" >/dev/null || { echo "platform-audit self-test: a clean tree was refused" >&2; return 1; }
  expect_refused() {  # expect_refused TEXT FILE-CONTENT
    printf '%b' "$2" > "$dir/Sources/A/B.swift"
    local output
    if output=$(audit "$dir" 2>&1); then echo "platform-audit self-test: missed $1" >&2; return 1; fi
    grep -qF -- "$1" <<<"$output" || { echo "platform-audit self-test: expected \"$1\", got: $output" >&2; return 1; }
    rm -f "$dir/Sources/A/B.swift"
  }
  expect_refused "Sources/A/B.swift:2 uses Synchronization.Mutex" 'let a = 1\nlet m = Mutex<Int>(0)\n'
  expect_refused "uses Synchronization.Atomic" 'import Synchronization\nlet a = Atomic<Int>(0)\n'
  expect_refused "uses InlineArray" 'let a: InlineArray<3, Int> = [1, 2, 3]\n'
  expect_refused "uses String(validating:as:)" 'let s = String(validating: [65], as: UTF8.self)\n'
  expect_refused "uses task executors" 'final class E: TaskExecutor {}\n'
  printf 'let m = Mutex<Int>(0)  // platform-audit: guarded\n' > "$dir/Sources/A/B.swift"
  audit "$dir" >/dev/null || { echo "platform-audit self-test: a guarded line was refused" >&2; return 1; }
  printf '// swift-tools-version: 6.1\nlet package = Package(name: "A", platforms: [.macOS(.v14), .iOS(.v17)])\n' > "$dir/Package.swift"
  printf 'Requirements: Swift 6.1 or later.\n' > "$dir/README.md"
  expect_refused "uses Swift 6.2 features" 'final class A { weak let b: A? = nil }\n'
  printf 'Requirements: Swift 6.0 or later.\n' > "$dir/README.md"
  expect_refused 'README.md says "Swift 6.0 or later"' 'let a = 1\n'
  echo "platform-audit self-test: newer APIs, a 6.2 feature under tools 6.1 and a README that disagrees are refused; comments and guarded lines are not"
}

if [ "${1:-}" = --self-test ]; then
  self_test
else
  audit "${1:-$(cd "$(dirname "$0")/.." && pwd)}"
fi
