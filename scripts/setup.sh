#!/usr/bin/env bash
# Installs whatever puzzlegen needs that is missing (Debian 12 packages), then configures and
# builds it in build/ (Release). Extra arguments go to the CMake configure step.
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(g++ cmake make libgecode-dev libyaml-cpp-dev libcli11-dev catch2 nlohmann-json3-dev
          libssl-dev libpugixml-dev libpng-dev chromium fonts-dejavu-core)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$package")
done
if ((${#missing[@]})); then
  echo "installing: ${missing[*]}" >&2
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo=sudo
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends \
    "${missing[@]}" >&2
fi

cmake -S . -B build -DCMAKE_BUILD_TYPE=Release "$@" >&2
cmake --build build -j"$(nproc)" >&2
