// Errors about user input (specs, instance files, command-line values). They always say
// where (file, line, column) and which field, so a user can fix the input without reading code.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace puzzlegen {

struct SourceLocation {
  std::string file;
  int line = 0;    // 1-based; 0 when unknown
  int column = 0;  // 1-based; 0 when unknown
};

class InputError : public std::runtime_error {
 public:
  InputError(SourceLocation where, std::string field, std::string message);

  const SourceLocation& where() const { return where_; }
  const std::string& field() const { return field_; }
  const std::string& message() const { return message_; }

 private:
  SourceLocation where_;
  std::string field_;
  std::string message_;
};

// The system refused to write output the user named (disk full, a folder made read-only
// during the run): not a bug and not bad input, so it has its own exit code.
class OutputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// "a, b, c" from {a, b, c} and ", " (lists in messages).
std::string join(const std::vector<std::string>& items, const std::string& sep);

// The closest candidate within a small edit distance, or "" (for "did you mean ...?").
std::string closest_match(const std::string& word, const std::vector<std::string>& candidates);
// " (did you mean 'x'?)" for the closest candidate, or "" when none is close.
std::string did_you_mean(const std::string& word, const std::vector<std::string>& candidates);

}  // namespace puzzlegen
