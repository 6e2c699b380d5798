#include "output.hpp"

#include <stdexcept>

namespace puzzlegen {

namespace {
void emit(YAML::Emitter& out, const Json& value) {
  if (value.is_object()) {
    out << YAML::BeginMap;
    for (const auto& [key, item] : value.items()) {
      out << YAML::Key << key << YAML::Value;
      emit(out, item);
    }
    out << YAML::EndMap;
  } else if (value.is_array()) {
    // Short lists of scalars read best inline: [red, green] rather than one per line.
    bool flat = value.size() <= 12;
    for (const auto& item : value) flat = flat && !item.is_structured();
    if (flat) out << YAML::Flow;
    out << YAML::BeginSeq;
    for (const auto& item : value) emit(out, item);
    out << YAML::EndSeq;
  } else if (value.is_boolean()) {
    out << value.get<bool>();
  } else if (value.is_number_unsigned()) {
    out << value.get<std::uint64_t>();
  } else if (value.is_number_integer()) {
    out << value.get<std::int64_t>();
  } else if (value.is_number_float()) {
    out << value.get<double>();
  } else if (value.is_null()) {
    out << YAML::Null;
  } else {
    out << value.get<std::string>();
  }
}
}  // namespace

Format parse_format(const std::string& name) {
  if (name == "text") return Format::text;
  if (name == "yaml") return Format::yaml;
  if (name == "json") return Format::json;
  throw std::invalid_argument("unknown format " + name);
}

std::string to_yaml(const Json& document) {
  YAML::Emitter out;
  out.SetBoolFormat(YAML::TrueFalseBool);
  emit(out, document);
  return std::string(out.c_str()) + "\n";
}

Json count_json(const Count& count) {
  Json out = {{"count", natural_json(count.value)}, {"exact", count.exact}};
  if (count.stopped != StopReason::none) out["stopped"] = to_string(count.stopped);
  return out;
}

Json options_json(const OptionValues& values) {
  Json out = Json::object();
  for (const auto& [name, value] : values.all())
    std::visit([&, &name = name](const auto& v) { out[name] = v; }, value);
  return out;
}

Json instance_record(const Spec& spec, const Instance& instance,
                     const std::optional<Natural>& class_size,
                     const std::vector<std::pair<std::string, Count>>& counts, std::size_t index,
                     const std::optional<Grade>& grade) {
  Json record;
  if (index != 0) record["index"] = index;
  record["instance"] = instance.to_json();
  record["parameters"] = options_json(spec.family->parameters_of(instance));
  // The values a spec may bound under `instance:`, so that a reader need not recompute them.
  if (const auto measures = spec.family->measures(); !measures.empty() || grade) {
    Json values = Json::object();
    for (const auto& m : measures) values[m.name] = spec.family->measure(instance, m.name);
    if (grade)
      for (const char* name : {kDifficulty, kSearchNodes})
        if (const Count c = difficulty_measure(*grade, name); c.exact)
          values[name] = natural_json(c.value);
    record["measures"] = values;
  }
  Json counted = Json::object();
  for (const auto& [kind, count] : counts) counted[kind] = count_json(count);
  record["counts"] = counted;
  record["convention"] = options_json(spec.solution_options);
  record["seed"] = spec.generate.seed;
  record["spec-sha256"] = spec.sha256;
  // Last, so that merge finds it at the end of a record it keeps as text.
  if (class_size) record["class-size"] = natural_json(*class_size);
  return record;
}

}  // namespace puzzlegen
