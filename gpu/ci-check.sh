#!/usr/bin/env bash
# The build's run of the GPU check (gpu/pom.xml, at integration-test): gpu/check.sh for CUDA and
# for HIP against the fake drivers, each into its own folder under $OUT. The two run side by
# side: most of a check is a fake device's work, which sleeps, so together they take little more
# than the longer one, and the check adds less to the build. Fails when either fails; prints
# both, one after the other.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
base=${OUT:?"set OUT to the folder for the checks' output"}
mkdir -p "$base"
declare -A pid
for backend in cuda hip; do
    OUT=$base/$backend bash "$here/check.sh" "$backend" > "$base/$backend.out" 2>&1 &
    pid[$backend]=$!
done
status=0
for backend in cuda hip; do
    wait "${pid[$backend]}" || status=1
    echo "---------------- gpu/check.sh $backend"
    cat "$base/$backend.out"
done
exit $status
