#!/bin/bash
# After the array of slurm-sweep.sh: merge the shard stores into one and print the table,
# e.g. `sbatch --dependency=afterok:JOBID build-aux/sweep/slurm-merge.sh`.
#SBATCH --cpus-per-task=1
#SBATCH --mem=4G
#SBATCH --time=01:00:00
set -euo pipefail
LESC=${LESC:-lesc}
SHARD_DIR=${SHARD_DIR:-shards}
RESULTS=${RESULTS:-results.sqlite}
shopt -s nullglob
shards=("$SHARD_DIR"/shard-*.sqlite)
if [ ${#shards[@]} -eq 0 ]; then
  echo "slurm-merge.sh: no shard stores in $SHARD_DIR" >&2
  exit 1
fi
"$LESC" merge --results "$RESULTS" "${shards[@]}"
# shellcheck disable=SC2086
exec "$LESC" ${LESC_COMMAND:-table --tune} --results "$RESULTS"
