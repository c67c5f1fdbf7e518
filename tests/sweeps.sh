#!/bin/bash
# The sweep recipes of README, run for real (TAP):
#  1. GNU parallel with two local workers (-S 2/:) runs the shards of a table, `lesc merge`
#     joins the shard stores, and the merged table equals the one-process table (text and
#     LaTeX byte for byte; CSV too except the `run` column, the store's own row number,
#     which follows the order the runs entered that store).
#  2. build-aux/sweep/slurm-sweep.sh passes `bash -n`, and a dry run of every task of its
#     #SBATCH --array expands to the shards 1/N … N/N — the list the parallel recipe uses —
#     each with its own store; slurm-merge.sh merges exactly those stores.
#  3. a task resubmitted alone (--array=7: a count of 1) runs shard 7 of the first array's
#     count (shards/count); a SHARDS that contradicts it is refused. (tests/slurm.sh runs
#     all of this on a real cluster.)
# Usage: sweeps.sh LESC SOURCE_ROOT
set -uo pipefail
LESC=$1
SRC=$2
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cd "$work" || exit 1
n=0
ok() { n=$((n + 1)); echo "ok $n - $1"; }
not_ok() { n=$((n + 1)); echo "not ok $n - $1"; failed=1; }
failed=0
echo "1..6"

# ---- 1. GNU parallel --------------------------------------------------------------------
methods=fcm,km,lp,ml,glle
if [ -z "$(command -v parallel)" ]; then
  for t in "parallel shards" "merged text table" "merged LaTeX table" "merged CSV table"; do
    n=$((n + 1)); echo "ok $n # SKIP $t: GNU parallel is not installed (apt-get install parallel)"
  done
else
  N=4
  if parallel --will-cite -j 2 -S 2/: --workdir . \
       "$LESC table artificial --methods $methods --shard {}/$N --results shard-{}.sqlite" \
       ::: $(seq $N) 2>parallel.log \
     && "$LESC" merge --results merged.sqlite shard-*.sqlite >>parallel.log 2>&1 \
     && [ "$(ls shard-*.sqlite | wc -l)" -eq $N ]; then
    ok "parallel ran $N shards on two local workers and lesc merge joined them"
  else
    sed 's/^/# /' parallel.log; not_ok "parallel shards"
  fi
  for fmt in text latex csv; do
    "$LESC" table artificial --methods $methods --results merged.sqlite --format $fmt \
      >merged.$fmt 2>merged.$fmt.err
    "$LESC" table artificial --methods $methods --results one.sqlite --format $fmt \
      >one.$fmt 2>one.$fmt.err
    if [ $fmt = csv ]; then
      # drop the `run` column (the store's row number) from both
      col=$(head -1 one.csv | tr ',' '\n' | grep -nx run | cut -d: -f1)
      for f in merged one; do cut -d, -f"$col" --complement $f.csv >$f.cut; mv $f.cut $f.csv; done
    fi
    if grep -q "0 run(s) computed, 5 reused" merged.$fmt.err && [ -s one.$fmt ] \
       && cmp -s merged.$fmt one.$fmt; then
      ok "merged table equals the one-process table ($fmt)"
    else
      diff merged.$fmt one.$fmt | head -20 | sed 's/^/# /'; cat merged.$fmt.err | sed 's/^/# /'
      not_ok "merged table equals the one-process table ($fmt)"
    fi
  done
fi

# ---- 2. the Slurm scripts ---------------------------------------------------------------
sweep=$SRC/build-aux/sweep/slurm-sweep.sh
merge=$SRC/build-aux/sweep/slurm-merge.sh
stub=$work/lesc-stub
printf '#!/bin/bash\necho "$*"\n' >"$stub"
chmod +x "$stub"
range=$(sed -n 's/^#SBATCH --array=\([0-9]*\)-\([0-9]*\)$/\1 \2/p' "$sweep")
read -r first last <<<"$range"
expected=$(seq "$first" "$last" | sed "s|.*|table --tune --shard &/$last --results shards/shard-&.sqlite|")
got=$(for i in $(seq "$first" "$last"); do
        SLURM_ARRAY_TASK_ID=$i SLURM_ARRAY_TASK_COUNT=$((last - first + 1)) LESC=$stub \
          bash "$sweep"
      done)
merged=$(mkdir -p shards && for i in $(seq "$first" "$last"); do : >shards/shard-$i.sqlite; done \
         && LESC=$stub bash "$merge" | head -1)
expected_merge="merge --results results.sqlite $(for i in $(seq "$first" "$last"); do printf 'shards/shard-%s.sqlite\n' "$i"; done | sort | tr '\n' ' ' | sed 's/ $//')"
if bash -n "$sweep" && bash -n "$merge" && [ "$first" = 1 ] && [ -n "$last" ] \
   && [ "$got" = "$expected" ] && [ "$merged" = "$expected_merge" ]; then
  ok "slurm-sweep.sh: tasks $first-$last expand to shards 1/$last … $last/$last, one store each; slurm-merge.sh merges them"
else
  echo "# array: '$range'"; diff <(echo "$expected") <(echo "$got") | head | sed 's/^/# /'
  echo "# merge: '$merged'"; echo "# want:  '$expected_merge'"
  not_ok "slurm scripts dry run"
fi

# ---- 3. a task resubmitted alone ------------------------------------------------------------
again=$(SLURM_ARRAY_TASK_ID=7 SLURM_ARRAY_TASK_COUNT=1 LESC=$stub bash "$sweep" 2>again.err)
SHARDS=8 SLURM_ARRAY_TASK_ID=7 SLURM_ARRAY_TASK_COUNT=1 LESC=$stub bash "$sweep" >wrong.out 2>wrong.err
wrong=$?
if [ "$again" = "table --tune --shard 7/$last --results shards/shard-7.sqlite" ] \
   && grep -q "task 7 runs shard 7/$last" again.err && [ "$wrong" -ne 0 ] && [ ! -s wrong.out ] \
   && grep -q "a sweep of $last shards, not 8" wrong.err; then
  ok "a task resubmitted alone runs shard 7/$last (shards/count); SHARDS=8 is refused"
else
  echo "# again: '$again'"; sed 's/^/# /' again.err wrong.err; not_ok "a task resubmitted alone"
fi
exit $failed
