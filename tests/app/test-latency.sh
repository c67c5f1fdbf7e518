#!/usr/bin/env bash
# build-aux/latency works end to end (suite slow: a minute or more): one λ₁ change of GLLE
# in each explorer gives a line in the format of `lesc bench --interactive` with the face
# in front, and the first painted frame of the new run is not later than its final one;
# a bad option is refused with one line and status 2.
set -uo pipefail
src=$1 build=$2
echo "1..3"
out=$("$src/build-aux/latency" --build "$build" --faces gtk,tui --repeat 1 --no-drag --no-bench 2>&1)
status=$?
printf '%s\n' "$out" | sed 's/^/# /'
[ $status -eq 0 ] && echo "ok 1 - latency ran" || echo "not ok 1 - latency exited with $status"
fail=0
for face in gtk tui; do
  line=$(printf '%s\n' "$out" | grep -E "^$face artificial +glle +lambda1 +first [0-9]+\.[0-9]{2} s +final [0-9]+\.[0-9]{2} s +\(median of 1: ")
  if [ -z "$line" ]; then
    echo "# no $face line"; fail=1; continue
  fi
  read -r first final < <(printf '%s\n' "$line" | sed -E 's/.* first ([0-9.]+) s +final ([0-9.]+) s .*/\1 \2/')
  awk -v a="$first" -v b="$final" 'BEGIN { exit !(a > 0 && a <= b) }' || { echo "# $face: first $first s, final $final s"; fail=1; }
done
[ $fail -eq 0 ] && echo "ok 2 - a line per face, 0 < first ≤ final" || echo "not ok 2 - lines"
err=$("$src/build-aux/latency" --build "$build" --repeat 0 2>&1)
status=$?
if [ $status -eq 2 ] && [ "$(printf '%s\n' "$err" | wc -l)" -eq 1 ] && printf '%s' "$err" | grep -q -- "--repeat 0"; then
  echo "ok 3 - --repeat 0 refused"
else
  echo "not ok 3 - --repeat 0: status $status, $err"
fi
