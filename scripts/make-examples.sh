#!/usr/bin/env bash
# Regenerates the example worksheets in docs/examples/ (HTML, PDF, and a PNG of each page)
# from the specs in specs/. Needs a build (scripts/setup.sh), Chromium and pdftoppm
# (Debian's poppler-utils, only for the PNGs).
set -euo pipefail
cd "$(dirname "$0")/.."

sheet() {  # name spec count
  build/puzzlegen worksheet "$2" --count "$3" --pdf -o "docs/examples/$1.html"
  pdftoppm -png -r 50 "docs/examples/$1.pdf" "docs/examples/$1-page"
}
sheet instant-insanity specs/instant-insanity/unique-tower.yaml 4
sheet cube36 specs/cube36/unique-n5.yaml 3
sheet eight-blocks specs/eight-blocks/eight-cubes-one-solid.yaml 2
