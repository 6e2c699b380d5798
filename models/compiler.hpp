// MiniZinc's compiler, run as a process: a model and the values of its size parameters become
// FlatZinc once, kept in a cache folder under a hash of everything that decides the result (the
// family folder's models, the data, the solver library, the compiler), so that a changed model
// is compiled again and an unchanged one never is.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "manifest.hpp"

namespace puzzlegen::models {

// Which MiniZinc library the model is flattened with: the project's own for Gecode 6.2 (its
// global constraints posted as Gecode's propagators), or MiniZinc's standard decompositions
// (no globals: a second model of the same rules, for verify).
enum class Library { gecode, standard };

// The FlatZinc of `kind`'s model with these size parameters; without `implied`, constraints
// the model wraps in implied_constraint(...) (or redundant_constraint) are left out (MiniZinc's
// mzn_ignore_redundant_constraints), so that a grade measures the rules alone. Throws
// InputError at the model's file:line:col with MiniZinc's message when the model does not
// compile, and naming the Debian package when `minizinc` is missing.
std::string compile(const Manifest& manifest, const KindModel& kind,
                    const std::map<std::string, std::int64_t>& sizes, Library library,
                    bool implied = true);

// The cache folder: $PUZZLEGEN_CACHE_DIR, else $XDG_CACHE_HOME/puzzlegen/models, else
// ~/.cache/puzzlegen/models ("" when none can be named: nothing is cached).
std::string cache_folder();

}  // namespace puzzlegen::models
