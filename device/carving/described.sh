#!/usr/bin/env bash
# Builds and times described spaces (variant spaces over kernels kept outside this repository,
# laid out by scripts/carving/described-plan.ts) on a GPU machine without node:
#  - every variant: nvcc -lineinfo -ptx, then nvcc -cubin -Xptxas -v from that PTX (what carve
#    builds), one job per core; the kernel's mangled name is read from the PTX's .entry;
#  - every variant timed with the carve harness; a variant whose launch faults poisons the CUDA
#    context, so the harness restarts after it (its later lines are dropped and re-measured);
#  - results are appended per harness run and a deadline stops timing in time, so what was
#    measured always comes back; PTX and ptxas logs return per space for the static analysis.
# Usage: bash device/carving/described.sh PLANDIR OUTDIR SPACES [SECONDS]
#   SPACES = development | validation (the spaces of PLANDIR/spaces.txt with that role) or a
#   comma-separated list of space names; SECONDS (default 480) bounds the whole script; 0 builds
#   and stops there (device/carving/remake-metrics.sh packs the PTX of many spaces at once).
set -u
SCRIPT_START=$(date +%s)
PLAN=$(cd "${1:?usage: described.sh PLANDIR OUTDIR SPACES [SECONDS]}" && pwd)
OUTDIR=${2:?OUTDIR}
WANTED=${3:?SPACES}
TOTAL=${4:-480}
export PATH=/usr/local/cuda/bin:$PATH
export PLAN BUILD=${CARVE_BUILD_DIR:-/tmp/carve-described}
mkdir -p "$BUILD" "$OUTDIR"
SPACES=$(awk -v wanted=",$WANTED," '$2 == substr(wanted, 2, length(wanted) - 2) || index(wanted, "," $1 ",") { print $1 }' "$PLAN/spaces.txt")
LOG="$OUTDIR/build.txt"
{ nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv; nvcc --version | tail -2; echo "spaces: $SPACES"; } > "$LOG" 2>&1

# Without a harness (no libcuda) the variants are still built and their PTX returned.
g++ -O2 -std=c++17 -o "$BUILD/harness" "$PLAN/harness.cpp" -I/usr/local/cuda/include -L/usr/local/cuda/lib64 -L/usr/local/cuda/lib64/stubs -lcuda >> "$LOG" 2>&1 \
  || { echo "harness build failed: nothing is timed" >> "$LOG"; rm -f "$BUILD/harness"; }

# One line per variant: SPACE INDEX WRAPPER KERNEL -D...; a cubin already there (same machine) is kept.
# The entry launched is KERNEL itself (an extern "C" kernel), else the one whose mangled name
# holds KERNEL as <length><name> (a module may hold several kernels), else the first.
start=$(date +%s.%N)
grep -E "^($(echo $SPACES | tr ' ' '|')) " "$PLAN/builds.txt" | xargs -P "$(nproc)" -L 1 bash -c '
  d="$BUILD/$0"; mkdir -p "$d"; [ -s "$d/$1.cubin" ] && exit 0
  nvcc -arch=sm_90 -lineinfo -ptx -I"$PLAN" -I"$PLAN/stub/$0" -I"$PLAN/include/$0" "${@:4}" -o "$d/$1.ptx" "$PLAN/$2" > "$d/$1.log" 2>&1 \
    && entries=$(grep -o "\.entry [A-Za-z0-9_$]*" "$d/$1.ptx" | cut -d" " -f2) \
    && { grep -m1 -x "$3" <<< "$entries" || grep -m1 -E "(^|[^0-9])${#3}$3" <<< "$entries" || head -n1 <<< "$entries"; } > "$d/$1.entry" \
    && nvcc -arch=sm_90 -cubin -Xptxas -v -o "$d/$1.cubin" "$d/$1.ptx" > "$d/$1.ptxas" 2>&1 \
    || echo "build failed: $0 $1: $(grep -m1 -i error "$d/$1.log" "$d/$1.ptxas" 2>/dev/null | head -c 200)"' >> "$LOG"
end=$(date +%s.%N)
echo "built $(grep -cE "^($(echo $SPACES | tr ' ' '|')) " "$PLAN/builds.txt") variants in $(awk "BEGIN { print $end - $start }") s on $(nproc) cores" >> "$LOG"
[ "$TOTAL" -eq 0 ] && { echo done >> "$LOG"; exit 0; }

# Times manifest $1 until epoch $2, appending JSON lines to $3.
time_space() {
  local manifest=$1 deadline=$2 results=$3 done=0 total chunk="$BUILD/chunk.jsonl"
  total=$(grep -c '^variant' "$manifest")
  while [ "$done" -lt "$total" ] && [ "$(date +%s)" -lt "$deadline" ] && [ -x "$BUILD/harness" ]; do
    awk -v skip="$done" '/^variant/ { n++ } n > skip' "$manifest" > "$BUILD/rest.manifest"
    timeout $((deadline - $(date +%s))) "$BUILD/harness" "$BUILD/rest.manifest" "$BUILD" > "$chunk" 2>> "$OUTDIR/harness.err"
    [ $? -eq 3 ] && { echo "no CUDA device" >> "$LOG"; break; }
    local fault lines
    fault=$(grep -n '"status":"error","error":"launch' "$chunk" | head -1 | cut -d: -f1)
    if [ -n "$fault" ]; then
      head -n "$fault" "$chunk" >> "$results"; done=$((done + fault))
      echo "restart after a launch fault at variant $done of $manifest" >> "$OUTDIR/harness.err"
    else
      lines=$(wc -l < "$chunk"); cat "$chunk" >> "$results"; done=$((done + lines))
      if [ "$done" -lt "$total" ] && [ "$(date +%s)" -lt "$deadline" ]; then
        # The harness died inside a variant (not the deadline): record it and go on after it.
        awk -v k=$((done + 1)) '/^variant/ && ++n == k { printf "{\"space\":\"%s\",\"variant\":\"%s\",\"status\":\"error\",\"error\":\"harness exited during this variant\"}\n", $2, $3 }' "$manifest" >> "$results"
        done=$((done + 1))
      fi
    fi
  done
  echo "$manifest: timed $done of $total" >> "$LOG"
}

deadline=$(( SCRIPT_START + TOTAL - 30 ))  # 30 s kept for packing the PTX
for space in $SPACES; do
  # The mangled kernel name of each variant replaces @ENTRY (a failed build keeps a placeholder: cuModuleLoad reports it).
  awk -v build="$BUILD" '$1 == "variant" { file = build "/" $4; sub(/\.cubin$/, ".entry", file); entry = "missing"; getline entry < file; close(file); $5 = entry } { print }' \
    "$PLAN/$space.manifest" > "$BUILD/$space.manifest"
done
for space in $SPACES; do
  # Each space gets the time left in proportion to its share of the variants still to time.
  left=$(( deadline - $(date +%s) )); mine=$(grep -c '^variant' "$BUILD/$space.manifest")
  rest=$(for s in $(echo $SPACES | tr ' ' '\n' | sed -n "/^$space\$/,\$p"); do grep -c '^variant' "$BUILD/$s.manifest"; done | awk '{ t += $1 } END { print t }')
  [ "$left" -gt 0 ] || left=0
  time_space "$BUILD/$space.manifest" $(( $(date +%s) + left * mine / rest )) "$OUTDIR/timings-$space.jsonl"
done
for space in $SPACES; do
  (cd "$BUILD" && find "$space" -name '*.ptx' -o -name '*.ptxas' | tar -cf - -T - | xz -T0 -9 > "$OUTDIR/ptx-$space.tar.xz")
done
echo done >> "$LOG"
