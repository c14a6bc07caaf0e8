#!/usr/bin/env bash
# The build's run of the GPU check (gpu/pom.xml, at integration-test), as a GPU machine runs it:
# the runtime laid out by gpu/layout.sh (GAR_CHECK_DEVICE), gpu/check.sh started from the
# project root, for CUDA and for HIP against the fake drivers and for Vulkan on Mesa's lavapipe
# (pinned with VK_DRIVER_FILES to its manifest under /usr/share/vulkan/icd.d, unless one is
# pinned already), each into its own folder under $OUT. They run side by side: most of a fake
# device's work sleeps, so together they take little more than the longest. Where Vulkan cannot
# run (no loader, no driver, no device that can hold a line) the Vulkan check is skipped, saying
# why, except in CI (CI=true), which installs lavapipe, so that a broken install fails the build.
# Fails when any check fails, or when one leaves in its folder what the GPU machine would not
# return (more than 8 files, deeper than a/b/file, a name of other characters than letters,
# digits, '.', '_', '-', over 16 MiB). Prints each, one after the other.
set -uo pipefail
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/.." && pwd)
base=${OUT:?"set OUT to the folder for the checks' output"}
device=${GAR_CHECK_DEVICE:?"set GAR_CHECK_DEVICE to the folder for the check's runtime"}
mkdir -p "$base"
bash "$here/layout.sh" "$device" || exit 1

backends=(cuda hip)
lavapipe=/usr/share/vulkan/icd.d/lvp_icd.$(uname -m).json
if [ -z "${VK_DRIVER_FILES:-}" ] && [ -f "$lavapipe" ]; then
    export VK_DRIVER_FILES=$lavapipe
fi
probe=$(mktemp)
if "$device/java" -XX:+UseSerialGC -cp "$device/lib/*" io.gpuasync.gpu.DeviceProbe vulkan "$probe" > /dev/null 2>&1 \
    || [ "${CI:-}" = true ]; then
    backends+=(vulkan)
else
    why=$(sed -n 's/^error: //p' "$probe" | head -n 1)
    echo "---------------- gpu/check.sh vulkan: skipped: no usable Vulkan here (${why:-the probe failed})," \
         "VK_DRIVER_FILES=${VK_DRIVER_FILES:-unset}; install mesa-vulkan-drivers libvulkan1, as .ci/run does"
fi
rm -f "$probe"

declare -A pid
for backend in "${backends[@]}"; do
    rm -rf "${base:?}/$backend"
    (cd "$root" && OUT=$base/$backend GAR_CHECK_DEVICE=$device bash gpu/check.sh "$backend") > "$base/$backend.out" 2>&1 &
    pid[$backend]=$!
done
status=0
for backend in "${backends[@]}"; do
    wait "${pid[$backend]}" || status=1
    echo "---------------- gpu/check.sh $backend"
    cat "$base/$backend.out"
    bash "$here/returns.sh" "$base/$backend" || status=1
done
exit $status
