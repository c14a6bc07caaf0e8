#!/usr/bin/env bash
# NVIDIA's own libcuda.so.1 for RealLibcudaTest: Debian's non-free libcuda1, fetched with
# apt-get download under a private apt configuration (bookworm non-free; nothing of the
# machine's own apt state is read or changed) and unpacked with dpkg -x into DEST, never
# installed (a real install diverts GL files). Leaves DEST/libcuda.so.1 and DEST/VERSION, or
# DEST/UNAVAILABLE saying why not (offline, no apt, a network refusal), and always exits 0: the
# test then reports itself skipped with that reason, and the build goes on.
#     fetch-libcuda1.sh DEST offline=OFFLINE    (OFFLINE: Maven's settings.offline, true or false;
#                                                GAR_DEBIAN_MIRROR: another archive, default deb.debian.org)
set -uo pipefail
offline=${2#offline=}
# apt reads its folders as absolute paths.
dest=$(mkdir -p "$1" && cd "$1" && pwd)
[ -e "$dest/libcuda.so.1" ] && exit 0    # fetched by an earlier build: the package does not change under a suite
rm -rf "${dest:?}"/*
unavailable() {
    echo "$*" > "$dest/UNAVAILABLE"
    echo "fetch-libcuda1.sh: not fetched: $*"
    exit 0
}
[ "$offline" != true ] || unavailable "Maven runs offline (-o), so NVIDIA's libcuda1 was not fetched from Debian's archive"
command -v apt-get > /dev/null && command -v dpkg > /dev/null || unavailable "no apt-get and dpkg here to fetch Debian's libcuda1 with"
keyring=/usr/share/keyrings/debian-archive-keyring.gpg
[ -r "$keyring" ] || unavailable "no Debian archive keyring at $keyring to check the package with"
apt=$dest/apt
mkdir -p "$apt/lists/partial" "$apt/archives/partial"
echo "deb [signed-by=$keyring] ${GAR_DEBIAN_MIRROR:-http://deb.debian.org/debian} bookworm non-free" > "$apt/sources.list"
options=(-q -o "Dir::Etc::SourceList=$apt/sources.list" -o Dir::Etc::SourceParts=/dev/null
         -o "Dir::State=$apt" -o "Dir::State::Lists=$apt/lists" -o Dir::State::status=/dev/null
         -o "Dir::Cache=$apt" -o "Dir::Cache::Archives=$apt/archives" -o Debug::NoLocking=1
         -o APT::Sandbox::User=root -o Acquire::Retries=0 -o Acquire::http::Timeout=20)
if ! log=$(apt-get "${options[@]}" update 2>&1) || grep -qE '^(W|E): ' <<< "$log"; then
    unavailable "apt-get update of bookworm non-free failed: $(grep -E '^(W|E): |Err' <<< "$log" | head -n 3 | tr '\n' ' ')"
fi
if ! log=$(cd "$apt" && apt-get "${options[@]}" download libcuda1 2>&1); then
    unavailable "apt-get download libcuda1 failed: $(grep -E '^(W|E): |Err' <<< "$log" | head -n 3 | tr '\n' ' ')"
fi
deb=$(ls "$apt"/libcuda1_*.deb 2>/dev/null | head -n 1)
[ -n "$deb" ] || unavailable "apt-get download libcuda1 left no package: $log"
dpkg -x "$deb" "$dest/root" || unavailable "dpkg -x $deb failed"
lib=$(find "$dest/root" -name 'libcuda.so.1' | head -n 1)
[ -n "$lib" ] || unavailable "$deb holds no libcuda.so.1"
dpkg-deb -f "$deb" Version > "$dest/VERSION"
ln -s "${lib#"$dest"/}" "$dest/libcuda.so.1"
rm -rf "$apt/lists"
echo "fetch-libcuda1.sh: libcuda1 $(cat "$dest/VERSION") unpacked in $dest"
