#include "results.hpp"

#include <algorithm>
#include <fstream>
#include <iostream>
#include <set>
#include <string_view>

#include "files.hpp"
#include "spill.hpp"

namespace puzzlegen {

namespace {
constexpr std::uint64_t kMaxShards = 100000;  // as `generate --shard` accepts
}  // namespace

JsonFields::JsonFields(const Json& object, const std::string& file, std::size_t line,
                       std::string prefix)
    : object_(object), file_(file), line_(line), prefix_(std::move(prefix)) {}

const Json* JsonFields::find(const std::string& name) const {
  const auto it = object_.find(name);
  return it == object_.end() ? nullptr : &*it;
}

const Json& JsonFields::at(const std::string& name, const char* expected) const {
  const Json* value = find(name);
  if (!value) fail(name, std::string("missing (expected ") + expected + ")");
  return *value;
}

std::uint64_t JsonFields::count(const std::string& name, std::uint64_t max) const {
  const Json& v = at(name, "a whole number");
  if (!v.is_number_unsigned() || v.get<std::uint64_t>() > max)
    fail(name, "expected a whole number" +
                   (max == UINT64_MAX ? std::string() : " up to " + std::to_string(max)));
  return v.get<std::uint64_t>();
}

bool JsonFields::flag(const std::string& name) const {
  const Json& v = at(name, "true or false");
  if (!v.is_boolean()) fail(name, "expected true or false");
  return v.get<bool>();
}

std::string JsonFields::text(const std::string& name) const {
  const Json& v = at(name, "text");
  if (!v.is_string()) fail(name, "expected text");
  return v.get<std::string>();
}

double JsonFields::number(const std::string& name) const {
  const Json& v = at(name, "a number");
  if (!v.is_number() || v.get<double>() < 0) fail(name, "expected a number of seconds");
  return v.get<double>();
}

JsonFields JsonFields::object(const std::string& name) const {
  const Json& v = at(name, "an object");
  if (!v.is_object()) fail(name, "expected an object");
  return JsonFields(v, file_, line_, prefix_ + name + ".");
}

std::vector<int> JsonFields::key(const Json& v, const std::string& name) const {
  std::vector<int> out;
  if (!v.is_array()) fail(name, "expected a list of integers");
  for (const auto& k : v) {
    if (!k.is_number_integer() || k.get<std::int64_t>() < INT32_MIN ||
        k.get<std::int64_t>() > INT32_MAX)
      fail(name, "expected a list of integers");
    out.push_back(static_cast<int>(k.get<std::int64_t>()));
  }
  return out;
}

void JsonFields::fail(const std::string& name, const std::string& what) const {
  throw InputError({file_, static_cast<int>(line_), 0}, prefix_ + name, what);
}

namespace {

Manifest read_manifest(const Json& summary, const std::string& file, std::size_t line) {
  const JsonFields f(summary, file, line, "summary.");
  Manifest m;
  m.line = line;
  m.raw = summary;
  const JsonFields shard = f.object("shard");
  m.of = static_cast<unsigned>(shard.count("of", kMaxShards));
  m.index = static_cast<unsigned>(shard.count("index", kMaxShards));
  if (m.of == 0 || m.index == 0 || m.index > m.of)
    shard.fail("index", "shard " + std::to_string(m.index) + " of " + std::to_string(m.of));
  m.spec_sha256 = f.text("spec-sha256");
  m.version = f.text("version");
  m.strategy = f.text("strategy");
  m.stopped = f.text("stopped");
  m.seed = f.count("seed");
  const JsonFields parts = f.object("subproblems");
  m.subproblems = parts.count("total");
  m.mine = parts.count("mine");
  m.done = parts.count("done");
  m.explored = f.count("explored");
  m.nodes = f.count("nodes");
  m.complete = f.flag("complete");
  m.proven = f.flag("proven");
  m.exhausted = f.flag("exhausted");
  m.seconds = f.number("seconds");
  const Json& wanted = f.at("instances-wanted", "a number or all");
  if (wanted.is_number_unsigned())
    m.wanted = wanted.get<std::uint64_t>();
  else if (wanted != "all")
    f.fail("instances-wanted", "expected a number or all");
  if (f.find("objective")) {
    m.objective = true;
    m.minimize = f.flag("minimize");
    const Json& best = f.at("best", "a whole number or null");
    if (!best.is_null()) {
      m.best = natural_from_json(best);
      if (!m.best) f.fail("best", "expected a whole number or null");
    }
    if (const Json* keys = f.find("optimal-keys")) {
      if (!keys->is_array()) f.fail("optimal-keys", "expected a list of keys");
      m.optimal_keys.emplace();
      for (const auto& key : *keys) m.optimal_keys->push_back(f.key(key, "optimal-keys"));
      m.optimal_class_sizes.assign(m.optimal_keys->size(), std::nullopt);
      if (const Json* sizes = f.find("optimal-class-sizes")) {
        if (!sizes->is_array() || sizes->size() != keys->size())
          f.fail("optimal-class-sizes", "expected one whole number or null per optimal key");
        for (std::size_t k = 0; k < sizes->size(); ++k)
          if (!(*sizes)[k].is_null() &&
              !(m.optimal_class_sizes[k] = natural_from_json((*sizes)[k])))
            f.fail("optimal-class-sizes", "expected one whole number or null per optimal key");
      }
    }
  }
  return m;
}

// A file's size and time of last change, to tell whether it changed since it was read.
std::pair<std::uintmax_t, std::filesystem::file_time_type> file_state(
    const std::filesystem::path& file) {
  std::error_code error;
  const auto bytes = std::filesystem::file_size(file, error);
  const auto modified = std::filesystem::last_write_time(file, error);
  return {error ? 0 : bytes, error ? std::filesystem::file_time_type() : modified};
}

// The end of a shard's record as generate writes it, `,"subproblem":N,"key":[...]}`, read
// without a JSON parser (it was most of the time merge took to read a shard); false for
// anything else (spaces, a number JSON or the checks below would read otherwise), which is
// then read as JSON.
bool read_written_tail(std::string_view tail, std::uint64_t& subproblem, std::vector<int>& key) {
  std::size_t at = 0;
  const auto literal = [&](std::string_view word) {
    if (tail.substr(at, word.size()) != word) return false;
    at += word.size();
    return true;
  };
  // Digits with no leading zero, at most `max`.
  const auto digits = [&](std::uint64_t max, std::uint64_t& value) {
    const std::size_t start = at;
    value = 0;
    while (at < tail.size() && tail[at] >= '0' && tail[at] <= '9') {
      const auto digit = static_cast<std::uint64_t>(tail[at] - '0');
      if (value > (max - digit) / 10) return false;
      value = value * 10 + digit;
      ++at;
    }
    return at > start && (tail[start] != '0' || at == start + 1);
  };
  if (!literal(",\"subproblem\":") || !digits(UINT64_MAX, subproblem) || !literal(",\"key\":["))
    return false;
  key.clear();
  if (!literal("]")) {
    do {
      const bool negative = literal("-");
      std::uint64_t value = 0;
      if (!digits(negative ? std::uint64_t{1} << 31 : INT32_MAX, value) || (negative && value == 0))
        return false;
      key.push_back(negative ? static_cast<int>(-static_cast<std::int64_t>(value))
                             : static_cast<int>(value));
    } while (literal(","));
    if (!literal("]")) return false;
  }
  return literal("}") && at == tail.size();
}

// A record that a shard wrote: the record one process prints with two fields appended. It is
// kept as text (checked to be JSON) rather than parsed whole and written again, which is most
// of the time merge takes on a large census. False when `text` is not written that way.
// `checked`: the file was read through before, its every line checked, and has not changed
// since; the record's text is then not checked again to be JSON.
bool read_shard_record(const std::string& text, const std::string& path, std::size_t line,
                       ResultRecord& record, bool checked) {
  const auto cut = text.rfind(",\"subproblem\":");
  if (text.rfind("{\"instance\":", 0) != 0 || cut == std::string::npos) return false;
  const JsonFields none(Json::object(), path, line);
  std::uint64_t subproblem = 0;
  std::vector<int> key;
  const bool written = read_written_tail(std::string_view(text).substr(cut), subproblem, key);
  Json tail;
  if (!written) {
    try {
      tail = Json::parse("{" + text.substr(cut + 1));
    } catch (const Json::exception&) {
      none.fail("", "not JSON: results are written as JSON Lines (generate, merge)");
    }
  }
  std::string body = text.substr(0, cut) + "}";
  if (!checked && !Json::accept(body))
    none.fail("", "not JSON: results are written as JSON Lines (generate, merge)");
  record.line = line;
  if (written) {
    record.subproblem = subproblem;
    record.key = std::move(key);
  } else {
    const JsonFields f(tail, path, line);
    if (tail.size() != 2) f.fail("key", "expected the record to end with subproblem and key");
    record.subproblem = f.count("subproblem");
    record.key = f.key(f.at("key", "a list of integers"), "key");
  }
  // The class size is the record's last field (a quote inside a JSON string is escaped, so the
  // pattern cannot come from a name).
  const std::string field = ",\"class-size\":";
  if (const auto at = body.rfind(field); at != std::string::npos) {
    const auto start = at + field.size();
    Json size;
    try {
      size = Json::parse(body.substr(start, body.size() - 1 - start));
    } catch (const Json::exception&) {
    }
    record.class_size = natural_from_json(size);
    if (!record.class_size) none.fail("class-size", "expected a whole number");
  }
  record.body = std::move(body);
  return true;
}

}  // namespace

// A result's lines read one at a time: records, and the summary line, which must be the last.
struct ResultReader::Lines {
  Lines(const std::filesystem::path& source, std::string name, bool checked = false)
      : path(std::move(name)), in(source, std::ios::binary), checked(checked) {
    if (!in) throw InputError({path, 0, 0}, "", "cannot read the file");
  }

  // The next record, false at the end of the file; a summary line on the way is kept.
  bool next(ResultRecord& record) {
    while (std::getline(in, text)) {
      const std::uint64_t start = offset;
      offset += text.size() + 1;
      ++line;
      if (text.empty()) continue;
      const JsonFields none(Json::object(), path, line);
      if (have_summary) none.fail("", "lines after the summary: not the output of one run");
      record = ResultRecord();
      record.offset = start;
      if (read_shard_record(text, path, line, record, checked)) return true;
      Json json;
      try {
        json = Json::parse(text);
      } catch (const Json::exception&) {
        none.fail("", "not JSON: results are written as JSON Lines (generate, merge)");
      }
      if (!json.is_object()) none.fail("", "expected a JSON object");
      if (const auto it = json.find("summary"); it != json.end()) {
        if (!it->is_object()) none.fail("summary", "expected an object");
        summary = *it;
        summary_line = line;
        have_summary = true;
        continue;
      }
      const JsonFields f(json, path, line);
      record.line = line;
      if (f.find("subproblem")) {
        record.subproblem = f.count("subproblem");
        record.key = f.key(f.at("key", "a list of integers"), "key");
        json.erase("subproblem");
        json.erase("key");
      }
      if (const Json* size = f.find("class-size"))
        if (!(record.class_size = natural_from_json(*size)))
          f.fail("class-size", "expected a whole number");
      record.body = json.dump();
      return true;
    }
    if (in.bad()) throw InputError({path, static_cast<int>(line), 0}, "", "cannot read the file");
    return false;
  }

  void seek(std::uint64_t to, std::size_t at_line) {
    if (to != offset || !in.good()) {
      in.clear();
      in.seekg(static_cast<std::streamoff>(to));
      offset = to;
    }
    line = at_line - 1;
    have_summary = false;
  }

  std::string path;  // the file's name in messages
  std::ifstream in;
  bool checked = false;  // read through and checked before (read_shard_record)
  std::string text;
  std::size_t line = 0;
  std::uint64_t offset = 0;  // of the next line
  bool have_summary = false;
  Json summary;
  std::size_t summary_line = 0;
};

ResultReader::ResultReader(const ResultFile& file) {
  // Read again only as it was read through: a file that changed since is read through again
  // by the next command, not half-trusted by this one.
  if (file_state(file.source) != file.state)
    throw InputError({file.file, 0, 0}, "", "the file changed while it was read");
  lines_ = std::make_unique<Lines>(file.source, file.file, true);
}

ResultReader::~ResultReader() = default;

bool ResultReader::next(ResultRecord& record) {
  return lines_->next(record);
}

ResultRecord ResultReader::at(std::uint64_t offset, std::size_t line) {
  lines_->seek(offset, line);
  ResultRecord record;
  if (!lines_->next(record) || record.line != line)
    throw InputError({lines_->path, static_cast<int>(line), 0}, "",
                     "the file changed while it was read");
  return record;
}

namespace {

// Reads the whole file once, checking every line, and keeps what describes it.
ResultFile scan_lines(const std::filesystem::path& source, const std::string& path,
                      const EachRecord& each) {
  ResultFile result;
  result.file = path;
  result.source = source;
  result.state = file_state(source);
  ResultReader::Lines lines(source, path);
  ResultRecord record, last;
  // A shard's records all say where they were found; no one else's do: the first of either.
  std::optional<std::size_t> first_placed, first_unplaced;
  while (lines.next(record)) {
    ++result.records;
    auto& first = record.subproblem ? first_placed : first_unplaced;
    if (!first) first = record.line;
    if (each) each(record);
    std::swap(last, record);
  }
  if (!lines.have_summary)
    throw InputError({path, static_cast<int>(lines.line), 0}, "summary",
                     "no summary line: the run was cut off before it finished; run it again");
  result.summary = std::move(lines.summary);
  result.summary_line = lines.summary_line;
  if (result.records > 0) result.last = std::move(last);
  if (result.summary.contains("shard")) {
    result.kind = ResultKind::shard;
    result.manifest = read_manifest(result.summary, path, result.summary_line);
  } else if (result.summary.contains("shards")) {
    result.kind = ResultKind::merged;
  }
  const bool shard = result.kind == ResultKind::shard;
  if (const auto wrong = shard ? first_unplaced : first_placed)
    JsonFields(Json::object(), path, *wrong)
        .fail("subproblem", shard ? "missing: every record of a shard says where it was found"
                                  : "a shard's record, but the summary is not a shard's manifest");
  return result;
}

}  // namespace

ResultFile read_result(const std::string& path, const std::filesystem::path& folder,
                       const EachRecord& each) {
  if (path == "-") {
    // Copied first, so that it can be read again like any file.
    const std::filesystem::path copy = folder / "standard-input.jsonl";
    {
      std::ofstream out(copy, std::ios::binary | std::ios::trunc);
      std::vector<char> buffer(1 << 16);
      while (std::cin.read(buffer.data(), static_cast<std::streamsize>(buffer.size())) ||
             std::cin.gcount() > 0)
        out.write(buffer.data(), std::cin.gcount());
      out.close();
      if (!out)
        throw OutputError("cannot copy standard input to " + copy.string() +
                          " (the temporary folder is TMPDIR, else /tmp)");
    }
    return scan_lines(copy, "<standard input>", each);
  }
  check_input_file(path, "a result");  // results may be large: no size limit
  return scan_lines(path, path, each);
}

ResultFile read_shard(const std::string& path, const EachRecord& each) {
  check_input_file(path, "a shard's output");
  // A plain run's output names its first record, as the one that is not a shard's.
  const std::string not_a_shard =
      "missing: not a shard's output; run each shard with generate --shard K/N";
  std::optional<std::size_t> first;
  ResultFile shard = scan_lines(path, path, [&](const ResultRecord& record) {
    if (!first) first = record.line;
    if (each) each(record);
  });
  if (shard.kind != ResultKind::shard) {
    if (first) throw InputError({path, static_cast<int>(*first), 0}, "subproblem", not_a_shard);
    throw InputError({path, static_cast<int>(shard.summary_line), 0}, "summary.shard", not_a_shard);
  }
  return shard;
}

std::optional<Manifest> peek_manifest(const std::string& path) {
  std::ifstream in(path, std::ios::binary | std::ios::ate);
  if (!in) return std::nullopt;
  // Read back from the end, a block at a time, to the line break before the last line.
  std::string last;
  std::streamoff end = in.tellg();
  std::vector<char> block(1 << 12);
  while (end > 0) {
    const std::streamoff size = std::min<std::streamoff>(end, 1 << 12);
    in.seekg(end - size);
    if (!in.read(block.data(), size)) return std::nullopt;
    last.insert(0, block.data(), static_cast<std::size_t>(size));
    end -= size;
    const auto content = last.find_last_not_of("\r\n");
    if (content != std::string::npos && last.rfind('\n', content) != std::string::npos) break;
  }
  const auto content = last.find_last_not_of("\r\n");
  if (content == std::string::npos) return std::nullopt;
  const auto start = last.rfind('\n', content);
  try {
    const Json json = Json::parse(last.substr(start == std::string::npos ? 0 : start + 1));
    if (!json.is_object() || !json.contains("summary") || !json["summary"].is_object() ||
        !json["summary"].contains("shard"))
      return std::nullopt;
    return read_manifest(json["summary"], path, 0);
  } catch (const Json::exception&) {
    return std::nullopt;
  } catch (const InputError&) {
    return std::nullopt;
  }
}

std::vector<FieldProblem> manifest_contradictions(const Manifest& m) {
  std::vector<FieldProblem> out;
  const auto of_mine = [&] {
    return std::to_string(m.done) + " of the shard's " + std::to_string(m.mine) +
           " subproblems were searched";
  };
  if (m.done > m.mine)
    out.push_back({"summary.subproblems.done", std::to_string(m.done) +
                                                   " subproblems done, more than the shard's " +
                                                   std::to_string(m.mine)});
  if (m.complete != (m.exhausted || m.proven))
    out.push_back({"summary.complete",
                   std::string(m.complete ? "true" : "false") +
                       ", but a shard is complete exactly when it is exhausted or proven"});
  if (m.exhausted && m.done < m.mine)
    out.push_back({"summary.exhausted", "true, but only " + of_mine()});
  // Only an optimum that meets its bound ends a shard before all of its subproblems.
  if (m.complete && m.done < m.mine && !(m.objective && m.proven && m.best))
    out.push_back({"summary.complete", "true, but only " + of_mine()});
  return out;
}

std::uint64_t share_size(std::uint64_t total, unsigned index, unsigned of) {
  if (of == 0 || index == 0 || total < index) return 0;
  return (total - index) / of + 1;
}

std::optional<std::string> outside_share(const Manifest& m, std::size_t subproblem) {
  if (subproblem % m.of == m.index - 1 && (m.subproblems == 0 || subproblem < m.subproblems))
    return std::nullopt;
  return std::to_string(subproblem) + " is not a subproblem of shard " + std::to_string(m.index) +
         " of " + std::to_string(m.of) + " (of " + std::to_string(m.subproblems) + ")";
}

std::optional<RunDifference> run_difference(const Manifest& a, const Manifest& b) {
  const std::vector<RunDifference> fields = {
      {"spec-sha256", a.spec_sha256, b.spec_sha256},
      {"version", a.version, b.version},
      {"seed", std::to_string(a.seed), std::to_string(b.seed)},
      {"strategy", a.strategy, b.strategy},
      {"shard.of", std::to_string(a.of), std::to_string(b.of)},
      {"instances-wanted", a.wanted ? std::to_string(*a.wanted) : "all",
       b.wanted ? std::to_string(*b.wanted) : "all"},
      {"convention", a.raw.value("convention", Json()).dump(),
       b.raw.value("convention", Json()).dump()},
      // A shard stopped while splitting the space knows no total; it is merely incomplete.
      {"subproblems.total",
       a.subproblems != 0 && b.subproblems != 0 ? std::to_string(a.subproblems) : "",
       a.subproblems != 0 && b.subproblems != 0 ? std::to_string(b.subproblems) : ""}};
  for (const RunDifference& field : fields)
    if (field.here != field.there) return field;
  return std::nullopt;
}

const ResultFile* best_shard(const Manifest& run_manifest,
                             const std::map<unsigned, const ResultFile*>& shards) {
  const ResultFile* best = nullptr;
  for (const auto& [k, shard] : shards) {
    const auto& value = shard->manifest.best;
    if (value && (!best || (run_manifest.minimize ? *value < *best->manifest.best
                                                  : *value > *best->manifest.best)))
      best = shard;
  }
  return best;
}

struct RunRecords::State {
  // Where a shard's record lies, in the order one process prints it: by subproblem, then by
  // shard (the order of the shards' map) and by place in its file.
  struct RunPlace {
    std::uint64_t subproblem = 0, offset = 0, line = 0;
    std::uint64_t shard = 0;
    bool operator<(const RunPlace& o) const {
      if (subproblem != o.subproblem) return subproblem < o.subproblem;
      if (shard != o.shard) return shard < o.shard;
      return offset < o.offset;
    }
  };
  std::optional<std::uint64_t> wanted;
  std::vector<const ResultFile*> shards;  // by RunPlace::shard
  const ResultFile* best = nullptr;       // with an objective
  std::unique_ptr<ExternalSort<RunPlace>> order;
  // The places, in order, of records whose class an earlier record has.
  std::unique_ptr<ExternalSort<std::uint64_t>> repeated;
  // Readers of the shards' files, opened as needed; at most kOpen at once (the least recently
  // opened is closed first), since a run may have more shards than a process may open files.
  static constexpr std::size_t kOpen = 256;
  std::vector<std::unique_ptr<ResultReader>> readers;
  std::vector<std::size_t> opened;

  ResultRecord record_at(const RunPlace& place) {
    auto& reader = readers[place.shard];
    if (!reader) {
      if (opened.size() == kOpen) {
        readers[opened.front()].reset();
        opened.erase(opened.begin());
      }
      reader = std::make_unique<ResultReader>(*shards[place.shard]);
      opened.push_back(place.shard);
    }
    return reader->at(place.offset, place.line);
  }
};

RunRecords::RunRecords(const Manifest& run_manifest,
                       const std::map<unsigned, const ResultFile*>& shards,
                       const std::filesystem::path& folder, std::size_t memory)
    : state_(std::make_unique<State>()) {
  State& s = *state_;
  s.wanted = run_manifest.wanted;
  if (run_manifest.objective) {
    s.best = best_shard(run_manifest, shards);
    size_ = s.best && s.best->last ? 1 : 0;
    return;
  }
  s.order = std::make_unique<ExternalSort<State::RunPlace>>(folder, "run-order", memory / 2);
  for (const auto& [k, shard] : shards) {
    ResultReader reader(*shard);
    ResultRecord record;
    while (reader.next(record))
      s.order->add({*record.subproblem, record.offset, record.line, s.shards.size()});
    s.shards.push_back(shard);
  }
  s.readers.resize(s.shards.size());
  // Each class once: the first record of a key, in this order, is kept.
  DuplicateKeys keys(folder, "run-keys", memory / 2);
  s.order->for_each([&](const State::RunPlace& place) { keys.add(*s.record_at(place).key, ""); });
  s.repeated = std::make_unique<ExternalSort<std::uint64_t>>(folder, "run-repeated", memory / 16);
  keys.for_each_duplicate([&](const DuplicateKeys::Duplicate& d) { s.repeated->add(d.item); });
  const std::uint64_t distinct = s.order->size() - s.repeated->size();
  size_ = s.wanted ? std::min(*s.wanted, distinct) : distinct;
}

RunRecords::~RunRecords() = default;

void RunRecords::for_each(const std::function<void(const ResultFile&, ResultRecord&)>& each) {
  State& s = *state_;
  if (s.best) {
    if (s.best->last) {
      ResultRecord record = *s.best->last;
      each(*s.best, record);
    }
    return;
  }
  if (!s.order) return;
  auto repeated = s.repeated->read();
  const std::uint64_t* next_repeated = repeated.next();
  auto places = s.order->read();
  std::uint64_t emitted = 0;
  for (std::uint64_t at = 0; emitted < size_; ++at) {
    const State::RunPlace* place = places.next();
    if (!place) break;
    if (next_repeated && *next_repeated == at) {
      next_repeated = repeated.next();
      continue;
    }
    ResultRecord record = s.record_at(*place);
    each(*s.shards[place->shard], record);
    ++emitted;
  }
}

ShardCoverage shard_coverage(const Manifest& run_manifest,
                             const std::map<unsigned, const ResultFile*>& shards) {
  ShardCoverage coverage;
  for (unsigned k = 1; k <= run_manifest.of; ++k) {
    const auto it = shards.find(k);
    if (it == shards.end())
      coverage.missing.push_back(k);
    else if (const Manifest& m = it->second->manifest;
             m.strategy == "local" ? m.done < m.mine : !m.complete)
      // A local search shard is never complete (it proves nothing): it has done its part when
      // each of its walkers took its budget of steps.
      coverage.incomplete.push_back(k);
  }
  return coverage;
}

}  // namespace puzzlegen
