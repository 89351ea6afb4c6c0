#!/usr/bin/env bash
# The quickstart preset builds plab and the plugins and nothing else: configured into a
# temporary folder (a few seconds, nothing compiled), its build system must have the plab
# and plugin targets and no test suite, test fixture or benchmark target, and no ctest tests.
#   check_preset.sh SOURCE_DIR
set -euo pipefail
source_dir=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$source_dir"
# -B overrides the preset's build/; -G so that `--target help` lists the targets.
cmake --preset quickstart -B "$work/build" -G "Unix Makefiles" >"$work/configure.log" 2>&1 ||
  { cat "$work/configure.log"; echo "check_preset: the quickstart preset does not configure"; exit 1; }
cmake --build "$work/build" --target help >"$work/targets"
status=0
for wanted in plab plab_sdk perceptron; do
  if ! grep -qx "\.\.\. $wanted" "$work/targets"; then
    echo "check_preset: the quickstart build has no target '$wanted'"
    status=1
  fi
done
for unwanted in unit_tests plugins_tests integration_tests memory_tests tsan_tests plab_bench \
                plab_test_support plab_test_fixtures; do
  if grep -qx "\.\.\. $unwanted" "$work/targets"; then
    echo "check_preset: the quickstart build would build '$unwanted'"
    status=1
  fi
done
if grep -qiE '^\.\.\. .*(_test|_tests|bench|fuzz)[a-z_]*$' "$work/targets"; then
  echo "check_preset: the quickstart build has a test, benchmark or fuzz target:"
  grep -iE '^\.\.\. .*(_test|_tests|bench|fuzz)[a-z_]*$' "$work/targets"
  status=1
fi
if [ -e "$work/build/CTestTestfile.cmake" ]; then
  echo "check_preset: the quickstart build defines ctest tests"
  status=1
fi
[ $status -eq 0 ] && echo "check_preset: the quickstart preset builds plab and the plugins only"
exit $status
