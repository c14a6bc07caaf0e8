#!/usr/bin/env bash
# The build's run of the GPU check (gpu/pom.xml, at integration-test), as a GPU machine runs it:
# the runtime laid out by gpu/layout.sh (GAR_CHECK_DEVICE), gpu/check.sh started from the
# project root, for CUDA and for HIP against the fake drivers, each into its own folder under
# $OUT. The two run side by side: most of a check is a fake device's work, which sleeps, so
# together they take little more than the longer one. Fails when either fails, or when either
# leaves in its folder what the GPU machine would not return (more than 8 files, deeper than
# a/b/file, a name of other characters than letters, digits, '.', '_', '-', over 16 MiB).
# Prints both, one after the other.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
base=${OUT:?"set OUT to the folder for the checks' output"}
device=${GAR_CHECK_DEVICE:?"set GAR_CHECK_DEVICE to the folder for the check's runtime"}
mkdir -p "$base"
bash "$here/layout.sh" "$device" || exit 1

declare -A pid
for backend in cuda hip; do
    rm -rf "${base:?}/$backend"
    (cd "$root" && OUT=$base/$backend GAR_CHECK_DEVICE=$device bash gpu/check.sh "$backend") > "$base/$backend.out" 2>&1 &
    pid[$backend]=$!
done
status=0
for backend in cuda hip; do
    wait "${pid[$backend]}" || status=1
    echo "---------------- gpu/check.sh $backend"
    cat "$base/$backend.out"
    bash "$here/returns.sh" "$base/$backend" || status=1
done
exit $status
