#!/bin/bash
# A Slurm job array that renders a manifest in 7 shards: sbatch slurm-array.sh cards.jsonl cards
# Each task reads its shard from SLURM_ARRAY_TASK_ID, SLURM_ARRAY_TASK_MIN and
# SLURM_ARRAY_TASK_COUNT; no --shard is needed. When every task is done:
# wallgen gather cards
# Each task takes the CPUs Slurm gives it: one by default, so the array fits any node;
# ask for more with sbatch -c N (--cpus-per-task) and every task renders N rows at once.
#SBATCH --job-name=wallgen-batch
#SBATCH --array=0-6
#SBATCH --mem=1G
#SBATCH --output=wallgen-%A_%a.log
set -uo pipefail

manifest=${1:?usage: sbatch slurm-array.sh MANIFEST OUTPUT-FOLDER}
folder=${2:?usage: sbatch slurm-array.sh MANIFEST OUTPUT-FOLDER}

# The CPUs Slurm allotted this task (-c N, else those of its allocation on this node);
# wallgen also never runs more rows at once than its CPU affinity and cgroup allow.
cpus=${SLURM_CPUS_PER_TASK:-${SLURM_CPUS_ON_NODE:-1}}
status=0
wallgen batch "$manifest" -o "$folder" --jobs "$cpus" --resume || status=$?

# 74 and 75: writing failed (disk full, I/O); the task is put back in the queue and
# its rerun, with --resume, renders only the rows still missing. Any other failure
# (65: a bad row, 66: a missing input, ...) would fail again, so it is left failed.
if [ "$status" -eq 74 ] || [ "$status" -eq 75 ]; then
    scontrol requeue "${SLURM_ARRAY_JOB_ID}_${SLURM_ARRAY_TASK_ID}"
fi
exit "$status"
