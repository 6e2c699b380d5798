// Output documents: JSON (nlohmann) is the one in-memory form; YAML is emitted from it, so the
// two formats always carry the same fields.
#pragma once

#include <ostream>
#include <string>

#include "family.hpp"
#include "spec.hpp"

namespace puzzlegen {

enum class Format { text, yaml, json };
Format parse_format(const std::string& name);

std::string to_yaml(const Json& document);

// {"count": N, "exact": bool} (+ "stopped" when a limit cut it short)
Json count_json(const Count& count);

// Option values as a JSON object; for solution options this is the counting convention
// ({"count-as": ..., "modulo": ..., ...}), for parameters the instance's size and shape.
Json options_json(const OptionValues& values);

// One generated instance as a self-describing record (instance, parameters, the family's
// measures, counts with their convention, spec SHA-256, seed, and whether each count is exact).
// `class_size`: Instance::class_size(), as the judge measured it; `grade`: the grade of the
// posed kind when the judge graded it (its difficulty measures are then recorded too).
Json instance_record(const Spec& spec, const Instance& instance,
                     const std::optional<Natural>& class_size,
                     const std::vector<std::pair<std::string, Count>>& counts, std::size_t index,
                     const std::optional<Grade>& grade = std::nullopt);

}  // namespace puzzlegen
