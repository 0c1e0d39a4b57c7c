#!/bin/bash
# A manifest rendered in SHARDS processes by GNU parallel, then gathered:
#   docs/examples/gnu-parallel.sh cards.jsonl cards 4
# The job log makes a rerun of the same line skip shards that succeeded
# (--resume-failed: --resume, and failed shards run again); each shard's own --resume
# then skips the rows already made. WALLGEN names the binary (default: wallgen).
set -euo pipefail

manifest=${1:?usage: gnu-parallel.sh MANIFEST OUTPUT-FOLDER [SHARDS]}
folder=${2:?usage: gnu-parallel.sh MANIFEST OUTPUT-FOLDER [SHARDS]}
shards=${3:-4}
wallgen=${WALLGEN:-wallgen}

mkdir -p "$folder"
seq 0 $((shards - 1)) |
    parallel --joblog "$folder/.parallel-joblog" --resume-failed --jobs "$shards" \
        "$wallgen" batch "$manifest" -o "$folder" --shard "{}/$shards" --jobs 1 --resume --quiet
"$wallgen" gather "$folder"
