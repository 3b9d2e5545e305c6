#!/usr/bin/env bash
# Global traffic of every variant of described spaces under Nsight Compute: the sectors the L1
# serves for global loads and stores (what carving's globalTrafficBytes predicts), the sectors
# the L2 serves, and the bytes DRAM moves. Builds the variants with described.sh first (its
# timing pass, one launch per variant when the plan was made with --samples 1 --warmup 0), then
# profiles one launch per variant from the manifests that run resolved.
# Usage: bash device/carving/traffic.sh PLANDIR OUTDIR SPACES [SECONDS]
#   CARVE_NCU_EXTRA_METRICS: more metrics, comma-separated (e.g. shared-memory wavefronts).
set -u
PLAN=${1:?usage: traffic.sh PLANDIR OUTDIR SPACES [SECONDS]}
OUTDIR=${2:?OUTDIR}
SPACES=${3:?SPACES}
TOTAL=${4:-400}
HERE=$(cd "$(dirname "$0")" && pwd)
export CARVE_BUILD_DIR=${CARVE_BUILD_DIR:-/tmp/carve-described}
export PATH=/usr/local/cuda/bin:$PATH
bash "$HERE/described.sh" "$PLAN" "$OUTDIR" "$SPACES" "$TOTAL"
METRICS=dram__bytes_read.sum,dram__bytes_write.sum,lts__t_sectors_srcunit_tex.sum,\
l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum,l1tex__t_sectors_pipe_lsu_mem_global_op_st.sum,gpu__time_duration.sum${CARVE_NCU_EXTRA_METRICS:+,$CARVE_NCU_EXTRA_METRICS}
for space in $(tr ',' ' ' <<< "$SPACES"); do
  # A variant whose launch failed in the timing pass (out of resources, a fault) would end the
  # profiled process: the profile runs a manifest without them.
  failed=$(grep -v '"status":"ok"' "$OUTDIR/timings-$space.jsonl" 2>/dev/null | grep -o '"variant":"[^"]*"' | cut -d'"' -f4)
  awk -v failed="$failed" 'BEGIN { n = split(failed, ids, "\n"); for (i = 1; i <= n; i++) skip[ids[i]] = 1; keep = 1 }
    /^variant / { keep = !($3 in skip) } keep { print }' "$CARVE_BUILD_DIR/$space.manifest" > "$CARVE_BUILD_DIR/$space.profiled.manifest"
  # Profiled in manifest order: the CSV's IDs follow the variants.
  grep '^variant' "$CARVE_BUILD_DIR/$space.profiled.manifest" | awk '{ print $3 }' > "$OUTDIR/ncu-$space.variants"
  timeout 300 ncu --csv --metrics "$METRICS" "$CARVE_BUILD_DIR/harness" "$CARVE_BUILD_DIR/$space.profiled.manifest" "$CARVE_BUILD_DIR" \
    > "$OUTDIR/ncu-$space.csv" 2> "$OUTDIR/ncu-$space.err"
  echo "exit=$?" >> "$OUTDIR/ncu-$space.err"
done
