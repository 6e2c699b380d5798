#!/usr/bin/env bash
# Regenerates the example worksheets in docs/examples/ (HTML, PDF, and a PNG of each page)
# from the specs in specs/. Needs a build (scripts/setup.sh), Chromium and pdftoppm
# (Debian's poppler-utils, only for the PNGs).
set -euo pipefail
cd "$(dirname "$0")/.."

# A PDF's pages as NAME-page-1.png, NAME-page-2.png, ... (pdftoppm pads the numbers to the
# width of the last, which would rename every page when a sheet grows to ten).
pages() {  # pdf prefix
  pdftoppm -png -r 50 "$1" "$2"
  local f
  for f in "$2"-0*.png; do
    [ -e "$f" ] || continue
    mv "$f" "$2-$(basename "$f" .png | sed 's/.*-0*//').png"
  done
}

sheet() {  # name spec count [worksheet options...]
  local name=$1 spec=$2 count=$3
  shift 3
  rm -f docs/examples/"$name"-page-*.png docs/examples/"$name"-key*
  build/puzzlegen worksheet "$spec" --count "$count" --pdf -o "docs/examples/$name.html" "$@"
  pages "docs/examples/$name.pdf" "docs/examples/$name-page"
  if [ -f "docs/examples/$name-key.pdf" ]; then
    pages "docs/examples/$name-key.pdf" "docs/examples/$name-key-page"
  fi
}
sheet instant-insanity specs/instant-insanity/unique-tower.yaml 6
sheet instant-insanity-letter specs/instant-insanity/unique-tower.yaml 6 --paper letter \
  --key separate --seed 100
sheet cube36 specs/cube36/unique-n5.yaml 3
sheet eight-blocks specs/eight-blocks/eight-cubes-one-solid.yaml 6
# One sheet per difficulty level, on both papers.
sheet instant-insanity-medium specs/instant-insanity/unique-tower.yaml 4 --difficulty medium \
  --key none
sheet instant-insanity-hard specs/instant-insanity/unique-tower.yaml 4 --difficulty hard \
  --paper letter --key none
sheet instant-insanity-extreme specs/instant-insanity/unique-tower.yaml 2 --difficulty extreme \
  --key none
# A key that explains: each puzzle's first 5 steps, marked on its nets.
sheet instant-insanity-explained specs/instant-insanity/unique-tower.yaml 2 --difficulty easy \
  --explain 5 --key separate
# Denser nets (11 mm faces) for older pupils: two four-cube puzzles a page.
sheet instant-insanity-dense specs/instant-insanity/unique-tower.yaml 4 --scale 0.55 --key none
# A sheet from two specs: two titled parts, numbered through.
rm -f docs/examples/mixed-page-*.png
build/puzzlegen worksheet specs/instant-insanity/unique-tower.yaml specs/cube36/unique-n5.yaml \
  --count 2,2 --pdf -o docs/examples/mixed.html
pages docs/examples/mixed.pdf docs/examples/mixed-page
