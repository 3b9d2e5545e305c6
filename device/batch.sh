#!/usr/bin/env bash
# Runs device/<topic>/run.sh for each TOPIC:SECONDS argument on the GPU machine, each under
# a timeout of SECONDS, and packs the results into OUTDIR/results.tgz.
# Usage: bash device/batch.sh OUTDIR TOPIC:SECONDS...
set -u
outdir=${1:?usage: batch.sh OUTDIR TOPIC:SECONDS...}; shift
mkdir -p "$outdir"
export PATH=/usr/local/cuda/bin:$PATH
work=$(mktemp -d)
nvidia-smi --query-gpu=name,driver_version,clocks.max.sm --format=csv > "$work/gpu.csv" 2>&1
for spec in "$@"; do
  t=${spec%%:*}; limit=${spec##*:}
  mkdir -p "$work/$t"
  start=$(date +%s)
  timeout "$limit" bash "device/$t/run.sh" "$work/$t" > "$work/$t/stdout.log" 2>&1
  echo "$t rc=$? seconds=$(( $(date +%s) - start ))" | tee -a "$work/summary.txt"
  tar czf "$outdir/results.tgz" -C "$work" .   # after each topic, so a later overrun keeps earlier results
done
cat "$work/summary.txt"
