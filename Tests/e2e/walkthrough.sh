#!/usr/bin/env bash
# End-to-end: follows docs/writing-a-feature.md word for word, as a new user would, in a temporary copy of the
# repository (its tracked and new files; no .build) or, in CI's clean checkout, in place (see below). The page's blocks say what to do:
#   ```sh run            run the block with bash from the package root; it must succeed
#   ```sh run=fails      the same, and it must fail (e.g. a golden test before the golden is accepted)
#   ```swift file=PATH   write the block to PATH (any language; a `diff` block replaces its - lines with its + lines)
#   ```text expect=PATH  PATH must begin with the block
# The first `run` block is the scaffold command; after it, this script checks that the scaffold edited only
# its marked regions and refuses bad requests. After the last block: `swift test` (scaffolding a
# feature must leave every test green; in place, the tests that can see the feature: step 3), the registry audit, and `featurehost snapshot`, `list`, `validate`.
# Slow (a full build of the copy), so not in swift test.
set -euo pipefail
shopt -u patsub_replacement 2>/dev/null || true
cd "$(dirname "$0")/../.."
repo=$PWD
page=docs/writing-a-feature.md

fail() { echo "walkthrough.sh: $*" >&2; exit 1; }

work=$(mktemp -d)
orig="$work/original"
mkdir -p "$orig"
cp Package.swift "$orig/Package.swift"
mkdir -p "$orig/Sources/featurehost"
cp Sources/featurehost/BuiltInFeatures.swift "$orig/Sources/featurehost/BuiltInFeatures.swift"
# FEATUREHOST_WALKTHROUGH_IN_PLACE=1 (what .ci/run sets) on a checkout with nothing uncommitted: the page is followed
# in the checkout itself, so its builds start from the build already there, and the checkout is put back at the end
# (every tracked file restored, every new file removed; nothing else was there to lose). Otherwise: a copy of the
# tracked and new (not ignored) files, so it also checks work that is not committed yet, built from nothing.
if [ "${FEATUREHOST_WALKTHROUGH_IN_PLACE:-0}" = 1 ] && [ -z "$(git status --porcelain)" ]; then
  pkg=$repo
  in_place=1
  trap 'git -C "$repo" checkout -q -- . && git -C "$repo" clean -fdq; rm -rf "$work"' EXIT
  echo "walkthrough.sh: in place (the checkout is clean; it is put back at the end)"
else
  in_place=0
  trap 'rm -rf "$work"' EXIT
  pkg="$work/FeatureHost"
  mkdir -p "$pkg"
  git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
    [ -f "$file" ] || continue
    mkdir -p "$pkg/$(dirname "$file")"
    cp -- "$file" "$pkg/$file"
  done
fi
cd "$pkg"

# The page's marked blocks, in order: $blocks/N.info holds the fence's words, $blocks/N.body the lines.
blocks="$work/blocks"
mkdir -p "$blocks"
awk -v dir="$blocks" '
  /^```/ {
    if (!inside) {
      inside = 1
      info = substr($0, 4)
      capture = (info ~ /(^| )(run|run=fails|file=[^ ]+|expect=[^ ]+)( |$)/)
      if (capture) {
        n++
        print info > (dir "/" n ".info")
        printf "" > (dir "/" n ".body")
      }
    } else {
      inside = 0
      capture = 0
    }
    next
  }
  capture { print > (dir "/" n ".body") }
  END { print n + 0 > (dir "/count") }
' "$page"
count=$(cat "$blocks/count")
[ "$count" -gt 0 ] || fail "$page has no marked blocks"

# Replaces the block's `-` lines (which must appear exactly once, in that order) with its `+` lines.
apply_diff() {  # apply_diff FILE BODY
  local target=$1 body=$2 old new content rest
  [ -f "$target" ] || fail "$page: a diff block edits $target, which does not exist"
  old=$(sed -n 's/^-//p' "$body")
  new=$(sed -n 's/^+//p' "$body")
  content=$(cat "$target"; printf x)
  content=${content%x}
  [[ $content == *"$old"* ]] || fail "$page: $target does not contain the lines its diff block removes:"$'\n'"$old"
  rest=${content#*"$old"}
  [[ $rest != *"$old"* ]] || fail "$page: the lines a diff block removes appear more than once in $target"
  printf '%s' "${content/"$old"/"$new"}" > "$target"
}

apply_block() {  # apply_block N
  local n=$1 words language word run="" file="" expect="" body="$blocks/$1.body" log="$work/block-$1.log" status
  read -r -a words < "$blocks/$n.info"
  language=${words[0]:-}
  for word in "${words[@]:1}"; do
    case $word in
      run) run=pass ;;
      run=fails) run=fail ;;
      file=*) file=${word#file=} ;;
      expect=*) expect=${word#expect=} ;;
      *) fail "$page: block $n (\`\`\`$(cat "$blocks/$n.info")) has an unknown word: $word" ;;
    esac
  done
  if [ -n "$run" ]; then
    echo "+ $(tr '\n' ' ' < "$body" | sed 's/\\ *//g')"
    status=0
    bash -euo pipefail "$body" > "$log" 2>&1 || status=$?
    # A block meant to fail is not echoed: its runner's "failed" closing line would read as CI's own.
    if [ "$run" = fail ]; then echo "  failed as the page says (exit $status)"; else tail -n 1 "$log"; fi
    if [ "$run" = pass ] && [ "$status" -ne 0 ]; then
      tail -n 80 "$log" >&2
      fail "$page: block $n failed (exit $status)"
    fi
    if [ "$run" = fail ] && [ "$status" -eq 0 ]; then fail "$page: block $n was meant to fail, and it passed"; fi
  elif [ -n "$expect" ]; then
    [ -f "$expect" ] || fail "$page: block $n expects $expect, which does not exist"
    if [ "$(head -c "$(wc -c < "$body")" "$expect")" != "$(cat "$body")" ]; then
      printf 'walkthrough.sh: %s does not begin as %s shows; it begins:\n' "$expect" "$page" >&2
      head -n "$(wc -l < "$body")" "$expect" >&2
      exit 1
    fi
    echo "  $expect begins as the page shows"
  elif [ -n "$file" ]; then
    if [ "$language" = diff ]; then
      apply_diff "$file" "$body"
      echo "  ~ $file"
    else
      mkdir -p "$(dirname "$file")"
      cp "$body" "$file"
      echo "  > $file"
    fi
  fi
}

# 1. The scaffold, with the page's own command.
grep -q -- "scaffold-feature --name Weather" "$blocks/1.body" || fail "$page: the first run block is not the scaffold command"
apply_block 1
grep -qF "Created WeatherFeature (id \"weather\")" "$work/block-1.log" || fail "the plugin did not report the new feature"

# Only the marked regions changed: one line in Package.swift, four in the registry.
added() { diff "$orig/$1" "$1" | grep '^>' | sed 's/^> *//' || true; }
[ "$(added Package.swift)" = '(name: "Weather", resources: false),' ] || fail "unexpected Package.swift edit:"$'\n'"$(diff "$orig/Package.swift" Package.swift)"
[ "$(diff "$orig/Package.swift" Package.swift | grep -c '^[<>]')" = "1" ] || fail "Package.swift changed outside its marked region"
registry=Sources/featurehost/BuiltInFeatures.swift
[ "$(added $registry)" = $'import WeatherFeature\nimport WeatherTerminal\nimport WeatherWeb\nWeatherFeature.self,' ] || fail "unexpected registry edit:"$'\n'"$(diff "$orig/$registry" $registry)"
[ "$(diff "$orig/$registry" $registry | grep -c '^[<>]')" = "4" ] || fail "the registry changed outside its marked regions"
for folder in Sources/WeatherFeature/Domain Sources/WeatherFeature/Data Sources/WeatherFeature/Presenter \
  Sources/WeatherTerminal/Scene Sources/WeatherWeb/Scene Sources/WeatherWeb/Resources Tests/WeatherFeatureTests \
  Tests/WeatherTerminalTests/Golden Tests/WeatherWebTests/Golden; do
  [ -d "Features/Weather/$folder" ] || fail "the scaffold wrote no Features/Weather/$folder"
done
if grep -rn "TerminalUI\|WebUI" Features/Weather/Sources/WeatherFeature; then fail "WeatherFeature mentions a surface module"; fi

# Refusals, each with its reason, and nothing written.
scaffold() { swift package --allow-writing-to-package-directory scaffold-feature "$@" 2>&1; }
refuse() {  # refuse EXPECTED-TEXT ARGS...
  local expected=$1 output
  shift
  if output=$(scaffold "$@"); then fail "scaffold-feature $* was accepted"; fi
  grep -qF -- "$expected" <<<"$output" || fail "scaffold-feature $* did not say: $expected"$'\n'"it said:"$'\n'"$output"
}
before=$(cat Package.swift $registry | cksum)
refuse "Features/Weather already exists" --name Weather
refuse "the id \"weather\" is already used by Features/Weather" --name LocalWeather --id weather
refuse "\"weather\" is not a Swift type name in PascalCase" --name weather
refuse "\"Sky-Line\" is not a Swift type name" --name Sky-Line
refuse "\"Sky_Line\" is not a kebab-case id" --name SkyLine --id Sky_Line
[ "$(cat Package.swift $registry | cksum)" = "$before" ] || fail "a refused run changed a file"
[ ! -e Features/LocalWeather ] && [ ! -e Features/SkyLine ] || fail "a refused run wrote a bundle"
echo "  refused five bad requests, each with its reason"

# 2. The rest of the page, block by block.
for ((n = 2; n <= count; n++)); do apply_block "$n"; done

# No warnings from the project's code in any build the page ran.
if cat "$work"/block-*.log | grep -E "^/.*(Sources|Features|Tests|Plugins)/.*warning:"; then fail "a build printed warnings"; fi

# 3. The suite: scaffolding a feature leaves every test green. In parallel, as .ci/run's first run does (about
#    two minutes here, against four one test at a time): the suites whose real-time bounds would measure the whole
#    suite's queue on two cores (a pseudo-terminal's event) run on threads of their own (`.onItsOwnThread`).
#    In place (CI), the build the page made is the first step's plus Weather: the whole of it compiles here, and
#    the tests that can see the new feature run: Weather's own, the end-to-end tests (they run the featurehost
#    binary, which now registers it) and the scaffold's (they read the package). Every other test target runs the
#    code .ci/run's first step ran; in a copy (someone's uncommitted work) the whole suite runs.
suite=()
if [ "$in_place" = 1 ]; then
  echo "+ swift build --build-tests"
  swift build --build-tests > "$work/build.log" 2>&1 || { tail -n 40 "$work/build.log" >&2; fail "the tests did not build after the walkthrough"; }
  suite=(--filter 'Weather|FeatureHostEndToEndTests|FeatureScaffoldTests')
fi
echo "+ swift test ${suite[*]}"
if ! swift test "${suite[@]}" > "$work/test.log" 2>&1; then
  { grep -E "error:|^✘ Test .* failed after" "$work/test.log" | sed -E 's/ failed after .*//' | sort -u | cut -c1-300 >&2; } || true
  { grep -E "^✘ Test .* recorded an issue" "$work/test.log" | cut -c1-600 >&2; } || true
  # A crash of the test process: the runtime's line and the backtrace, which name the test that crashed.
  { grep -E -A60 "Fatal error|Crash: " "$work/test.log" | grep -vE "^(✔|◇)" | head -n 80 >&2; } || true
  fail "swift test failed after the walkthrough (the failed tests above)"
fi
tail -n 1 "$work/test.log"
swift run featurehost-scaffold audit --package . 2>/dev/null | grep -q "every feature bundle is registered" \
  || fail "the audit found problems: $(swift run featurehost-scaffold audit --package . 2>&1 | tail -n 20)"

echo "+ featurehost snapshot weather"
bin=$(swift build --show-bin-path)
actual=$("$bin/featurehost" snapshot weather --data-dir "$work/data" --locale en_US --input '\r')
# 80×24: the scene's rows, 11 empty ones, and the shell's footer on the last row.
expected=$'\n  Weather\n\n  Hello from Weather\n\n  [ Press ]  Pressed once\n\n  Open for 0 s\n\n  Oslo 4 °C\n  Lisbon 19.5 °C\n  Nairobi 24 °C'
for _ in $(seq 11); do expected+=$'\n'; done
expected+=$'\n Enter press  Esc quit'
if [ "$actual" != "$expected" ]; then
  printf 'walkthrough.sh: the snapshot differs; expected:\n%s\nactual:\n%s\n' "$expected" "$actual" >&2
  exit 1
fi
# The built-in default config (no featurehost.json in the current folder) enables every registered feature;
# the repository's own featurehost.json lists the five product features only, so it is left out here.
(cd "$(mktemp -d)" && "$bin/featurehost" validate) | grep -qx ok || fail "validate of the default config failed"
(cd "$(mktemp -d)" && "$bin/featurehost" list) | grep -q "^weather  *enabled   json-file  bundled sample$" || fail "list does not show weather"
echo "walkthrough.sh: followed $page ($count blocks), refused five bad requests, $([ "$in_place" = 1 ] && echo "every target built and the tests that can see it passed" || echo "the whole suite passed"), snapshot matched"
