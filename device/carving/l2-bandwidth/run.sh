#!/usr/bin/env bash
# Builds and runs l2bw.cu on the GPU machine: bash device/carving/l2-bandwidth/run.sh OUTDIR
set -eu
out=${1:?usage: run.sh OUTDIR}
mkdir -p "$out"
here=$(cd "$(dirname "$0")" && pwd)
export PATH=/usr/local/cuda/bin:$PATH
nvcc -O3 -arch=sm_90 -o /tmp/l2bw "$here/l2bw.cu"
{ nvidia-smi --query-gpu=name,driver_version,clocks.max.sm,clocks.max.mem --format=csv,noheader; nvcc --version | tail -1; } > "$out/environment.txt"
for repeat in 1 2 3; do /tmp/l2bw; done > "$out/l2bw.jsonl"
cat "$out/l2bw.jsonl"
