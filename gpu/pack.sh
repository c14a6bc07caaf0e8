#!/usr/bin/env bash
# Packs .device/ for the GPU check (gpu/check.sh): runs the shared packing script (it builds the
# project and copies every module's jars, test classes and dependencies, and a jlink'd JDK 25),
# takes out what the check never loads, and fails, saying so, when what is left would not fit in
# the 64 MiB the device machine takes. From anywhere:
#     gpu/pack.sh                  (GAR_PACK names another packing script)
# then one device run carrying [".device"]: bash gpu/check.sh cuda
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
pack=${GAR_PACK:-$root/../shared/device/pack.sh}
limit_bytes=$((64 * 1024 * 1024))
if [ ! -f "$pack" ]; then
    echo "gpu/pack.sh: no packing script at $pack (set GAR_PACK to it)" >&2
    exit 2
fi

if [ -d .git ]; then
    bash "$pack"
else
    # A git worktree: .git is a file, so the packing script cannot append to .git/info/exclude.
    # Run it with the path git gives for this worktree instead; the script itself is unchanged.
    # (From a file, not a pipe: Maven inside it would read the rest of a piped script as input.)
    exclude=$(git rev-parse --git-path info/exclude)
    mkdir -p "$(dirname "$exclude")"
    adapted=$(mktemp)
    trap 'rm -f "$adapted"' EXIT
    sed "s#\.git/info/exclude#$exclude#g" "$pack" > "$adapted"
    bash "$adapted"
fi

# Never loaded by the check: the JMH benchmarks and what only they use.
for unused in .device/lib/bench-*.jar .device/lib/jmh-*.jar .device/lib/jopt-simple-*.jar .device/lib/commons-math3-*.jar; do
    [ -e "$unused" ] && rm -f "$unused"
done
rm -rf .device/classes/bench

size=$(du -sb .device | cut -f1)
echo "gpu/pack.sh: .device is $((size / 1024 / 1024)) MiB ($size bytes) of the 64 MiB the device machine takes"
if [ "$size" -gt "$limit_bytes" ]; then
    echo "gpu/pack.sh: TOO LARGE to carry: $size bytes > $limit_bytes. The largest parts:" >&2
    du -ab .device | sort -rn | sed -n '2,16p' >&2
    exit 1
fi
