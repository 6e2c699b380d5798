#include "offers.hpp"

#include <sstream>

#include "serve/examples.hpp"

namespace puzzlegen::cli {

namespace {

struct Measured {
  std::string path;
  Offer offer;
};

const std::vector<Measured>& measured() {
  static const std::vector<Measured> all = [] {
    std::vector<Measured> out;
    std::istringstream lines(served_levels() + std::string("\n") + plugin_levels());
    for (std::string line; std::getline(lines, line);) {
      if (line.empty() || line.front() == '#') continue;
      std::istringstream fields(line);
      Measured m;
      std::string end;
      if (!std::getline(fields, m.path, '\t') || !std::getline(fields, m.offer.level, '\t'))
        continue;
      fields >> m.offer.most >> m.offer.seconds >> end;
      m.offer.proven = end == "proven";
      out.push_back(m);
    }
    return out;
  }();
  return all;
}

// The measurement asks for this many (the page's most): a level that gave them all may make
// more.
constexpr std::size_t kMeasured = 30;

std::string puzzles(std::size_t n) {
  return std::to_string(n) + (n == 1 ? " puzzle" : " puzzles");
}

}  // namespace

std::vector<Offer> offers_of(const std::string& path) {
  std::vector<Offer> out;
  for (const auto& m : measured())
    if (m.path == path) out.push_back(m.offer);
  return out;
}

std::string example_with_text(const std::string& text) {
  for (const auto& spec : offered_specs())
    if (spec.text == text) return spec.path;
  return "";
}

std::string offered_in_words(const std::vector<Offer>& offers) {
  std::string out;
  for (const auto& offer : offers)
    if (offer.most > 0)
      out += (out.empty() ? "" : ", ") + (offer.level == "any" ? "any level" : offer.level) +
             (offer.most < kMeasured ? " (up to " + std::to_string(offer.most) + ")"
                                     : " (" + std::to_string(offer.most) + " or more)");
  return out;
}

std::optional<std::string> not_offered(const std::string& path, const std::string& level,
                                       std::size_t count) {
  const auto offers = offers_of(path);
  if (offers.empty()) return std::nullopt;
  const std::string wanted = level.empty() ? "any" : level;
  const std::string name = wanted == "any" ? "" : wanted + " ";
  for (const auto& offer : offers) {
    if (offer.level != wanted) continue;
    if (offer.most == 0)
      return (offer.proven
                  ? "there is no " + name + "puzzle of this kind (proven)"
                  : "no " + name + "puzzle of this kind was found in " +
                        std::to_string(static_cast<int>(offer.seconds + 0.5)) + " s of searching") +
             "; it makes " + offered_in_words(offers);
    if (count > offer.most && offer.most < kMeasured)
      return "at most " + puzzles(offer.most) + " of this kind " +
             (wanted == "any" ? std::string() : "at " + wanted + " level ") +
             (offer.proven ? "exist" : "can be found in time") + "; it makes " +
             offered_in_words(offers);
    return std::nullopt;
  }
  return "this puzzle does not grade its puzzles' difficulty; it makes " + offered_in_words(offers);
}

}  // namespace puzzlegen::cli
