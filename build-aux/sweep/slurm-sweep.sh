#!/bin/bash
# One shard of a sweep per Slurm array task: `sbatch build-aux/sweep/slurm-sweep.sh`.
# Each task writes its own store; slurm-merge.sh joins them after the array.
# LESC (the program) and LESC_COMMAND (default: table --tune) may be overridden, e.g.
#   sbatch --export=ALL,LESC_COMMAND="grid sjaffe --method glesc" slurm-sweep.sh
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
export OPENBLAS_NUM_THREADS=${SLURM_CPUS_PER_TASK:-1}
# shellcheck disable=SC2086  # LESC_COMMAND is a command line: split it into words
exec "$LESC" ${LESC_COMMAND:-table --tune} \
  --shard "${SLURM_ARRAY_TASK_ID}/${SLURM_ARRAY_TASK_COUNT}" \
  --results "$SHARD_DIR/shard-${SLURM_ARRAY_TASK_ID}.sqlite"
