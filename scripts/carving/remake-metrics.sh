#!/usr/bin/env bash
# Makes the static metrics of described spaces again at the code of this checkout, from the PTX
# and ptxas logs device/carving/build-ptx.sh returned (PTXDIR/<space>/<index>.ptx, .ptxas).
#   remake-metrics.sh shards PTXDIR SHARDDIR SPACE...  each space in shards of SHARD variants
#     (default 30), one shard per core, run by $NODE (default node) from $BUNDLE (default: bundled
#     here by esbuild from scripts/carving/described-metrics.ts): a machine with many cores and
#     a Node binary brought along needs no npm install;
#   remake-metrics.sh merge SHARDDIR SPACE...  joins them into test/fixtures/carving/<space>.metrics.json
#     (what described-metrics.ts and described-metrics-merge.ts write).
# From the repository root (descriptions: examples/spaces/thirdparty/<space>.json).
set -eu
MODE=${1:?usage: remake-metrics.sh shards PTXDIR SHARDDIR SPACE... | merge SHARDDIR SPACE...}
shift
if [ "$MODE" = merge ]; then
  SHARDS=${1:?SHARDDIR}
  shift
  for space in "$@"; do
    npx tsx scripts/carving/described-metrics-merge.ts --out "test/fixtures/carving/$space.metrics.json" \
      --command "bash device/carving/build-ptx.sh OUT PLANDIR (GPU machine, no GPU used), then bash scripts/carving/remake-metrics.sh shards PTXDIR SHARDDIR $space and merge SHARDDIR $space" \
      "$SHARDS/$space".*.json
  done
  exit 0
fi
[ "$MODE" = shards ] || { echo "unknown mode $MODE" >&2; exit 2; }
PTX=$(readlink -f "${1:?PTXDIR}")
SHARDS=${2:?SHARDDIR}
shift 2
mkdir -p "$SHARDS"
SHARDS=$(readlink -f "$SHARDS")
NODE=${NODE:-node}
SHARD=${SHARD:-30}
if [ -z "${BUNDLE:-}" ]; then
  # One bundle for every shard: tsx would transpile the sources again in each process.
  BUNDLE=$SHARDS/described-metrics.mjs
  node -e "require('esbuild').buildSync({ bundle: true, platform: 'node', format: 'esm', target: 'node20',
    entryPoints: ['scripts/carving/described-metrics.ts'], outfile: '$BUNDLE', logLevel: 'warning',
    banner: { js: \"import { createRequire } from 'node:module'; const require = createRequire(import.meta.url);\" } })"
fi
BUNDLE=$(readlink -f "$BUNDLE")
# The shards of the largest spaces first, so that none of them starts last.
for space in "$@"; do
  variants=$(find "$PTX/$space" -name '*.ptxas' | wc -l)
  shards=$(( (variants + SHARD - 1) / SHARD ))
  [ "$shards" -gt 0 ] || shards=1
  for i in $(seq 1 "$shards"); do echo "$variants $space $i $shards"; done
done | sort -k1,1nr -s | cut -d' ' -f2- > "$SHARDS/jobs.txt"
export PTX SHARDS NODE BUNDLE
xargs -P "$(nproc)" -L 1 bash -c '"$NODE" "$BUNDLE" --ptx "$PTX" --shard "$1/$2" --out "$SHARDS/$0.$1.json" \
  "examples/spaces/thirdparty/$0.json" > /dev/null || echo "failed: $0 shard $1/$2" >&2' < "$SHARDS/jobs.txt"
