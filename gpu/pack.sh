#!/usr/bin/env bash
# Packs .device/ for the GPU check (gpu/check.sh) on a GPU machine: builds the project
# (tests compiled, not run; no javadoc or sources jars, which the check never loads), lays out
# the check's runtime with gpu/layout.sh (the layout every build runs the check on), and checks
# with gpu/travel.sh that everything that travels (the project's files, shared/, .device) fits
# the 64 MiB the machine takes, printing the margin; fails, naming the largest parts, when not.
# It also downloads Debian's libvulkan1 (the Vulkan loader, which the GPU machine may lack) into
# .device/vulkan, for gpu/check.sh vulkan to unpack there when the machine has no loader.
#     gpu/pack.sh                  (from anywhere)
# then one device run carrying [".device"]: bash gpu/check.sh cuda (or hip, or vulkan)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
mvn -q -B -ntp -DskipTests -Dmaven.javadoc.skip=true -Dmaven.source.skip=true package
# A build without Vulkan's headers leaves the tests' layer out; the check's vulkan step needs it.
[ -f backend-vulkan/target/vk-layer/libgar_test_layer.so ] \
    || { echo "gpu/pack.sh: backend-vulkan built no test layer: install Debian's libvulkan-dev (vulkan/vk_layer.h)" >&2; exit 1; }
bash gpu/layout.sh .device
rm -rf .device/vulkan
mkdir -p .device/vulkan
(cd .device/vulkan && apt-get download libvulkan1) \
    || { echo "gpu/pack.sh: apt-get download libvulkan1 failed (apt-get update first?)" >&2; exit 1; }
bash gpu/travel.sh .device
