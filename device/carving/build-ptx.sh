#!/usr/bin/env bash
# Builds every variant of described spaces on a GPU machine's many cores (no GPU is used) and
# returns their PTX and ptxas logs as one archive split into 15 MiB parts, for
# scripts/carving/remake-metrics.sh to make the spaces' static metrics again at any later code.
# Usage: bash device/carving/build-ptx.sh OUTDIR PLANDIR...   (plans from described-plan.ts)
set -u
START=$(date +%s)
OUTDIR=${1:?usage: build-ptx.sh OUTDIR PLANDIR...}
shift
WORK=/tmp/carve-build-ptx
mkdir -p "$OUTDIR" "$WORK"
export CARVE_BUILD_DIR=$WORK/build
LOG="$OUTDIR/build-ptx.txt"
: > "$LOG"
for plan in "$@"; do
  spaces=$(cut -d' ' -f1 "$plan/spaces.txt" | paste -sd,)
  # SECONDS 0: described.sh builds and stops before timing.
  bash device/carving/described.sh "$plan" "$WORK/built-$(basename "$plan")" "$spaces" 0
  cat "$WORK/built-$(basename "$plan")/build.txt" >> "$LOG"
done
(cd "$CARVE_BUILD_DIR" && find . -name '*.ptx' -o -name '*.ptxas' | sort | tar -cf - -T -) | xz -T0 -6 | split -b 15M - "$OUTDIR/ptx.tar.xz."
echo "built and packed in $(( $(date +%s) - START )) s on $(nproc) cores" >> "$LOG"
