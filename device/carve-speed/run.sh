#!/usr/bin/env bash
# Carving a space cold against the bare nvcc build of the same variants, on the 16-core GPU
# machine: `carve carve --space sgemm --jobs 16` with an empty cache (every variant built
# through compileCuda, PTX then ptxas, and analysed), once with each of two bundles (BEFORE,
# AFTER: results/ compares the analysis rewrite, results-3/ the worker threads); and the 318 sgemm lines of
# device/carving/builds.txt as one `nvcc -arch=sm_90 -cubin` each, 16 at a time (xargs -P 16),
# first, then the carve runs (each stopped after 240 s).
# Usage: bash device/carve-speed/run.sh OUTDIR NODE BEFORE_CLI AFTER_CLI
#   NODE: a Node 20 binary; BEFORE_CLI / AFTER_CLI: the cli.js of each bundle.
set -u
OUTDIR=${1:?usage: run.sh OUTDIR NODE BEFORE_CLI AFTER_CLI}
NODE=${2:?node binary}
BEFORE=${3:?cli.js before}
AFTER=${4:?cli.js after}
export PATH=/usr/local/cuda/bin:$PATH
mkdir -p "$OUTDIR"
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT
{ nproc; cat /proc/loadavg; "$NODE" --version; nvcc --version | tail -2; nvidia-smi --query-gpu=name --format=csv,noheader; } > "$OUTDIR/environment.txt" 2>&1

# $0 = build dir, $1 space, $2 index, $3 source, $4.. -D flags.
grep '^sgemm ' device/carving/builds.txt > "$WORK/sgemm.txt"
/usr/bin/time -f "bare-nvcc variants=$(wc -l < "$WORK/sgemm.txt") wall=%e user=%U sys=%S" -a -o "$OUTDIR/times.txt" \
  sh -c "xargs -P 16 -L 1 bash -c 'mkdir -p \"\$0/\$1\"; nvcc -arch=sm_90 -cubin -o \"\$0/\$1/\$2.cubin\" \"\$3\" \"\${@:4}\" > \"\$0/\$1/\$2.log\" 2>&1 || echo \"\$1 \$2 failed\"' '$WORK/bare' < '$WORK/sgemm.txt'" > "$OUTDIR/bare-failures.txt"
echo "bare load=$(cut -d' ' -f1 /proc/loadavg)" >> "$OUTDIR/times.txt"

for side in after before; do
  cli=$AFTER; [ "$side" = before ] && cli=$BEFORE
  rm -rf "$WORK/cache-$side"
  timeout 240 /usr/bin/time -f "$side wall=%e user=%U sys=%S maxrss_kb=%M" -a -o "$OUTDIR/times.txt" \
    "$NODE" "$cli" carve --config examples/spaces/carve.yml --space sgemm --arch sm_90 --jobs 16 --json \
    --cache "$WORK/cache-$side" > "$OUTDIR/carve-$side.json" 2> "$OUTDIR/carve-$side.log"
  echo "$side rc=$? load=$(cut -d' ' -f1 /proc/loadavg)" >> "$OUTDIR/times.txt"
done

cat "$OUTDIR/times.txt"
