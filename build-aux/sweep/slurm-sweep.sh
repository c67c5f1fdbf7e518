#!/bin/bash
# One shard of a sweep per Slurm array task: `sbatch build-aux/sweep/slurm-sweep.sh`.
# Each task writes its own store; slurm-merge.sh joins them after the array.
# LESC (the program) and LESC_COMMAND (default: table --tune) may be overridden, e.g.
#   sbatch --export=ALL,LESC_COMMAND="grid sjaffe --method glesc" slurm-sweep.sh
# The number of shards N is the array's task count, written to $SHARD_DIR/count by the
# first array; a task resubmitted alone (`sbatch --array=7 slurm-sweep.sh`) reads N from
# there and runs shard 7/N. SHARDS=N in the environment sets it explicitly.
#SBATCH --array=1-16
#SBATCH --cpus-per-task=1
#SBATCH --mem=8G
#SBATCH --time=24:00:00
set -euo pipefail
: "${SLURM_ARRAY_TASK_ID:?run this script through sbatch (an array job)}"
: "${SLURM_ARRAY_TASK_COUNT:?run this script through sbatch (an array job)}"
LESC=${LESC:-lesc}
SHARD_DIR=${SHARD_DIR:-shards}
mkdir -p "$SHARD_DIR"
count_file=$SHARD_DIR/count
shards=${SHARDS:-}
if [ -z "$shards" ] && [ -s "$count_file" ]; then
  shards=$(cat "$count_file")
  if [ "$shards" != "$SLURM_ARRAY_TASK_COUNT" ]; then
    echo "slurm-sweep.sh: note: $count_file: a sweep of $shards shards; task $SLURM_ARRAY_TASK_ID runs shard $SLURM_ARRAY_TASK_ID/$shards" >&2
  fi
fi
shards=${shards:-$SLURM_ARRAY_TASK_COUNT}
if ! [[ $shards =~ ^[1-9][0-9]*$ ]] || [ "$SLURM_ARRAY_TASK_ID" -lt 1 ] \
   || [ "$SLURM_ARRAY_TASK_ID" -gt "$shards" ]; then
  echo "slurm-sweep.sh: task $SLURM_ARRAY_TASK_ID is not a shard of 1-$shards (array indices start at 1; another sweep in $SHARD_DIR? use a new SHARD_DIR)" >&2
  exit 1
fi
if [ ! -s "$count_file" ]; then
  # every task of the first array writes the same number; the rename makes each write whole
  echo "$shards" >"$count_file.$SLURM_ARRAY_TASK_ID" && mv -f "$count_file.$SLURM_ARRAY_TASK_ID" "$count_file"
elif [ "$(cat "$count_file")" != "$shards" ]; then
  echo "slurm-sweep.sh: $count_file: a sweep of $(cat "$count_file") shards, not $shards (use a new SHARD_DIR)" >&2
  exit 1
fi
export OPENBLAS_NUM_THREADS=${SLURM_CPUS_PER_TASK:-1}
# shellcheck disable=SC2086  # LESC_COMMAND is a command line: split it into words
exec "$LESC" ${LESC_COMMAND:-table --tune} \
  --shard "${SLURM_ARRAY_TASK_ID}/${shards}" \
  --results "$SHARD_DIR/shard-${SLURM_ARRAY_TASK_ID}.sqlite"
