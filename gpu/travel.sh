#!/usr/bin/env bash
# What a run on the GPU machine carries, against what it takes (../shared/device/README.md):
# the tracked and untracked-not-ignored files of the project, the shared/ folder beside it, and
# the carried runtime DEVICE. Prints each part, the total and the margin left; exits 1, saying
# so and naming the largest parts, when the total is over the limit.
#     gpu/travel.sh DEVICE         (GAR_TRAVEL_LIMIT_MIB: another limit, default 64)
# Where git knows the project (here), the files are those git would send; where it does not (a
# copy on the GPU machine, which is what travelled), the whole copy is counted.
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: gpu/travel.sh DEVICE" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
device=$(cd "$1" && pwd)
limit_mib=${GAR_TRAVEL_LIMIT_MIB:-64}
limit=$((limit_mib * 1024 * 1024))
mib() { awk -v b="$1" 'BEGIN { printf "%.1f MiB", b / 1048576 }'; }

if git -C "$root" rev-parse --is-inside-work-tree > /dev/null 2>&1; then
    # Files as du -sb counts them in the copy (their bytes), and each folder the copy makes (4 KiB).
    tree=$(cd "$root" && git ls-files -z --cached --others --exclude-standard \
        | xargs -0 -r stat -c '%s %n' 2>/dev/null \
        | awk '{ bytes += $1; path = substr($0, index($0, " ") + 1)
                 while (sub("/[^/]*$", "", path)) if (!(path in seen)) { seen[path]; bytes += 4096 } }
               END { print bytes + 4096 }')
    runtime=$(du -sb "$device" | cut -f1)
    what="the project's files $(mib "$tree")"
else
    # The copy on the GPU machine, or a tree without git: build output never travels.
    tree=$(du -sb --exclude=target --exclude=.device "$root" | cut -f1)
    runtime=$(du -sb "$device" | cut -f1)
    what="the copy of the project $(mib "$tree")"
fi
shared=0
[ -d "$root/../shared" ] && shared=$(du -sbL "$root/../shared" | cut -f1)
total=$((tree + runtime + shared))
echo "travels: $(mib "$total") ($total bytes) of the ${limit_mib} MiB the GPU machine takes:" \
     "$what, shared/ $(mib "$shared"), the runtime $(mib "$runtime") ($device)"
if [ "$total" -gt "$limit" ]; then
    echo "TOO LARGE to carry: $(mib $((total - limit))) over. The largest parts of the runtime:"
    du -ab "$device" | sort -rn | sed -n '2,12p'
    exit 1
fi
echo "margin: $(mib $((limit - total))) ($((limit - total)) bytes) left"
