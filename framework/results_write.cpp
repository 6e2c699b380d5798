// Writing the result format (results.hpp): a run's summary, a shard's manifest, and the
// shards of a run merged.
#include <iomanip>
#include <sstream>

#include "output.hpp"
#include "results.hpp"
#include "spec.hpp"
#include "strategies.hpp"

namespace puzzlegen {

namespace {

Json counts_object(const std::vector<std::pair<std::string, Count>>& counts) {
  Json out = Json::object();
  for (const auto& [kind, count] : counts) out[kind] = count_json(count);
  return out;
}

}  // namespace

Json summary_json(const Spec& spec, const RunSummary& s,
                  const std::optional<WitnessCounts>& witness) {
  Json j;
  j["instances"] = s.instances;
  j["instances-in-classes"] =
      s.instances_in_classes ? natural_json(*s.instances_in_classes) : Json(nullptr);
  j["proven"] = s.proven;
  j["exhausted"] = s.exhausted;
  if (spec.objective) {
    j["objective"] = spec.objective->text();
    j["best"] = s.best ? natural_json(*s.best) : Json(nullptr);
    // Ties are counted only when the spec asks (`ties: all`), and only a whole search finds
    // them all.
    const bool ties_known = s.exhausted && spec.objective->count_ties;
    j["optimal-instances"] = ties_known ? Json(s.optimal_instances) : Json(nullptr);
    j["optimal-instances-in-classes"] = ties_known && s.optimal_instances_in_classes
                                            ? natural_json(*s.optimal_instances_in_classes)
                                            : Json(nullptr);
  }
  if (witness && s.witness) {
    Json table = Json::array();
    for (std::size_t i = 0; i < witness->conventions.size(); ++i)
      table.push_back({{"convention", options_json(witness->conventions[i])},
                       {"counts", counts_object(witness->counts[i])}});
    j["witness"] = {{"instance", s.witness->to_json()}, {"counts-by-convention", table}};
  }
  if (s.strategy == "local") {
    j["found-by"] = "local search, not exhaustive";
    j["local"] = {
        {"walkers", spec.generate.walkers},
        {"steps", s.nodes},
        {"step-budget", spec.generate.steps == 0 ? Json(nullptr) : Json(spec.generate.steps)},
        {"acceptances", s.local_accepted},
        {"restarts", s.local_restarts},
        {"best-violation", s.local_best_violation ? Json(*s.local_best_violation) : Json(nullptr)}};
  }
  j["explored"] = s.explored;
  // The work beside the classes judged: instance-search nodes (random: instances drawn). A
  // figure about the run, like its time: with threads it includes the split and what workers
  // searched ahead, so unlike the rest it may change with --threads.
  j["nodes"] = s.nodes;
  j["strategy"] = s.strategy;
  if (spec.given) j["given-failed"] = s.given_failed;
  j["stopped"] = to_string(s.stopped);
  j["seed"] = spec.generate.seed;
  j["convention"] = options_json(spec.solution_options);
  j["spec-sha256"] = spec.sha256;
  return {{"summary", j}};
}

std::string summary_text(const Spec& spec, const RunSummary& s,
                         const std::optional<WitnessCounts>& witness) {
  std::ostringstream out;
  out << "summary: " << s.instances << " instance" << (s.instances == 1 ? "" : "s");
  if (s.instances_in_classes && s.instances > 0 && !spec.objective)
    out << " up to symmetry, " << *s.instances_in_classes << " counted one by one";
  out << " (" << s.strategy << ", seed " << spec.generate.seed << ", " << s.explored
      << " candidates judged, " << s.nodes
      << (s.strategy == "local"         ? " steps"
          : draws_instances(s.strategy) ? " drawn"
                                        : " search nodes")
      << ")\n";
  if (spec.objective) {
    out << "  objective: " << spec.objective->text() << " = "
        << (s.best ? to_string(*s.best) : std::string("none found")) << "\n";
    if (s.best && !spec.objective->count_ties)
      out << "  instances reaching it: not counted (objective: {..., ties: all} counts them)\n";
    if (s.best && s.exhausted && spec.objective->count_ties)
      out << "  instances reaching it: " << s.optimal_instances
          << " (distinct up to the family's instance symmetries"
          << (s.optimal_instances_in_classes
                  ? "; " + to_string(*s.optimal_instances_in_classes) + " counted one by one"
                  : std::string())
          << ")\n";
  }
  if (witness && s.witness) {
    out << "  the last instance above, counted in every convention:\n";
    for (std::size_t i = 0; i < witness->conventions.size(); ++i) {
      out << "    "
          << (witness->conventions.size() == 1 ? "counts"
                                               : convention_text(witness->conventions[i]))
          << ":";
      for (const auto& [kind, count] : witness->counts[i])
        out << "  " << kind << " " << count.text();
      out << "\n";
    }
  }
  for (const auto& reason : s.given_failed) out << "  the given instance fails: " << reason << "\n";
  const auto bound = spec.objective_bound();
  if (s.strategy == "local") {
    out << "  found by local search, not exhaustive (each instance above meets the spec; more may "
           "exist): "
        << spec.generate.walkers << " walker" << (spec.generate.walkers == 1 ? "" : "s") << ", "
        << s.nodes << " steps, " << s.local_accepted << " accepted, " << s.local_restarts
        << " restart" << (s.local_restarts == 1 ? "" : "s") << ", least distance from the spec "
        << (s.local_best_violation ? std::to_string(*s.local_best_violation) : "none") << "\n";
    if (s.stopped != StopReason::none) out << "  stopped by " << to_string(s.stopped) << "\n";
    return out.str();
  }
  if (s.proven && !s.exhausted && bound)  // an optimum meeting its bound
    out << "  proven: no instance can do better than " << to_string(*bound)
        << " (the spec's bounds and the family's facts), so this is optimal\n";
  else if (s.proven)
    out << "  proven: the whole instance space was searched"
        << (spec.objective ? ", so this is optimal" : "") << "\n";
  else if (s.stopped != StopReason::none)
    out << "  not proven: stopped by " << to_string(s.stopped) << "\n";
  else if (spec.objective)
    out << "  not proven: the instance space was not exhausted\n";
  else
    out << "  the instance space was not exhausted (each instance above meets the spec; "
           "more may exist)\n";
  return out.str();
}

void add_shard_manifest(Json& summary, const Spec& spec, const RunSummary& s, unsigned index,
                        unsigned of, const std::string& version, double seconds) {
  Json& m = summary["summary"];
  m["version"] = version;
  m["shard"] = {{"index", index}, {"of", of}};
  m["subproblems"] = {
      {"total", s.subproblems}, {"mine", s.subproblems_mine}, {"done", s.subproblems_done}};
  // Complete: nothing is left to search in this shard (a proven minimum of 0 ends it too).
  m["complete"] = s.exhausted || s.proven;
  m["instances-wanted"] = spec.generate.instances ? Json(*spec.generate.instances) : Json("all");
  m["nodes"] = s.nodes;
  m["balance"] = {{"slowest-subproblem-seconds", s.slowest_subproblem},
                  {"mean-subproblem-seconds", s.mean_subproblem}};
  m["seconds"] = seconds;
  if (spec.objective) {
    m["minimize"] = spec.objective->minimize;
    if (spec.objective->count_ties) {
      m["optimal-keys"] = s.optimal_keys;
      Json sizes = Json::array();
      for (const auto& size : s.optimal_class_sizes)
        sizes.push_back(size ? natural_json(*size) : Json(nullptr));
      m["optimal-class-sizes"] = sizes;
    }
  }
}

MergedRun merge_shards(const Manifest& run_manifest,
                       const std::map<unsigned, const ResultFile*>& by_index, std::uint64_t records,
                       const std::optional<Natural>& in_classes) {
  MergedRun out;
  out.coverage = shard_coverage(run_manifest, by_index);
  const ShardCoverage& coverage = out.coverage;
  const auto& missing = coverage.missing;
  const auto& incomplete = coverage.incomplete;
  const bool all_complete = coverage.complete();

  std::uint64_t explored = 0, nodes = 0, done = 0, subproblems = 0;
  double seconds = 0, slowest = 0, fastest = -1;
  bool all_proven = all_complete;
  bool all_exhausted = all_complete;
  std::string stopped = "none";
  for (const auto& [k, shard] : by_index) {
    const Manifest& m = shard->manifest;
    explored += m.explored;
    nodes += m.nodes;
    done += m.done;
    subproblems = std::max(subproblems, m.subproblems);
    seconds += m.seconds;
    slowest = std::max(slowest, m.seconds);
    fastest = fastest < 0 ? m.seconds : std::min(fastest, m.seconds);
    all_proven = all_proven && m.proven;
    all_exhausted = all_exhausted && m.exhausted;
    if (stopped == "none") stopped = m.stopped;
  }

  std::optional<Natural>& best = out.best;
  Json witness;
  bool proven = all_proven;
  bool exhausted = all_exhausted;
  Json optimal_instances = nullptr;
  Json optimal_in_classes = nullptr;
  if (run_manifest.objective) {
    if (const ResultFile* best_in = best_shard(run_manifest, by_index)) {
      best = best_in->manifest.best;
      witness = best_in->manifest.raw.value("witness", Json());
      // A shard proves without exhausting only when its best meets the bound the spec and
      // the family allow: nothing beats that, whatever the other shards did.
      if (best_in->manifest.proven && !best_in->manifest.exhausted) proven = true;
    }
    if (all_complete && run_manifest.optimal_keys) {
      std::map<std::vector<int>, std::optional<Natural>> ties;  // with class sizes
      for (const auto& [k, shard] : by_index)
        if (shard->manifest.best == best && shard->manifest.optimal_keys)
          for (std::size_t t = 0; t < shard->manifest.optimal_keys->size(); ++t)
            ties.emplace((*shard->manifest.optimal_keys)[t],
                         shard->manifest.optimal_class_sizes[t]);
      optimal_instances = ties.size();
      std::optional<Natural> sum = Natural(0);
      for (const auto& [key, size] : ties) add_known(sum, size);
      if (sum) optimal_in_classes = natural_json(*sum);
    }
  } else if (run_manifest.wanted && records >= *run_manifest.wanted) {
    // One process stops at the number wanted without searching the rest: nothing is proven.
    proven = exhausted = false;
  }

  Json& summary = out.summary;
  summary["instances"] = records;
  summary["instances-in-classes"] = in_classes ? natural_json(*in_classes) : Json(nullptr);
  summary["proven"] = proven;
  summary["exhausted"] = exhausted;
  if (run_manifest.objective) {
    summary["objective"] = run_manifest.raw.value("objective", Json());
    summary["best"] = best ? natural_json(*best) : Json(nullptr);
    summary["optimal-instances"] = optimal_instances;
    summary["optimal-instances-in-classes"] = optimal_in_classes;
    if (!witness.is_null()) summary["witness"] = witness;
  }
  if (run_manifest.strategy == "local") {
    // The shards' walks, added up: the same figures as one process's, proving nothing.
    summary["found-by"] = "local search, not exhaustive";
    std::uint64_t steps = 0, accepted = 0, restarts = 0;
    Json least = nullptr;
    for (const auto& [k, shard] : by_index) {
      // Figures only reported, never relied on: what is not a whole number is left out, so a
      // shard's file edited by hand cannot make merge fail here.
      const Json& raw = shard->manifest.raw;
      const Json local = raw.is_object() && raw.contains("local") && raw["local"].is_object()
                             ? raw["local"]
                             : Json::object();
      const auto figure = [&](const char* name) -> std::optional<std::uint64_t> {
        const auto it = local.find(name);
        if (it == local.end() || !it->is_number_unsigned()) return std::nullopt;
        return it->get<std::uint64_t>();
      };
      steps += figure("steps").value_or(0);
      accepted += figure("acceptances").value_or(0);
      restarts += figure("restarts").value_or(0);
      if (const auto best_violation = figure("best-violation"))
        if (least.is_null() || *best_violation < least.get<std::uint64_t>())
          least = *best_violation;
    }
    summary["local"] = {{"walkers", subproblems},
                        {"steps", steps},
                        {"acceptances", accepted},
                        {"restarts", restarts},
                        {"best-violation", least}};
  }
  summary["explored"] = explored;
  summary["strategy"] = run_manifest.strategy;
  summary["stopped"] = stopped;
  summary["seed"] = run_manifest.seed;
  summary["convention"] = run_manifest.raw.value("convention", Json::object());
  summary["spec-sha256"] = run_manifest.spec_sha256;
  summary["version"] = run_manifest.version;
  summary["shards"] = {{"of", run_manifest.of},
                       {"present", by_index.size()},
                       {"missing", missing},
                       {"incomplete", incomplete}};
  summary["subproblems"] = {{"total", subproblems}, {"done", done}};
  summary["nodes"] = nodes;
  summary["seconds"] = {{"sum", seconds}, {"slowest-shard", slowest}, {"fastest-shard", fastest}};
  out.proven = proven;
  out.exhausted = exhausted;
  return out;
}

std::string merged_summary_text(const Json& s, const ShardCoverage& coverage) {
  const auto& missing = coverage.missing;
  const auto& incomplete = coverage.incomplete;
  std::ostringstream out;
  const auto instances = s["instances"].get<std::size_t>();
  const bool objective = s.contains("objective");
  out << "summary: " << instances << " instance" << (instances == 1 ? "" : "s");
  if (!s["instances-in-classes"].is_null() && instances > 0 && !objective)
    out << " up to symmetry, " << s["instances-in-classes"].dump() << " counted one by one";
  out << " (" << s["strategy"].get<std::string>() << ", seed " << s["seed"].dump() << ", "
      << s["explored"].dump() << " candidates judged), from " << s["shards"]["present"].dump()
      << " of " << s["shards"]["of"].dump() << " shards\n";
  if (objective) {
    out << "  objective: " << s["objective"].get<std::string>() << " = "
        << (s["best"].is_null() ? std::string("none found") : s["best"].dump()) << "\n";
    if (!s["optimal-instances"].is_null())
      out << "  instances reaching it: " << s["optimal-instances"].dump()
          << " (distinct up to the family's instance symmetries"
          << (s["optimal-instances-in-classes"].is_null()
                  ? std::string()
                  : "; " + s["optimal-instances-in-classes"].dump() + " counted one by one")
          << ")\n";
  }
  if (!missing.empty()) out << "  missing shards: " << shard_list_text(missing) << "\n";
  if (!incomplete.empty())
    out << "  incomplete shards (stopped before the end; run them again): "
        << shard_list_text(incomplete) << "\n";
  out << "  subproblems: " << s["subproblems"]["done"].dump() << " of "
      << s["subproblems"]["total"].dump() << " searched, " << s["nodes"].dump()
      << " nodes; shards took " << std::setprecision(3) << s["seconds"]["sum"].get<double>()
      << " s in all, the slowest " << s["seconds"]["slowest-shard"].get<double>() << " s\n";
  if (s["proven"].get<bool>() && s["exhausted"].get<bool>())
    out << "  proven: the whole instance space was searched"
        << (objective ? ", so this is optimal" : "") << "\n";
  else if (s["proven"].get<bool>())
    out << "  proven: a shard's best meets the bound nothing can do better than, so this is "
           "optimal\n";
  else if (s["strategy"] == "local")
    out << "  found by local search, not exhaustive (each instance above meets the spec; more "
           "may exist)\n";
  else if (!missing.empty() || !incomplete.empty())
    out << "  not proven: shards are missing or incomplete\n";
  else if (s["stopped"] != "none")
    out << "  not proven: stopped by " << s["stopped"].get<std::string>() << "\n";
  else
    out << "  not proven: the instance space was not exhausted\n";
  return out.str();
}

std::string shard_list_text(const std::vector<unsigned>& shards) {
  std::string out;
  for (const unsigned k : shards) out += (out.empty() ? "" : ", ") + std::to_string(k);
  return out;
}

}  // namespace puzzlegen
