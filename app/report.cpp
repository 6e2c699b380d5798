#include "report.hpp"

#include <algorithm>
#include <sstream>

#include "files.hpp"

namespace puzzlegen::cli {

void print(std::ostream& out, Format format, const Json& document, const std::string& text) {
  switch (format) {
    case Format::json:
      out << document.dump(2) << "\n";
      break;
    case Format::yaml:
      out << to_yaml(document);
      break;
    case Format::text:
      out << text;
      break;
  }
}

std::string convention_suffix(const OptionValues& options) {
  const std::string text = convention_text(options);
  return text.empty() ? "" : " (" + text + ")";
}

std::string counts_text(const std::vector<std::pair<std::string, Count>>& counts) {
  std::ostringstream out;
  std::size_t width = 0;
  for (const auto& entry : counts) width = std::max(width, entry.first.size());
  for (const auto& [kind, count] : counts) {
    out << "  " << kind << ":" << std::string(width - kind.size() + 1, ' ') << count.text();
    if (count.stopped != StopReason::none) out << " (stopped: " << to_string(count.stopped) << ")";
    out << "\n";
  }
  return out.str();
}

Json counts_json(const std::vector<std::pair<std::string, Count>>& counts) {
  Json out = Json::object();
  for (const auto& [kind, count] : counts) out[kind] = count_json(count);
  return out;
}

std::string instance_text(const Instance& instance, const std::optional<Natural>& class_size,
                          const std::string& convention,
                          const std::vector<std::pair<std::string, Count>>& counts) {
  std::string text = instance.render_text();
  if (class_size)
    text += "class: " + to_string(*class_size) + " instance" + (*class_size == 1 ? "" : "s") +
            " equal to this one up to the family's symmetries\n";
  return text + "counts" + convention + ":\n" + counts_text(counts) + "\n";
}

void write_output(const std::string& path, const std::string& content, std::ostream& out) {
  if (path.empty() || path == "-") {
    out << content;
    return;
  }
  write_file_atomically(path, content);  // OutputError (exit 5) if the system refuses
}

}  // namespace puzzlegen::cli
