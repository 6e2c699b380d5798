#!/usr/bin/env python3
"""Every shipped model family that offers specs of its own (serve/*.yaml) prints: a worksheet of
two puzzles through headless Chromium is a PDF of at least two pages (the puzzles, then the
key), and its HTML draws each puzzle and each key's solution as the family's grid.

Usage: print_sheets.py PUZZLEGEN MODEL_FOLDER...   (exit 77 without Chromium)"""
import glob
import os
import re
import shutil
import subprocess
import sys
import tempfile


def main():
    puzzlegen, folders = sys.argv[1], sys.argv[2:]
    if not any(shutil.which(b) for b in ("chromium", "chromium-browser", "google-chrome")):
        print("no headless Chromium (apt-get install chromium): skipped", file=sys.stderr)
        return 77
    failures, printed = [], 0
    scratch = tempfile.mkdtemp(prefix="puzzlegen-print-sheets-")
    env = dict(os.environ, PUZZLEGEN_CACHE_DIR=os.path.join(scratch, "cache"))
    try:
        for folder in folders:
            for spec in sorted(glob.glob(os.path.join(folder, "serve", "*.yaml"))):
                name = os.path.splitext(os.path.basename(spec))[0]
                sheet = os.path.join(scratch, name + ".html")
                r = subprocess.run([puzzlegen, "--plugin", folder, "worksheet", spec, "--count",
                                    "2", "--pdf", "-o", sheet], capture_output=True, text=True,
                                   env=env, timeout=300)
                if r.returncode != 0:
                    failures.append(f"{name}: exit {r.returncode}: {r.stderr.strip()}")
                    continue
                with open(os.path.join(scratch, name + ".pdf"), "rb") as f:
                    pdf = f.read()
                pages = re.search(rb"/Type\s*/Pages\b[^>]*?/Count\s+([0-9]+)", pdf)
                with open(sheet) as f:
                    html = f.read()
                grids = html.count('class="model-grid"')
                if not pdf.startswith(b"%PDF-") or not pages or int(pages.group(1)) < 2:
                    failures.append(f"{name}: expected a PDF of at least 2 pages, got "
                                    f"{pages.group(1).decode() if pages else 'no page count'}")
                elif grids < 4:
                    failures.append(f"{name}: expected 2 puzzles and 2 keys drawn as grids, "
                                    f"got {grids} grids")
                else:
                    printed += 1
                    print(f"{name}: {int(pages.group(1))} pages, {grids} grids drawn")
    finally:
        shutil.rmtree(scratch, ignore_errors=True)
    for f in failures:
        print("FAIL:", f)
    if printed == 0 and not failures:
        failures.append("no serve/*.yaml spec found in the folders given")
        print("FAIL: no spec printed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
