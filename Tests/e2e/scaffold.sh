#!/usr/bin/env bash
# End-to-end: in a temporary copy of the package (its git files), runs the scaffold-feature command plugin,
# checks its refusals and that it edited only the marked regions, then builds the package, runs the new
# feature's tests and snapshots it, with no hand edits. Slow (a full build of the copy), so not in swift test.
set -euo pipefail
cd "$(dirname "$0")/../.."
repo=$PWD

fail() { echo "scaffold.sh: $*" >&2; exit 1; }

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
pkg="$work/FeatureHost"
mkdir -p "$pkg"
# Tracked and new (not ignored) files, so it also checks work that is not committed yet.
git ls-files -z --cached --others --exclude-standard | while IFS= read -r -d '' file; do
  [ -f "$file" ] || continue
  mkdir -p "$pkg/$(dirname "$file")"
  cp -- "$file" "$pkg/$file"
done
cd "$pkg"

scaffold() { swift package --allow-writing-to-package-directory scaffold-feature "$@" 2>&1; }

echo "+ scaffold-feature --name Weather"
scaffold --name Weather | tee "$work/scaffold.log"
grep -qF "Created WeatherFeature (id \"weather\")" "$work/scaffold.log" || fail "the plugin did not report the new feature"

# Only the marked regions changed: one line in Package.swift, two in the registry.
added() { diff "$repo/$1" "$1" | grep '^>' | sed 's/^> *//' || true; }
[ "$(added Package.swift)" = '(name: "Weather", resources: false),' ] || fail "unexpected Package.swift edit:"$'\n'"$(diff "$repo/Package.swift" Package.swift)"
[ "$(diff "$repo/Package.swift" Package.swift | grep -c '^[<>]')" = "1" ] || fail "Package.swift changed outside its marked region"
registry=Sources/featurehost/BuiltInFeatures.swift
[ "$(added $registry)" = $'import WeatherFeature\nWeatherFeature.self,' ] || fail "unexpected registry edit:"$'\n'"$(diff "$repo/$registry" $registry)"
[ "$(diff "$repo/$registry" $registry | grep -c '^[<>]')" = "2" ] || fail "the registry changed outside its marked regions"
[ -d Features/Weather/Tests/WeatherFeatureTests/Golden ] || fail "no Golden folder"

# Refusals, each with its reason, and nothing written.
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

echo "+ swift build"
swift build 2>&1 | tee "$work/build.log" | tail -n 1
if grep -E "^/.*(Sources|Features|Tests|Plugins)/.*warning:" "$work/build.log"; then fail "the build printed warnings"; fi
echo "+ swift test --filter WeatherFeatureTests"
swift test --filter WeatherFeatureTests 2>&1 | tee "$work/test.log" | tail -n 1
grep -q "Test run with 7 tests in 2 suites passed" "$work/test.log" || fail "WeatherFeatureTests did not pass (7 tests)"
swift run featurehost-scaffold audit --package . 2>/dev/null | grep -q "every feature bundle is registered" || fail "the audit found problems"

echo "+ featurehost snapshot weather"
bin=$(swift build --show-bin-path)
actual=$("$bin/featurehost" snapshot weather --data-dir "$work/data" --input '\r')
# 80×24: the scene's rows, 17 empty ones, and the shell's footer on the last row.
expected=$'\n  Weather\n\n  Hello from Weather\n\n  [ Press ]  Pressed once'
for _ in $(seq 17); do expected+=$'\n'; done
expected+=$'\n Enter press  Esc quit  Ctrl-C quit'
if [ "$actual" != "$expected" ]; then
  printf 'scaffold.sh: the snapshot differs; expected:\n%s\nactual:\n%s\n' "$expected" "$actual" >&2
  exit 1
fi
# The built-in default config (no featurehost.json in the current folder) enables every registered feature;
# the repository's own featurehost.json lists the five product features only, so it is left out here.
(cd "$(mktemp -d)" && "$bin/featurehost" validate) | grep -qx ok || fail "validate of the default config failed"
(cd "$(mktemp -d)" && "$bin/featurehost" list) | grep -q "^weather  *enabled   none       (no data source)$" || fail "list does not show weather"
echo "scaffold.sh: scaffolded Weather, refused five bad requests, built, 7 feature tests passed, snapshot matched"
