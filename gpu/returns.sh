#!/usr/bin/env bash
# Whether the GPU machine would return everything under a check's $OUT (../shared/device/README.md):
# at most 8 files, none deeper than $OUT/a/b/file, names of letters, digits, '.', '_', '-' only,
# none over 16 MiB. Says what it would not return and exits 1; else counts the files.
#     gpu/returns.sh DIR
set -uo pipefail
[ $# -eq 1 ] && [ -d "$1" ] || { echo "usage: gpu/returns.sh DIR" >&2; exit 2; }
dir=$1
n=0
bad=0
while IFS= read -r -d '' f; do
    rel=${f#"$dir"/}
    n=$((n + 1))
    [ "$(awk -F/ '{print NF}' <<< "$rel")" -le 3 ] || { echo "$dir: $rel is deeper than \$OUT/a/b/file"; bad=1; }
    [[ "$rel" =~ ^[A-Za-z0-9._/-]+$ ]] || { echo "$dir: $rel has a name of other characters"; bad=1; }
    [ "$(stat -c %s "$f")" -le $((16 * 1024 * 1024)) ] || { echo "$dir: $rel is over 16 MiB"; bad=1; }
done < <(find "$dir" -type f -print0)
[ "$n" -le 8 ] || { echo "$dir: $n files; the GPU machine returns 8"; bad=1; }
[ $bad -eq 1 ] || echo "$dir: $n files, all of which the GPU machine returns"
exit $bad
