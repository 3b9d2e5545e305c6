#!/usr/bin/env bash
# Runs every device/<topic>/run.sh that has a READY file (or the topics named as arguments)
# on the GPU machine and packs the results into $OUT/results.tgz.
set -u
export PATH=/usr/local/cuda/bin:$PATH
work=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > "$work/gpu.csv" 2>&1
topics=("$@")
if [ ${#topics[@]} -eq 0 ]; then for r in device/*/READY; do topics+=("$(basename "$(dirname "$r")")"); done; fi
for t in "${topics[@]}"; do
  mkdir -p "$work/$t"
  start=$(date +%s)
  ( bash "device/$t/run.sh" "$work/$t" ) > "$work/$t/stdout.log" 2>&1
  echo "$t rc=$? seconds=$(( $(date +%s) - start ))" | tee -a "$work/summary.txt"
done
tar czf "$OUT/results.tgz" -C "$work" .
cat "$work/summary.txt"
