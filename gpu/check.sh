#!/usr/bin/env bash
# The project's GPU check: one command, run on a GPU machine after pack.sh, and on every
# build against the fake drivers and Mesa's lavapipe (gpu/pom.xml), on the same layout
# (gpu/layout.sh), the same class path, with the same steps and the same time bounds.
#
#     gpu/check.sh [cuda|hip|vulkan]   (default cuda; from anywhere, it finds the project root)
#
# On the GPU machine (see ../shared/device/README.md): here, gpu/pack.sh; then one device run
# carrying [".device"] with the command `bash gpu/check.sh cuda` and a timeout of at least
# the total bound below (480 s) plus a minute. The GPU machine returns at most 8 files from
# $OUT, so the check leaves three there:
#   summary.md        written before the first step and rewritten after each one: every step,
#                     its bound, its outcome, how long it took, and whether it ran on a real
#                     driver or a fake. A run cut off still says what it did. Also printed.
#   results.md        the Markdown section ready for bench/RESULTS.md. Also printed.
#   check-files.tar.gz  everything else, remade after each step: <step>.log (each step's own
#                     output); tests.txt, conformance.txt (one line per test); close-under-gate.txt
#                     (cuda: how a close under another stream's gate ended); device.txt (the
#                     probe: library, real or fake, driver version from the driver, each device);
#                     nvidia-smi.* (cuda, vulkan); vulkan.env (vulkan: the loader and the
#                     driver manifests the probe chose, which the later steps use);
#                     bench-*us.json (gar bench --backend ... --json at 200 us and 1000 us of
#                     device work); hosts.json (gar bench --host
#                     std,uring,netty: the hosts and the echo on the Netty loop); results.json
#
# Exit status: 0 when every step passed or was skipped with a reason, 1 when any failed or ran
# past its bound, 2 on bad arguments. A step that fails does not stop the others; only a
# runtime that cannot run at all (the layout step) does.
#
# Environment (the build sets these; on the GPU machine none is needed):
#   OUT                  where the three files go (default /tmp/gar-gpu-check-<backend>)
#   GAR_CHECK_DEVICE     the runtime gpu/layout.sh made (default <root>/.device): lib/*.jar,
#                        classes/<module>/, jre/
#   GAR_CHECK_SAMPLES, GAR_CHECK_WARMUP   bench samples per peer (default 2000, 300); the host
#                        bench takes as many, and as many echo round trips as samples
#   GAR_CHECK_BOUNDS     other step bounds, "step=seconds,..." (to see a step cut off)
#   GAR_CHECK_STEPS      only these steps, "step,..." (to rerun what failed within what is left
#                        of a device budget); layout always runs, the others say they were left
#                        out, and what they wrote before stays in the archive
#   GAR_CUDA_LIBRARY, GAR_HIP_LIBRARY     the driver to use (a fake in the build)
#   GAR_VULKAN_LIBRARY   the Vulkan loader to use; VK_DRIVER_FILES the driver manifests it loads
#                        (the build pins lavapipe's)
#   GAR_CHECK_VULKAN_LOADER=carried      use the loader pack.sh carried even where the system has
#                        one (to rehearse that path here)
#
# Vulkan (the device step decides, says so in device.log, and leaves it in vulkan.env): the
# system's loader (libvulkan.so.1, as ldconfig knows it) if there is one, else the Debian
# libvulkan1 package pack.sh downloaded into .device/vulkan, unpacked with dpkg -x; and if that
# loader finds no driver, or only a CPU one (lavapipe), while NVIDIA's manifest exists
# (/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json) and nothing pinned one, that manifest.
# The tests and the conformance suite run with the build's test layer (.device/vk-layer: the
# queue-lock watch and the device-lost switch) under the backend; the bench steps without it.
set -uo pipefail

# Each step runs as `check.sh --step BACKEND FUNCTION ARGS...` under timeout(1), which stops the
# step's whole process group (its JVM included) at the bound; the functions are defined below.
step_mode=""
if [ "${1:-}" = --step ]; then
    step_mode=1
    shift
fi
backend=${1:-cuda}
case "$backend" in
    cuda) api_tests=io.gpuasync.backend.cuda; conformance=io.gpuasync.backend.cuda.CudaConformanceTest
          driver_named=${GAR_CUDA_LIBRARY:-} ;;
    hip) api_tests=io.gpuasync.backend.hip; conformance=io.gpuasync.backend.hip.HipConformanceTest
         driver_named=${GAR_HIP_LIBRARY:-} ;;
    vulkan) api_tests=io.gpuasync.backend.vulkan; conformance=io.gpuasync.backend.vulkan.VulkanConformanceTest
            driver_named=${GAR_VULKAN_LIBRARY:-} ;;
    *) echo "usage: gpu/check.sh [cuda|hip|vulkan]" >&2; exit 2 ;;
esac
# Left to the build: tests that check the build's own sources, not the device, and need the
# module's folder (SpirvTest remakes the SPIR-V from src/main/glsl), and the LWJGL interop test,
# whose jars the layout does not carry (gpu/layout.sh).
tests_exclude=""
[ "$backend" = vulkan ] && tests_exclude='io\.gpuasync\.backend\.vulkan\.(SpirvTest|lwjgl\..*)'
[ -n "$step_mode" ] && shift

root=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-/tmp/gar-gpu-check-$backend}
device=$(cd "${GAR_CHECK_DEVICE:-$root/.device}" 2>/dev/null && pwd || echo "${GAR_CHECK_DEVICE:-$root/.device}")
samples=${GAR_CHECK_SAMPLES:-2000}
warmup=${GAR_CHECK_WARMUP:-300}
# Everything but summary.md and results.md is written here, and archived into $OUT after each
# step; the steps (run as `check.sh --step`) find it in the environment.
archive=check-files.tar.gz
files=${GAR_CHECK_FILES:-}
# The whole check stays well under the device machine's 10 minutes a command.
total_bound=480
summary=$out/summary.md
started=$(date +%s)

# ---------------------------------------------------------------- the steps and their record

# name, bound in seconds, what it does: the order they run in.
steps=(layout device tests conformance close-under-gate bench-200us bench-1000us hosts results)
declare -A bound=([layout]=20 [device]=30 [tests]=120 [conformance]=120 [close-under-gate]=40 [bench-200us]=60
                  [bench-1000us]=90 [hosts]=90 [results]=20)
declare -A what=(
    [layout]="the runtime is complete, and what travels fits the GPU machine (gpu/travel.sh)"
    [device]="the device, as the driver and nvidia-smi/rocm-smi describe it"
    [tests]="the $backend backend's tests through its real bindings"
    [conformance]="the conformance suite through the real bindings"
    [close-under-gate]="a line closed while another stream is held at a gate returns within its settle bound (CUDA)"
    [bench-200us]="gar bench --backend $backend --work-us 200, every peer"
    [bench-1000us]="gar bench --backend $backend --work-us 1000, every peer"
    [hosts]="gar bench --host std,uring,netty --backend $backend --work-us 200: the hosts and the echo"
    [results]="the Markdown table and JSON for bench/RESULTS.md"
)
# GAR_CHECK_BOUNDS="step=seconds,...": other bounds, to see a step cut off (e.g. tests=2).
bounds=${GAR_CHECK_BOUNDS:-}
for override in ${bounds//,/ }; do
    name=${override%%=*}
    if [ -z "${bound[$name]:-}" ] || ! [[ ${override#*=} =~ ^[0-9]+$ ]]; then
        echo "gpu/check.sh: GAR_CHECK_BOUNDS: '$override' is not step=seconds with a step of: ${steps[*]}" >&2
        exit 2
    fi
    bound[$name]=${override#*=}
done
selected=${GAR_CHECK_STEPS:-}
for name in ${selected//,/ }; do
    if [ -z "${bound[$name]:-}" ]; then
        echo "gpu/check.sh: GAR_CHECK_STEPS: no step '$name'; the steps are: ${steps[*]}" >&2
        exit 2
    fi
done
# Whether step $1 is to run: every step when GAR_CHECK_STEPS is empty; layout always.
chosen() {
    [ -z "$selected" ] || [ "$1" = layout ] || [[ ",$selected," == *",$1,"* ]]
}
# The steps that call the driver; the others run on the host alone.
declare -A calls_driver=([device]=1 [tests]=1 [conformance]=1 [close-under-gate]=1 [bench-200us]=1 [bench-1000us]=1
                         [hosts]=1)
declare -A outcome took
for s in "${steps[@]}"; do outcome[$s]="not run yet"; took[$s]=""; done
# "real" or "fake", as the probe finds the library (device.txt); unknown until it ran.
driver_kind=""

write_summary() {
    {
        echo "# GPU check: $backend"
        echo
        echo "Started $(date -u -d "@$started" +%Y-%m-%dT%H:%M:%SZ) on ${HOSTNAME:-this machine}; updated $(date -u +%H:%M:%SZ);" \
             "total bound ${total_bound} s, $(($(date +%s) - started)) s used."
        echo "Runtime: $device; driver: ${driver_named:-as the loader finds it}, ${driver_kind:-not probed yet}."
        echo "Tests that passed with the real driver loaded: $(real_driver_tests) (tests.txt names each; the" \
             "header test and the calibration models touch no driver, and a test that needs the fake says so)."
        echo "Everything else is in $archive beside this file."
        echo
        echo "| step | what | on | bound | outcome | took |"
        echo "|---|---|---|---:|---|---:|"
        local s on
        for s in "${steps[@]}"; do
            on="host"
            [ -n "${calls_driver[$s]:-}" ] && on="${driver_kind:-unprobed} driver"
            echo "| $s | ${what[$s]} | $on | ${bound[$s]} s | ${outcome[$s]} | ${took[$s]} |"
        done
    } > "$summary.tmp" && mv "$summary.tmp" "$summary"
}

# RunTests ends its report with "tests: N succeeded, F failed, S skipped".
counts() {
    grep '^tests: ' "$files/$1.log" 2>/dev/null | tail -n 1 | sed 's/^tests: //'
}

real_driver_tests() {
    if [ "$driver_kind" != real ]; then
        echo "none (${driver_kind:-no} driver${driver_kind:+ here})"
        return
    fi
    local t c n=0 each=""
    for t in tests conformance; do
        c=$(counts "$t")
        [ -n "$c" ] || continue
        n=$((n + ${c%% succeeded*}))
        each="$each${each:+; }$t: $c"
    done
    echo "$n passed${each:+ ($each)}"
}

# Everything the steps wrote, as one file beside the summary; remade after every step so that
# a run cut off still returns what it did.
pack_files() {
    tar -czf "$out/$archive.tmp" -C "$files" . && mv "$out/$archive.tmp" "$out/$archive"
}

failed=0
# run_step NAME COMMAND...: runs the command under the step's bound (cut to what the total
# bound leaves), its output in NAME.log, and records the outcome whatever it is.
run_step() {
    local name=$1; shift
    if ! chosen "$name"; then
        outcome[$name]="SKIPPED: not in GAR_CHECK_STEPS"
        write_summary
        return 0
    fi
    local left=$((total_bound - ($(date +%s) - started)))
    local limit=${bound[$name]}
    if [ "$left" -lt 5 ]; then
        outcome[$name]="SKIPPED: the total bound of ${total_bound} s is spent"
        failed=1
        write_summary
        return 1
    fi
    [ "$left" -lt "$limit" ] && limit=$left
    outcome[$name]="RUNNING (bound ${limit} s)"
    write_summary
    echo "== $name: ${what[$name]} (bound ${limit} s)"
    local t0=$(date +%s)
    timeout -k 5 "$limit" bash "$0" --step "$backend" "$@" > "$files/$name.log" 2>&1
    local rc=$?
    took[$name]="$(($(date +%s) - t0)) s"
    local tally
    tally=$(counts "$name")
    case $rc in
        0) outcome[$name]="PASSED${tally:+: $tally}" ;;
        124|137) outcome[$name]="TIMED OUT after ${limit} s (see $name.log)"; failed=1 ;;
        *) outcome[$name]="FAILED, exit status $rc${tally:+: $tally} (see $name.log)"; failed=1 ;;
    esac
    tail -n 3 "$files/$name.log" | sed 's/^/   /'
    echo "   -> ${outcome[$name]} in ${took[$name]}"
    pack_files
    write_summary
    return $rc
}

skip_step() {
    outcome[$1]="SKIPPED: $2"
    echo "== $1: skipped: $2"
    write_summary
}

# ---------------------------------------------------------------- the runtime

java=""
if [ -x "$device/jre/bin/java" ]; then
    java=$device/jre/bin/java
else
    for candidate in "${JAVA_HOME:-}/bin/java" /usr/lib/jvm/*25*/bin/java; do
        if [ -x "$candidate" ] && "$candidate" -version 2>&1 | grep -q 'version "25'; then
            java=$candidate
            break
        fi
    done
fi
classes=$(printf '%s:' "$device"/classes/* | sed 's/:$//')
classpath="$device/lib/*:$classes"
jvm=(-XX:+UseSerialGC --enable-native-access=ALL-UNNAMED)
# As in the build's tests: a settle longer than this on a healthy device is a failure the tests
# must see, not wait out (the suite's longest settle waits for about 30 ms of queued work).
props=(-Dgar.settleMillis=2000)
# Vulkan: the test layer backend-vulkan's build makes, and NVIDIA's driver manifest where the
# GPU machine has one (../shared/device/README.md).
layer_library=libgar_test_layer.so
nvidia_icd=/usr/local/nvidia/share/vulkan/icd.d/nvidia_icd.json
loader_dir=${GAR_CHECK_LOADER_DIR:-}

run_java() {
    "$java" "${jvm[@]}" "${props[@]}" -cp "$classpath" "$@"
}

check_layout() {
    [ -n "$java" ] || { echo "no Java 25: neither $device/jre nor a JDK 25 under JAVA_HOME or /usr/lib/jvm"; return 1; }
    "$java" -version 2>&1 | head -n 1
    ls "$device"/lib/*.jar > /dev/null 2>&1 || { echo "no jars in $device/lib: run gpu/pack.sh first"; return 1; }
    # The check's own classes answer a call without arguments with their usage (status 2).
    local usage
    usage=$(run_java io.gpuasync.gpu.RunTests 2>&1)
    if ! grep -q -- "--report FILE is required" <<< "$usage"; then
        echo "the gpu module's classes do not run from $device/lib (rebuild with gpu/pack.sh):"
        head -n 5 <<< "$usage"
        return 1
    fi
    [ -x "$device/jre/bin/java" ] || { echo "no runtime in $device/jre: the GPU machine has no Java (gpu/layout.sh makes it)"; return 1; }
    if [ "$backend" = vulkan ]; then
        [ -f "$device/vk-layer/$layer_library" ] || { echo "no test layer in $device/vk-layer (backend-vulkan's build makes it; gpu/layout.sh carries it)"; return 1; }
        local deb
        deb=$(ls "$device"/vulkan/libvulkan1_*.deb 2>/dev/null | head -n 1)
        if [ -n "$deb" ]; then
            echo "carried Vulkan loader: $deb"
        else
            echo "carried Vulkan loader: none (gpu/pack.sh downloads one; without it only a loader of the machine can run)"
        fi
    fi
    bash "$root/gpu/travel.sh" "$device"
}

# The system's libvulkan.so.1, as the dynamic linker's cache knows it; nothing without one.
system_vulkan_loader() {
    local cache
    cache=$( (ldconfig -p || /sbin/ldconfig -p) 2>/dev/null)
    sed -n 's/^.*libvulkan\.so\.1 .*=> \(.*\)$/\1/p' <<< "$cache" | head -n 1
}

# Chooses the Vulkan loader (GAR_VULKAN_LIBRARY): one named, else the system's, else the one
# pack.sh carried, unpacked here; noted in vulkan.env for the later steps.
vulkan_loader() {
    if [ -n "${GAR_VULKAN_LIBRARY:-}" ]; then
        echo "Vulkan loader: $GAR_VULKAN_LIBRARY (GAR_VULKAN_LIBRARY)"
        return 0
    fi
    local system
    system=$(system_vulkan_loader)
    if [ -n "$system" ] && [ "${GAR_CHECK_VULKAN_LOADER:-}" != carried ]; then
        echo "Vulkan loader: the system's, $system"
        return 0
    fi
    local deb so
    deb=$(ls "$device"/vulkan/libvulkan1_*.deb 2>/dev/null | head -n 1)
    if [ -z "$deb" ]; then
        echo "no Vulkan loader: ${system:+GAR_CHECK_VULKAN_LOADER=carried, and }none carried ($device/vulkan/libvulkan1_*.deb; gpu/pack.sh downloads it)"
        return 1
    fi
    command -v dpkg > /dev/null || { echo "no dpkg to unpack the carried $deb"; return 1; }
    dpkg -x "$deb" "$loader_dir" || { echo "dpkg -x $deb failed"; return 1; }
    so=$(find "$loader_dir" -name libvulkan.so.1 | head -n 1)
    [ -n "$so" ] || { echo "$deb holds no libvulkan.so.1"; return 1; }
    export GAR_VULKAN_LIBRARY=$so
    echo "export GAR_VULKAN_LIBRARY='$so'" >> "$files/vulkan.env"
    echo "Vulkan loader: $so (carried: $(basename "$deb"), unpacked with dpkg -x${system:+, though the system has $system})"
}

probe() {
    if [ "$backend" = vulkan ]; then
        vulkan_loader || return 1
    fi
    if [ "$backend" = cuda ] || [ "$backend" = vulkan ]; then
        if command -v nvidia-smi > /dev/null; then
            nvidia-smi > "$files/nvidia-smi.txt" 2>&1
            nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader > "$files/nvidia-smi.csv" 2>&1
            cat "$files/nvidia-smi.csv"
        else
            echo "no nvidia-smi on this machine (the fake driver, or no NVIDIA driver)"
        fi
    elif command -v rocm-smi > /dev/null; then
        rocm-smi --showproductname --showdriverversion > "$files/rocm-smi.txt" 2>&1
        cat "$files/rocm-smi.txt"
    else
        echo "no rocm-smi on this machine (the fake runtime, or no ROCm)"
    fi
    run_java io.gpuasync.gpu.DeviceProbe "$backend" "$files/device.txt"
    local rc=$?
    # A loader that finds no driver, or only a CPU one, on a machine with NVIDIA's manifest:
    # point it there, unless someone pinned the manifests already.
    if [ "$backend" = vulkan ] && [ -z "${VK_DRIVER_FILES:-}${VK_ICD_FILENAMES:-}" ] && [ -f "$nvidia_icd" ] \
        && { [ $rc -ne 0 ] || ! grep '^device\.[0-9]*\.name: ' "$files/device.txt" | grep -qv llvmpipe; }; then
        echo "the loader found no GPU driver of its own; pointing it at NVIDIA's: VK_DRIVER_FILES=$nvidia_icd"
        export VK_DRIVER_FILES=$nvidia_icd
        echo "export VK_DRIVER_FILES='$nvidia_icd'" >> "$files/vulkan.env"
        run_java io.gpuasync.gpu.DeviceProbe "$backend" "$files/device.txt"
        rc=$?
    fi
    return $rc
}

# One line per test in the report as each ends; a Jupiter test that hangs is cut off by the
# default timeout well before the step's bound, so the tests after it still run.
run_tests() {
    local report=$1
    shift
    if [ "$backend" = vulkan ]; then
        # The build's test layer under the backend, as backend-vulkan's surefire puts it.
        VK_LAYER_PATH=$device/vk-layer VK_INSTANCE_LAYERS=VK_LAYER_GAR_test \
            run_java -Dgar.vulkan.testLayer="$device/vk-layer/$layer_library" io.gpuasync.gpu.RunTests \
            --report "$files/$report" --config junit.jupiter.execution.timeout.default=60s "$@"
        return
    fi
    run_java io.gpuasync.gpu.RunTests --report "$files/$report" \
        --config junit.jupiter.execution.timeout.default=60s "$@"
}

bench() {
    local us=$1
    run_java io.gpuasync.cli.Gar bench --backend "$backend" --work-us "$us" --samples "$samples" \
        --warmup "$warmup" --json "$files/bench-${us}us.json" 2> >(tee "$files/bench-${us}us.err" >&2)
    local rc=$?
    wait
    # gar says so, with status 3 (the backend cannot do it here), when a backend has no bench
    # workload yet (HIP today): that is a gap to report, not a failure of this run.
    if [ $rc -eq 3 ] && grep -qiE "no bench workload|no .*workload" "$files/bench-${us}us.err"; then
        touch "$files/bench-${us}us.unsupported"
        return 0
    fi
    return $rc
}

# The std, io_uring and Netty hosts on the backend's bench workload. Status 3 is gar saying it
# cannot here: a backend without a bench workload (HIP today), or a kernel that refuses io_uring
# (a container's seccomp profile): a gap to report, not a failure of this run.
hosts() {
    run_java io.gpuasync.cli.Gar bench --host std,uring,netty --backend "$backend" --work-us 200 --samples "$samples" \
        --warmup "$warmup" --echo "$samples" --json "$files/hosts.json" 2> >(tee "$files/hosts.err" >&2)
    local rc=$?
    wait
    if [ $rc -eq 3 ]; then
        touch "$files/hosts.unsupported"
        return 0
    fi
    return $rc
}

results_table() {
    run_java io.gpuasync.gpu.ResultsTable "$files" && cp "$files/results.md" "$out/results.md"
}

if [ -n "$step_mode" ]; then
    "$@"
    exit $?
fi

# ---------------------------------------------------------------- the steps after the probe

# One function each, run in this order once the probe found a device. A step of its own slots
# in as a name in steps, a bound, a what, and its function here.
device_steps=(tests conformance close-under-gate bench-200us bench-1000us hosts)

step_tests() {
    run_step tests run_tests tests.txt --package "$api_tests" --exclude "${conformance//./\\.}" \
        ${tests_exclude:+--exclude "$tests_exclude"}
}

step_conformance() {
    run_step conformance run_tests conformance.txt --class "$conformance"
}

# Whether CUDA's free of a line's page (cuMemHostUnregister) waits for the whole device is not
# documented: a line is closed while another stream is held at a gate, under the step's bound and
# the program's own limit past the line's settle bound; close-under-gate.txt says which it was.
step_close-under-gate() {
    if [ "$backend" != cuda ]; then
        skip_step close-under-gate "CUDA's question: HIP's free is known to wait for every stream of the device (docs/backends.md), and Vulkan has no device-side wait to hold a stream with"
        return
    fi
    run_step close-under-gate run_java io.gpuasync.gpu.CloseUnderGate "$files/close-under-gate.txt"
}

# The bench runs on the std host (the Reactor's dispatcher and blocking waits); the hosts step
# runs the io_uring and Netty hosts beside it, on the backend's bench workload.
step_bench() {
    local us=$1
    run_step "bench-${us}us" bench "$us"
    if [ -f "$files/bench-${us}us.unsupported" ]; then
        skip_step "bench-${us}us" "gar bench has no $backend workload yet (see bench-${us}us.log)"
    fi
}
step_bench-200us() { step_bench 200; }
step_bench-1000us() { step_bench 1000; }

step_hosts() {
    run_step hosts hosts
    if [ -f "$files/hosts.unsupported" ]; then
        skip_step hosts "gar bench --host cannot run here: $(head -n 1 "$files/hosts.err" | cut -c1-200)"
    fi
}

# ---------------------------------------------------------------- the check

mkdir -p "$out"
files=$(mktemp -d "${TMPDIR:-/tmp}/gar-check-$backend.XXXXXX")
export GAR_CHECK_FILES=$files
# Where the device step unpacks a carried Vulkan loader: outside $OUT (never archived), and kept,
# so that a rerun of later steps alone (GAR_CHECK_STEPS) finds the loader vulkan.env names.
loader_dir=${TMPDIR:-/tmp}/gar-check-vulkan-loader
mkdir -p "$loader_dir"
export GAR_CHECK_LOADER_DIR=$loader_dir
trap 'rm -rf "$files"' EXIT
# A rerun of some steps keeps what the others wrote before (in the archive it left); what a
# step of this run will write is written anew.
if [ -n "$selected" ] && [ -f "$out/$archive" ]; then
    tar -xzf "$out/$archive" -C "$files"
fi
rm -f "$out/summary.md" "$out/results.md" "$out/$archive" "$out/$archive.tmp"
for us in 200 1000; do
    chosen "bench-${us}us" && rm -f "$files/bench-${us}us.json" "$files/bench-${us}us.unsupported"
done
chosen hosts && rm -f "$files/hosts.json" "$files/hosts.unsupported"
rm -f "$files"/results.*
write_summary

if ! run_step layout check_layout; then
    for s in "${steps[@]:1}"; do outcome[$s]="SKIPPED: the layout step failed, nothing can run"; done
    write_summary
    cat "$files/layout.log"
    exit 1
fi

chosen device && rm -f "$files/vulkan.env"
run_step device probe
device_status=$?
# What the probe chose for Vulkan (the loader, the driver manifests) holds for the steps after it.
if [ -f "$files/vulkan.env" ]; then
    # shellcheck source=/dev/null
    . "$files/vulkan.env"
fi
if [ $device_status -eq 0 ]; then
    driver_kind=$(sed -n 's/^driver_kind: \([a-z]*\).*/\1/p' "$files/device.txt" 2>/dev/null)
    for s in "${device_steps[@]}"; do
        "step_$s"
    done
else
    driver_kind=$(sed -n 's/^driver_kind: \([a-z]*\).*/\1/p' "$files/device.txt" 2>/dev/null)
    # The steps after it would fail for that one reason, and spend the budget saying so.
    for s in "${device_steps[@]}"; do skip_step "$s" "no usable device (see device.log)"; done
fi

run_step results results_table
if [ -f "$out/results.md" ]; then
    echo
    cat "$out/results.md"
fi
echo
cat "$summary"
exit $failed
