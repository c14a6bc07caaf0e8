#!/bin/sh
# Builds the tests' Vulkan layer into DIR (its manifest and library). Its header, vulkan/vk_layer.h,
# comes with Debian's libvulkan-dev, which a fresh machine lacks: there the layer is left out and
# said so, and the tests that need it report themselves skipped (TestLayer), so that `./gar` and a
# plain `mvn verify` still build. In CI (CI=true), which installs the header, its absence fails.
set -eu
dir=$1
mkdir -p "$dir"
command -v gcc >/dev/null 2>&1 || { echo "backend-vulkan: no gcc to build the tests' layer (every build needs it)" >&2; exit 1; }
# A layer from an earlier build that can no longer be built must not stand in for this one.
rm -f "$dir/libgar_test_layer.so"
if ! printf '#include <vulkan/vk_layer.h>\n' | gcc -E -x c - >/dev/null 2>&1; then
    if [ "${CI:-}" = true ]; then
        echo "backend-vulkan: no vulkan/vk_layer.h for the tests' layer; CI installs libvulkan-dev, yet it is missing" >&2
        exit 1
    fi
    echo "backend-vulkan: no vulkan/vk_layer.h (Debian's libvulkan-dev): the tests' layer is not built, and the tests that need it will say so"
    exit 0
fi
cp src/test/layer/VkLayer_GAR_test.json "$dir/"
gcc -shared -fPIC -O2 -Wall -Wextra -Werror -fvisibility=hidden -o "$dir/libgar_test_layer.so" src/test/c/test_layer.c
