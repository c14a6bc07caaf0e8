#!/usr/bin/env bash
# The prepared check of the Metal backend on a real Mac (issue 12).
#
# NOBODY ON THIS PROJECT HAS RUN THIS SCRIPT: no macOS machine exists for its builds or CI, and
# no session has one. Everything the README says about Metal was run on Linux against the fake
# Objective-C runtime and fake Metal in backend-metal/src/test/c, never against Apple's.
#
# Needs: macOS 12 or later (waitUntilSignaledValue:timeoutMS:), a Metal device, a JDK 25 and
# Maven. From the project root:
#     bash backend-metal/mac/check.sh [output folder]
# It writes there: the machine's description, `gar doctor`, the backend's tests against the real
# runtime and framework (Maven's real-metal profile, active on macOS, skips building the fake and
# leaves gar.metal.objc / gar.metal.framework empty, so Apple's libraries load; the tests that
# steer the fake skip themselves, saying so), and `gar bench --backend metal` at 200 us and
# 1000 us of work: the line's waits behind the calibrated busy kernel (MetalProvider's bench
# workload), then Metal's own on the same work: cb-wait (waitUntilCompleted), event-poll
# (busy poll of a shared event's signaledValue) and cb-handler (addCompletedHandler: with a block
# built through JNA; the first use of hand-built blocks against Apple's runtime: if Metal rejects
# the block, that row, or the bench, fails here first). Record what it finds in bench/RESULTS.md
# and the README's Metal section.
set -uo pipefail
cd "$(dirname "$0")/../.."
out=${1:-/tmp/gar-metal-check}
mkdir -p "$out"

if [ "$(uname -s)" != Darwin ]; then
    echo "backend-metal/mac/check.sh: this is $(uname -s), not macOS; on Linux the tests run against the fake (mvn verify)" >&2
    exit 2
fi

{ sw_vers; uname -m; system_profiler SPDisplaysDataType 2>/dev/null | sed -n '1,25p'; } > "$out/machine.txt" 2>&1
./gar doctor 2>&1 | tee "$out/doctor.txt"

mvn -B -ntp verify -pl backend-metal -am 2>&1 | tee "$out/tests.log"
echo "tests exit status: ${PIPESTATUS[0]}" | tee "$out/status.txt"
cp backend-metal/target/surefire-reports/*.txt "$out/" 2>/dev/null

for us in 200 1000; do
    ./gar bench --backend metal --work-us "$us" --samples 2000 --json "$out/bench-$us.json" \
        2>"$out/bench-$us.err" | tee "$out/bench-$us.txt"
    echo "bench $us us exit status: ${PIPESTATUS[0]} (see bench-$us.err)" | tee -a "$out/status.txt"
done
echo "results in $out"
