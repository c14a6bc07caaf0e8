#!/usr/bin/env bash
# Lays out the GPU check's runtime from the reactor's build output, the one layout both the
# GPU machine (gpu/pack.sh, into .device) and every build (gpu/ci-check.sh, into
# gpu/target/device) run the check on, so that the two run the same class path:
#     DEST/lib/*.jar         every module's jar and every module's test-scope dependencies
#                            (target/dependency, which the build copies), less what the check
#                            never loads (the JMH benchmarks, the jcstress tests, LWJGL's Vulkan bindings)
#     DEST/classes/MODULE/   every module's test classes
#     DEST/vk-layer/         backend-vulkan's test layer (target/vk-layer: its manifest and library),
#                            which the Vulkan check's tests put under the backend
#     DEST/jre/              a jlink'd JDK 25 runtime (the GPU machine has no Java)
#     DEST/java              runs a main class on that runtime: DEST/java -cp 'DEST/lib/*' Main
#
#     gpu/layout.sh DEST     (from anywhere; it reads the build output under the project root)
#
# JDK25_HOME names the JDK whose jlink makes the runtime (default: the first temurin-25).
set -euo pipefail
[ $# -eq 1 ] || { echo "usage: gpu/layout.sh DEST" >&2; exit 2; }
root=$(cd "$(dirname "$0")/.." && pwd)
dest=$(mkdir -p "$1" && cd "$1" && pwd)
jdk=${JDK25_HOME:-$(ls -d /usr/lib/jvm/temurin-25* 2>/dev/null | head -n 1)}
[ -x "$jdk/bin/jlink" ] || { echo "gpu/layout.sh: no JDK 25 found (set JDK25_HOME)" >&2; exit 2; }
[ -d "$root/gpu/target/classes" ] || { echo "gpu/layout.sh: build the project first (mvn package)" >&2; exit 2; }

rm -rf "$dest/lib" "$dest/classes" "$dest/vk-layer"
mkdir -p "$dest/lib" "$dest/classes"
for m in "$root/target" "$root"/*/target; do
    [ -d "$m" ] || continue
    mod=$(basename "$(dirname "$m")")
    # The runtime jars only: javadoc and sources jars load nothing.
    for jar in "$m"/*.jar; do
        case "$jar" in *-javadoc.jar|*-sources.jar|"$m/*.jar") ;; *) cp "$jar" "$dest/lib/" ;; esac
    done
    if [ -d "$m/dependency" ]; then
        for jar in "$m"/dependency/*.jar; do
            [ -e "$dest/lib/$(basename "$jar")" ] || cp "$jar" "$dest/lib/"
        done
    fi
    if [ -d "$m/test-classes" ]; then
        cp -r "$m/test-classes" "$dest/classes/$mod"
    fi
    if [ -d "$m/vk-layer" ]; then
        cp -r "$m/vk-layer" "$dest/vk-layer"
    fi
done

# Never loaded by the check: the JMH benchmarks and what only they use; LWJGL's Vulkan bindings
# and its natives, which only backend-vulkan's LWJGL interop test loads (check.sh leaves it to the
# build: the bindings alone would take more than the margin of what travels).
rm -f "$dest"/lib/bench-[0-9]*.jar "$dest"/lib/jcstress-*.jar "$dest"/lib/jmh-*.jar "$dest"/lib/jopt-simple-*.jar "$dest"/lib/commons-math3-*.jar
rm -f "$dest"/lib/lwjgl-vulkan-*.jar "$dest"/lib/lwjgl-*-natives-*.jar
rm -rf "$dest/classes/bench" "$dest/classes/backend-vulkan/io/gpuasync/backend/vulkan/lwjgl"

# The runtime: made once per JDK (jlink takes seconds, and its output does not change with the
# project), remade when the JDK or its module list changes.
modules=java.base,java.logging,java.management,jdk.management,jdk.unsupported,jdk.jfr,jdk.zipfs,jdk.crypto.ec
stamp="$("$jdk/bin/java" -version 2>&1 | head -n 1) $modules"
if [ ! -x "$dest/jre/bin/java" ] || [ "$(cat "$dest/jre.stamp" 2>/dev/null)" != "$stamp" ]; then
    rm -rf "$dest/jre"
    "$jdk/bin/jlink" --add-modules "$modules" --strip-debug --no-header-files --no-man-pages --compress=zip-9 \
        --output "$dest/jre"
    echo "$stamp" > "$dest/jre.stamp"
fi
cat > "$dest/java" <<'EOS'
#!/usr/bin/env bash
here=$(cd "$(dirname "$0")" && pwd)
exec "$here/jre/bin/java" --enable-native-access=ALL-UNNAMED "$@"
EOS
chmod +x "$dest/java"
echo "gpu/layout.sh: $(ls "$dest"/lib/*.jar | wc -l) jars, $(ls "$dest/classes" | wc -l) test class folders and a runtime in $dest"
