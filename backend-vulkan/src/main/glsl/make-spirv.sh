#!/bin/sh
# Makes the SPIR-V the backend loads from this folder's GLSL, with Debian's glslang-tools
# (glslangValidator 12.0.0 made the checked-in files). Run from anywhere; SpirvTest runs it into a
# scratch folder and compares, so a shader changed without its SPIR-V fails the build.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:-$here/../resources/io/gpuasync/backend/vulkan/internal}
mkdir -p "$out"
for shader in store busy; do
    glslangValidator -V --target-env vulkan1.2 -o "$out/$shader.spv" "$here/$shader.comp" >/dev/null
done
