// The page and the example specs `puzzlegen serve` offers, compiled into the executable
// (app/CMakeLists.txt lists them): the server never reads a spec file by a name a request gives.
#pragma once

#include <string>
#include <vector>

namespace puzzlegen::cli {

struct ServedSpec {
  std::string path;   // under specs/, e.g. "instant-insanity/unique-tower.yaml"
  std::string label;  // in words, e.g. "four cubes, exactly one tower"
  std::string text;   // the YAML
};

const std::vector<ServedSpec>& served_specs();
// What the page offers: the served specs, then for each family loaded from a plugin that grades
// its puzzles, its own examples ("plugin/NAME/FILE": the specs in a `serve/` folder beside its
// manifest or library, measured like the served ones into serve/levels.tsv by
// scripts/measure-levels.sh --plugin), or else one spec ("plugin/NAME": a random puzzle with
// exactly one solution of its first graded kind, every level offered), so that a plugin's
// puzzles are on the page as soon as it is loaded.
const std::vector<ServedSpec>& offered_specs();
// The plugins' examples' measured levels, as app/serve/levels.tsv writes them (their paths as
// offered_specs() names them).
const std::string& plugin_levels();
// app/serve/levels.tsv: what each example makes at each level (see offers.hpp).
const char* served_levels();
// The page (app/serve/page.html): its HTML, CSS and script in one document.
const char* served_page();

}  // namespace puzzlegen::cli
