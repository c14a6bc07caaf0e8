#!/usr/bin/env bash
# The prepared check of the Metal backend on a real Mac.
#
# NOBODY ON THIS PROJECT HAS RUN THIS SCRIPT: no macOS machine exists for its builds or CI, and
# no session has one. Everything the README says about Metal was run on Linux against the fake
# Objective-C runtime and fake Metal in backend-metal/src/test/c, never against Apple's.
#
# Needs: macOS 12 or later (waitUntilSignaledValue:timeoutMS:), a Metal device, a JDK 25 and
# Maven. From the project root:
#     bash backend-metal/mac/check.sh [output folder]
#
# Confirm these six first, in this order: each is something the fake cannot show.
#   1. The bridge's sends reach Apple's methods intact on arm64: the first store lands at all
#      (MTLSize by value through JNA for dispatchThreadgroups:threadsPerThreadgroup:, the five-word
#      newBufferWithBytesNoCopy:length:options:deallocator:), in MetalBackendTest and the
#      conformance runs (tests.log; their fake-only cases skip themselves, saying so).
#   2. Apple's compiler takes the kernels (newLibraryWithSource:options:error:), the 64-bit
#      atomic_max on GPU family Apple9 and the plain store elsewhere (gar doctor, tests.log).
#   3. The user's results are visible once a ticket is done: MetalUserDataVisibilityTest (a
#      kernel writes a pattern into a shared buffer, the line is signalled behind it, the
#      ticket awaited, the pattern read back, 200 rounds); its own step below, run 5 times.
#      No Apple page promises it (coherency "only at command buffer boundaries").
#   4. Apple's runtime takes the hand-built blocks: the completed handler (cb-handler, the
#      bench) and the page's deallocator (every line's close: MetalBackendTest#
#      theLinesPageIsItsOwnPageWrappedWithoutACopyAndFreedByItsDeallocator, and no crash).
#   5. Virtual threads and pools: thePooledPathsRunFromVirtualThreadsUnderContention runs
#      against objc4, which aborts the JVM ("autorelease pool page ... corrupted") if a pool is
#      popped on another OS thread; and a full queue (64 command buffers) blocks commandBuffer
#      without holding the line's locks (aSignalBlockedOnAFullQueue..., fake-only: steer it by
#      hand if the first four pass).
#   6. The driver's own wait for stores: conformance line35-37 in tests.log (true only once the
#      word reads the value, back by its deadline, ended by a wake), which block in
#      waitUntilSignaledValue:timeoutMS: on each queue's store event, signalled from the command
#      buffer after each store's; MetalStoreWaitsTest is fake-only.
#
# It writes there: the machine's description, `gar doctor`, the backend's tests against the real
# runtime and framework (Maven's real-metal profile, active on macOS, skips building the fake and
# leaves gar.metal.objc / gar.metal.framework empty, so Apple's libraries load), the user-data
# visibility check again on its own, and `gar bench --backend metal` at 200 us and 1000 us of
# work: the line's waits behind the calibrated busy kernel (backend-metal-bench's workload), then
# Metal's own on the same work: cb-wait (waitUntilCompleted), event-poll (busy poll of a shared
# event's signaledValue) and cb-handler (addCompletedHandler: with a block built through JNA).
# Record what it finds in bench/RESULTS.md and the README's Metal section.
set -uo pipefail
cd "$(dirname "$0")/../.."
out=${1:-/tmp/gar-metal-check}
mkdir -p "$out"

if [ "$(uname -s)" != Darwin ]; then
    echo "backend-metal/mac/check.sh: this is $(uname -s), not macOS; on Linux the tests run against the fake (mvn verify)" >&2
    exit 2
fi

{ sw_vers; uname -m; sysctl -n hw.pagesize; system_profiler SPDisplaysDataType 2>/dev/null | sed -n '1,25p'; } \
    > "$out/machine.txt" 2>&1
./gar doctor 2>&1 | tee "$out/doctor.txt"

# The upstream modules are built without their tests: spi's NativeLibraryTest, for one, loads
# libc.so.6, which a Mac does not have. Only the Metal modules' own tests run (their packages).
metal_tests='io/gpuasync/backend/metal/**'
mvn -B -ntp verify -pl backend-metal,backend-metal-bench -am -Dtest="$metal_tests" -Dsurefire.failIfNoSpecifiedTests=false 2>&1 \
    | tee "$out/tests.log"
echo "tests exit status: ${PIPESTATUS[0]}" | tee "$out/status.txt"
cp backend-metal/target/surefire-reports/*.txt backend-metal-bench/target/surefire-reports/*.txt "$out/" 2>/dev/null

for run in 1 2 3 4 5; do
    mvn -B -ntp -q verify -pl backend-metal -am -Dtest=MetalUserDataVisibilityTest -Dsurefire.failIfNoSpecifiedTests=false \
        > "$out/user-data-$run.log" 2>&1
    echo "user-data visibility run $run exit status: $? (see user-data-$run.log)" | tee -a "$out/status.txt"
done

for us in 200 1000; do
    ./gar bench --backend metal --work-us "$us" --samples 2000 --json "$out/bench-$us.json" \
        2>"$out/bench-$us.err" | tee "$out/bench-$us.txt"
    echo "bench $us us exit status: ${PIPESTATUS[0]} (see bench-$us.err)" | tee -a "$out/status.txt"
done
echo "results in $out"
