#!/usr/bin/env bash
# The prepared GPU check of the CUDA backend (issue 4), for a session lent a GPU machine
# (../shared/device/README.md). Here, from the project root:
#     ../shared/device/pack.sh
# then one device run, with carry [".device"] and the command:
#     bash backend-cuda/gpu/check.sh
# It writes under $OUT: the GPU's description, the backend's tests against the real driver
# (the cases that steer the fake driver skip themselves, saying so), and `gar bench --backend
# cuda` at 200 us and 1000 us of work, side by side with cuStreamSynchronize, a blocking-sync
# event and cuLaunchHostFunc. Record the figures in bench/RESULTS.md with the date.
set -uo pipefail
out=${OUT:-/tmp/gar-gpu}
mkdir -p "$out"
nvidia-smi > "$out/nvidia-smi.txt" 2>&1 || echo "nvidia-smi failed" >> "$out/nvidia-smi.txt"
timeout 240 .device/run.sh io.gpuasync.backend.cuda 2>&1 | tee "$out/tests.log"
echo "tests exit status: ${PIPESTATUS[0]}" | tee -a "$out/status.txt"
for us in 200 1000; do
    timeout 120 .device/java -cp '.device/lib/*' io.gpuasync.cli.Gar bench --backend cuda --work-us "$us" \
        --samples 2000 --json "$out/bench-$us.json" 2>"$out/bench-$us.err" | tee "$out/bench-$us.txt"
    echo "bench $us us exit status: ${PIPESTATUS[0]}" | tee -a "$out/status.txt"
done
