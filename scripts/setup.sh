#!/usr/bin/env bash
# Installs whatever puzzlegen needs that is missing (Debian 12 packages), then configures and
# builds it in build/ (Release).
#   scripts/setup.sh        what `puzzlegen` itself needs: its build packages and MiniZinc (for
#                           model families); builds the program alone, the quickest first run
#   scripts/setup.sh all    also every test's tools and peers (Chromium, Slurm, sgt-puzzles, ...);
#                           builds everything, tests and examples included
# Further arguments go to the CMake configure step.
set -euo pipefail
cd "$(dirname "$0")/.."

everything=0
if [ "${1:-}" = all ]; then
  everything=1
  shift
fi
packages=(g++ cmake make libgecode-dev libyaml-cpp-dev libcli11-dev nlohmann-json3-dev libboost-dev
          libssl-dev pkg-config libcpp-httplib-dev minizinc)
if ((everything)); then
  packages+=(catch2 libpugixml-dev help2man libpng-dev chromium fonts-dejavu-core
             python3-selenium chromium-driver parallel munge slurmctld slurmd slurm-client python3
             sgt-puzzles qqwing xz-utils flatzinc iproute2)
fi
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$package")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  # Slurm and munge are installed for the tests, which start their own private daemons: keep
  # the packages from starting system-wide ones where the machine has no policy of its own.
  policy=/usr/sbin/policy-rc.d
  added_policy=0
  if [ ! -e "$policy" ]; then
    printf '#!/bin/sh\nexit 101\n' | $sudo tee "$policy" >/dev/null
    $sudo chmod 755 "$policy"
    added_policy=1
  fi
  status=0
  { $sudo apt-get update -qq &&
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
      "${missing[@]}" >&2; } || status=$?
  ((added_policy)) && $sudo rm -f "$policy"
  ((status == 0)) || exit "$status"
fi

if ((everything)); then
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=ON "$@" >&2
  cmake --build build -j"$(nproc)" >&2
else
  # The tests' packages may be missing: configure without them, build the program alone.
  cmake -S . -B build -DCMAKE_BUILD_TYPE=Release -DBUILD_TESTING=OFF "$@" >&2
  cmake --build build -j"$(nproc)" --target puzzlegen >&2
fi
