#!/usr/bin/env bash
# Runs the carve CLI itself (the committed dist/cli.js bundle) on the H100, with a Node 20
# binary placed at .device/node.xz (the GPU machine has no Node): carve both example spaces
# and time their survivors through the generated driver-API harness (`carve carve --time`).
# Usage: device/carve-cli/run.sh OUTDIR   (from the repository root, with .device/node.xz present)
set -u
out=${1:?usage: run.sh OUTDIR}
mkdir -p "$out"
export PATH=/usr/local/cuda/bin:$PATH
xz -d < .device/node.xz > /tmp/node && chmod +x /tmp/node
{ /tmp/node --version; nvcc --version | tail -1; nvidia-smi --query-gpu=name,driver_version --format=csv,noheader; } > "$out/environment.txt"
for space in transpose sgemm; do
  start=$(date +%s)
  /tmp/node dist/cli.js carve --config examples/spaces/carve.yml --space "$space" --arch sm_90 --time --json \
    --cache /tmp/carve-cache > "$out/carve-time-$space.json" 2> "$out/carve-time-$space.log"
  echo "$space rc=$? seconds=$(( $(date +%s) - start ))" >> "$out/summary.txt"
done
cat "$out/summary.txt"
