#!/usr/bin/env bash
# Packs .device/ for the GPU check (gpu/check.sh) on a lent GPU machine: builds the project
# (tests compiled, not run; no javadoc or sources jars, which the check never loads), lays out
# the check's runtime with gpu/layout.sh (the layout every build runs the check on), and checks
# with gpu/travel.sh that everything that travels (the project's files, shared/, .device) fits
# the 64 MiB the machine takes, printing the margin; fails, naming the largest parts, when not.
#     gpu/pack.sh                  (from anywhere)
# then one device run carrying [".device"]: bash gpu/check.sh cuda
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
mvn -q -B -ntp -DskipTests -Dmaven.javadoc.skip=true -Dmaven.source.skip=true package
bash gpu/layout.sh .device
bash gpu/travel.sh .device
