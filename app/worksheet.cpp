// `worksheet`: N generated puzzles on one printable HTML page, the answer key after a page
// break (or in a file of its own), and a PDF of it.
#include <cctype>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <limits>
#include <map>
#include <memory>
#include <set>
#include <sstream>

#include "collect.hpp"
#include "command.hpp"
#include "commands.hpp"
#include "difficulty.hpp"
#include "files.hpp"
#include "generate.hpp"
#include "judge.hpp"
#include "offers.hpp"
#include "render/html.hpp"
#include "render/play.hpp"
#include "report.hpp"
#include "strategies.hpp"

namespace puzzlegen::cli {

namespace {

namespace fs = std::filesystem;

// Kinds drawn per puzzle in an answer key, at most; and how few solutions of a kind (that look
// different) are all drawn, rather than one.
constexpr std::size_t kDrawnSolutions = 3;
constexpr std::size_t kAllDrawnUpTo = 4;

struct DrawnSolution {
  std::string kind;
  std::unique_ptr<Solution> solution;
};

// The solutions an answer key shows: those of each kind the spec requires (all of them when
// at most kAllDrawnUpTo look different, else the first), or else the first kind, in the
// family's order, that has a solution.
std::vector<DrawnSolution> answers(const Spec& spec, const Instance& instance,
                                   const Limits& limits) {
  const Family& family = *spec.family;
  std::vector<DrawnSolution> out;
  std::size_t kinds = 0;
  for (const auto& kind : family.kind_names()) {
    const auto it = spec.bounds.find(kind);
    if (it == spec.bounds.end() || !it->second.min || *it->second.min == 0) continue;
    if (kinds == kDrawnSolutions) break;
    auto found = family.distinct_solutions(instance, kind, kAllDrawnUpTo + 1, limits);
    if (found.empty()) continue;
    ++kinds;
    if (found.size() > kAllDrawnUpTo) found.resize(1);
    for (auto& solution : found) out.push_back({kind, std::move(solution)});
  }
  for (const auto& kind : family.kind_names()) {
    if (!out.empty()) break;
    if (auto solution = family.first_solution(instance, kind, limits))
      out.push_back({kind, std::move(solution)});
  }
  return out;
}

// The sheet's progress on `log`: lines for a reader, or with `json` one JSON object a line for
// a program (serve), which must not have to parse the words.
class SheetProgress {
 public:
  SheetProgress(std::ostream& log, bool json) : log_(log), json_(json) {}

  // Part `part` of `parts` (numbered from 1), from `spec_file`: `puzzles` to find.
  void part(std::size_t part, std::size_t parts, const std::string& spec_file,
            std::size_t puzzles) {
    part_ = part;
    if (json_)
      line({{"event", "part"},
            {"part", part},
            {"parts", parts},
            {"spec", spec_file},
            {"puzzles", puzzles}});
    else if (parts > 1)
      log_ << spec_file << ":\n";
  }
  // A puzzle found: the `number`th of the part's `of`, from its own seed, if any.
  void puzzle(std::size_t number, std::size_t of, std::optional<std::uint64_t> seed) {
    if (json_) {
      Json event = {{"event", "puzzle"}, {"part", part_}, {"puzzle", number}, {"of", of}};
      if (seed) event["seed"] = *seed;
      line(event);
    } else {
      log_ << "puzzle " << number << " of " << of;
      if (seed) log_ << ": seed " << *seed;
      log_ << "\n";
    }
  }
  // Fewer than asked were found: `found` of `of`; the sheet has those (`delivered`) or nothing.
  void shortfall(std::size_t found, std::size_t of, bool proven, bool delivered) {
    if (json_)
      line({{"event", "shortfall"},
            {"found", found},
            {"of", of},
            {"proven", proven},
            {"delivered", delivered}});
  }
  // Every puzzle was found: the answers are being worked out and the sheet drawn.
  void drawing() {
    if (json_) line({{"event", "drawing"}});
  }
  void wrote(const std::string& file) {
    if (json_)
      line({{"event", "wrote"}, {"file", file}});
    else
      log_ << "wrote " << file << "\n";
  }

 private:
  // Whole, and at once, so that a reader never sees half a line.
  void line(const Json& event) { log_ << event.dump() + "\n" << std::flush; }

  std::ostream& log_;
  bool json_;
  std::size_t part_ = 0;
};

struct Puzzle {
  InstancePtr instance;
  Evaluation evaluation;
  std::uint64_t seed;
  bool printed = false;  // instance is the family's printed puzzle (its evaluation is not)
};

// Generates `count` puzzles distinct up to symmetry (generators/collect.hpp), reporting each on
// `progress`, and explains any shortfall on standard error.
Collection collect(const Spec& spec, std::size_t count, std::vector<Puzzle>& puzzles,
                   SheetProgress& progress, bool allow_fewer) {
  const Collection out = collect_distinct(
      spec, count,
      [&](const InstancePtr& instance, const Evaluation& e, std::optional<std::uint64_t> seed) {
        puzzles.push_back({instance, e, seed.value_or(spec.generate.seed)});
        progress.puzzle(puzzles.size(), count, seed);
      });
  if (puzzles.size() < count) {
    const bool delivered = allow_fewer && !puzzles.empty();
    std::cerr << "puzzlegen: found " << puzzles.size() << " of the " << count
              << " distinct puzzles asked for; " << out.shortfall
              << (delivered ? "; the sheet has the " + std::to_string(puzzles.size()) + " found\n"
                            : "; nothing written\n");
    progress.shortfall(puzzles.size(), count, out.proven_short, delivered);
  }
  return out;
}

// One spec's part of a sheet: its puzzles, what each one's answer shows, and its grades.
struct Section {
  std::string spec_file;
  Spec spec;
  std::vector<Puzzle> puzzles;
  bool own_seeds = false;
  std::size_t first = 0;  // how many instances of one run earlier versions of a class set took
  std::vector<std::vector<DrawnSolution>> shown;
  std::vector<std::optional<Grade>> grades;
};

// "Puzzle 3" and, where the family grades it, its level as a teacher reads it: "Puzzle 3 ·
// medium", "Puzzle 4 · extreme (2 what-ifs of up to 5 steps)".
// The puzzle drawn `scale` times larger, laid out for the page's width over the scale; or as
// much larger as still fits the page with its heading and task (a puzzle never splits across
// pages), each smaller scale laid out anew so that nets fill the wider rows.
render::Drawing enlarged(const Instance& instance, double scale, render::Paper paper) {
  // CSS px: the sheet's title and name line, a puzzle's heading and two lines of task, so that
  // the first page holds a puzzle too.
  constexpr double kAboveTheDrawing = 200;
  const double height = render::printable_height(paper) - kAboveTheDrawing;
  for (;; scale *= 0.95) {
    render::Drawing drawing = instance.draw(render::kPageWidth / scale);
    drawing.scale = scale;
    const auto [printed_width, printed_height] = render::printed_size(drawing);
    const double fits = std::min(render::kPageWidth / printed_width, height / printed_height);
    if (fits >= 1 || scale <= 1) {
      drawing.scale *= std::min(fits, 1.0);  // a board drawn larger than a page, shrunk to fit
      return drawing;
    }
  }
}

// The room between two pieces' figures on the sheet beyond their SVGs' own margins: none, not
// even a space's (render/html.cpp), in CSS px.
constexpr double kFigureMargin = 0;

// A piece to cut out, as printed: its own size, shrunk only where it would not fit a page with
// the puzzle's heading and task (the first piece stays on the page of its heading).
render::Drawing fitted(render::Drawing piece, render::Paper paper) {
  constexpr double kAboveTheDrawing = 200;  // CSS px, as for enlarged()
  const auto [width, height] = render::printed_size(piece);
  const double fits = std::min(render::kPageWidth / width,
                               (render::printable_height(paper) - kAboveTheDrawing) / height);
  if (fits < 1) piece.scale *= fits;
  return piece;
}

std::string puzzle_heading(std::size_t number, const std::optional<Grade>& grade) {
  return "Puzzle " + std::to_string(number) + (grade ? " \u00b7 " + grade->label() : "");
}

// A short code for matching a sheet with its key: six letters and digits that cannot be
// misread (no 0/O, 1/I), made from what identifies the sheet.
std::string short_code(const std::string& what) {
  static constexpr char kAlphabet[] = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789";
  const std::string hex = sha256_hex(what);
  std::uint64_t bits = std::stoull(hex.substr(0, 15), nullptr, 16);
  std::string code;
  for (int i = 0; i < 6; ++i, bits >>= 5) code += kAlphabet[bits & 31];
  return code;
}

// Today's date as a teacher writes it in a log: 2025-03-14.
std::string today() {
  const std::time_t now = std::time(nullptr);
  std::tm local{};
  localtime_r(&now, &local);
  char text[16];
  std::strftime(text, sizeof text, "%Y-%m-%d", &local);
  return text;
}

std::string file_text(const std::string& file) {
  std::ifstream in(file, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), {}};
}

// The key names the sheet it belongs to: its title, code and the day it was made.
render::Element answer_key(const std::vector<Section>& sections, bool titled,
                           const std::string& title, const std::string& code, std::size_t explain) {
  render::Element key("section");
  key.set("class", "answer-key");
  key.add(render::heading(1, "Answer key: " + title));
  key.add(render::paragraph("Sheet code " + code + " \u00b7 made " + today(), "sheet-code"));
  std::size_t number = 0;
  for (const Section& section : sections) {
    const Spec& spec = section.spec;
    const Family& family = *spec.family;
    if (titled)
      key.add(render::heading(
          2, family.title() + " (" + fs::path(section.spec_file).filename().string() + ")"));
    if (!spec.description.empty()) key.add(render::paragraph(spec.description));
    // How the puzzles were made, for whoever makes them again: small, after the answers.
    render::Element made = render::paragraph(
        "Generated by puzzlegen from " + fs::path(section.spec_file).filename().string() +
            " (spec SHA-256 " + spec.sha256.substr(0, 12) + "). " +
            (section.own_seeds
                 ? "Each puzzle is the instance printed by `puzzlegen generate " +
                       section.spec_file + " --seed S` with its seed S."
                 : (section.first == 0
                        ? std::string("The puzzles are the first instances")
                        : "The puzzles are instances " + std::to_string(section.first + 1) +
                              " to " + std::to_string(section.first + section.puzzles.size())) +
                       " printed by `puzzlegen generate " + section.spec_file + " --seed " +
                       std::to_string(spec.generate.seed) + "`, in order.") +
            " Counts are exact unless they say \"at least\".",
        "note");
    const Limits limits = Limits::within(std::chrono::seconds(20), 0, spec.generate.threads);
    for (std::size_t k = 0; k < section.puzzles.size(); ++k) {
      const Puzzle& puzzle = section.puzzles[k];
      const auto& shown = section.shown[k];
      render::Element answer("section");
      ++number;
      answer.set("class", "answer").set("id", "answer-" + std::to_string(number));
      answer.add(render::heading(titled ? 3 : 2, "Puzzle " + std::to_string(number)));
      // The kinds the spec constrains (all kinds if none), counted exactly: the generator may
      // have stopped counting once the spec was decided.
      std::vector<std::pair<std::string, Count>> counted = puzzle.evaluation.counts;
      if (counted.empty())
        for (const auto& kind : family.kind_names()) counted.push_back({kind, Count{0, false}});
      if (puzzle.printed)  // counted again as printed
        for (auto& [kind, count] : counted) count = Count{0, false};
      std::string counts;
      bool none = true;
      std::optional<Count> posed;
      for (const auto& [kind, capped] : counted) {
        const Count exact =
            recount_exactly(family, *puzzle.instance, kind, spec.solution_options, capped, limits);
        none = none && exact.exact && exact.value == 0;
        if (kind == spec.posed_kind()) posed = exact;
        counts +=
            (counts.empty() ? "" : "; ") + family.count_phrase(kind, exact, spec.solution_options);
      }
      const auto& grade = section.grades[k];
      // Plain words first: the level, how many answers, and how to mark an answer that differs
      // from the key's only as the spec's counting allows. The technical line comes last.
      std::string plain = grade ? "Level: " + grade->label() + ". " : "";
      if (posed && posed->exact && posed->value > 0)
        plain += posed->value == 1 ? "One answer, drawn below."
                                   : to_string(posed->value) + " answers" +
                                         (shown.size() > 1 ? "." : "; one is drawn below.");
      if (!plain.empty()) answer.add(render::paragraph(plain));
      if (!shown.empty() && !puzzle.printed)
        if (const std::string marking =
                family.how_to_mark(spec.posed_kind(), spec.solution_options);
            !marking.empty())
          answer.add(render::paragraph(marking));
      if (shown.empty())
        answer.add(render::paragraph(
            none ? "It has no solution." : "No solution was found to draw within the time limit."));
      // How to start, in words, where the family reasons the way a pupil does (--explain N).
      // The drawing marks each step's cells with its number.
      const Grading* grading = family.grading();
      const auto explained = explain == 0 || !grading
                                 ? Explanation{}
                                 : grading->explain(*puzzle.instance, spec.posed_kind(), explain,
                                                    render::kPageWidth, limits);
      if (!explained.steps.empty()) {
        const auto& steps = explained.steps;
        answer.add(render::paragraph(steps.size() == 1 ? "The first step:" : "The first steps:"));
        render::Element list("ol");
        list.set("class", "steps");
        for (const auto& step : steps) {
          render::Element item("li");
          item.text(step.text);
          list.add(std::move(item));
        }
        answer.add(std::move(list));
        // Steps and their drawing make an answer about a page long: it may then break between
        // its parts rather than leave the page before it empty.
        answer.set("class", "answer explained");
        if (explained.drawing.width > 0)
          answer.add(render::figure(explained.drawing,
                                    steps.size() == 1 ? "Where the first step is."
                                                      : "Where the first steps are, by number."));
      }
      // A ladder that stalls says so, rather than leave the steps out without a word (one that
      // what-ifs end does not stall).
      if (explain > 0 && grade && !grade->reasoning.empty() && grade->level == Grade::extreme &&
          grade->what_ifs == 0 && explained.steps.size() < explain)
        answer.add(render::paragraph(explained.steps.empty()
                                         ? "No first step follows from the techniques a pupil "
                                           "uses: it needs a guess."
                                         : "After these, no step follows without a guess."));
      // Captions only where there is more than one drawing: "all-different solution 2 of 2".
      std::map<std::string, std::size_t> of_kind, seen;
      for (const auto& shown_one : shown) ++of_kind[shown_one.kind];
      for (const auto& [kind, solution] : shown) {
        const std::size_t drawn = ++seen[kind];
        const std::string caption =
            of_kind[kind] > 1 ? kind + ", " + std::to_string(drawn) + " of the " +
                                    std::to_string(of_kind[kind]) + " that look different."
            : shown.size() > 1 ? "A " + kind + " solution."
                               : "";
        answer.add(render::figure(solution->draw(), caption));
      }
      answer.add(render::paragraph("Seed " + std::to_string(puzzle.seed) + ": " + counts + "." +
                                       (grade ? " Difficulty: " + grade->text() + "." : ""),
                                   "note"));
      key.add(std::move(answer));
    }
    key.add(std::move(made));
  }
  return key;
}

// The sheet's files: the HTML page, and with a separate key the key's page; their PDFs.
struct SheetFiles {
  fs::path page, key, pdf, key_pdf;
};

// `output` for version `letter` of a class set: sheet.html -> sheet-B.html ("" : as it is).
SheetFiles files_for(const std::string& output, const std::string& letter) {
  fs::path page(output);
  if (!letter.empty())
    page.replace_filename(page.stem().string() + "-" + letter + page.extension().string());
  SheetFiles files;
  files.page = page;
  files.pdf = fs::path(page).replace_extension(".pdf");
  // A separate key: NAME-key.html (and NAME-key.pdf) beside the sheet.
  files.key =
      fs::path(page).replace_filename(page.stem().string() + "-key" + page.extension().string());
  files.key_pdf = fs::path(files.key).replace_extension(".pdf");
  return files;
}

// The sheet of `sections`' puzzles (and its key), written to `files`. `version` is its letter
// in a class set, or empty.
void write_sheet(std::vector<Section>& sections, const WorksheetRequest& request,
                 const SheetFiles& files, const std::string& version,
                 const std::optional<fs::path>& browser, SheetProgress& progress,
                 std::ostream& log) {
  const render::Paper paper = render::parse_paper(request.paper);  // checked by the parser
  const bool titled = sections.size() > 1;
  const std::string title = !request.title.empty() ? request.title
                            : titled               ? std::string("Puzzles")
                                     : sections.front().spec.family->title() + " puzzles";
  const std::string labelled = version.empty() ? title : title + " \u00b7 version " + version;
  render::HtmlPage page(labelled, paper);
  page.add(render::heading(1, labelled));
  page.add(render::paragraph("Name: ______________________    Date: ____________", "name-line"));
  std::string code = request.code;
  if (code.empty()) {
    std::string what = request.paper + " " + std::to_string(request.scale);
    for (const Section& section : sections) {
      what += " " + section.spec.sha256;
      for (const Puzzle& puzzle : section.puzzles) {
        what += " " + std::to_string(puzzle.seed) + ":";
        for (const int v : puzzle.instance->canonical_key()) what += std::to_string(v) + ",";
      }
    }
    code = short_code(what);
  } else if (!version.empty()) {
    code += "-" + version;
  }
  page.add(render::paragraph(
      "Sheet code " + code + (version.empty() ? "" : " \u00b7 version " + version), "sheet-code"));
  std::size_t number = 0;
  bool playable = false;
  for (Section& section : sections) {
    const Spec& spec = section.spec;
    const Family& family = *spec.family;
    const Limits limits = Limits::within(std::chrono::seconds(20), 0, spec.generate.threads);
    if (titled) page.add(render::heading(2, family.title()));
    for (const Puzzle& puzzle : section.puzzles) {
      const Instance& instance = *puzzle.instance;
      section.shown.push_back(answers(spec, instance, limits));
      const std::string kind =
          !section.shown.back().empty() ? section.shown.back().front().kind : spec.posed_kind();
      // Graded when the spec bounded the difficulty; otherwise graded here, where it can be.
      section.grades.push_back(puzzle.evaluation.grade ? puzzle.evaluation.grade
                               : spec.ungraded()
                                   ? std::nullopt
                                   : family.grade_of(instance, spec.posed_kind(), limits));
      render::Element puzzle_section("section");
      ++number;
      puzzle_section.set("class", "puzzle").set("id", "puzzle-" + std::to_string(number));
      render::Element heading = render::heading(
          titled ? 3 : 2,
          puzzle_heading(number, request.show_level ? section.grades.back() : std::nullopt));
      render::Element task = render::paragraph(family.task(instance, kind));
      // Pieces to cut out keep their size (faces of 20 mm at scale 1): a page break may fall
      // between them. Anything else is one drawing, enlarged as far as a page allows.
      auto pieces = instance.cut_outs(request.scale);
      if (pieces.empty()) {
        puzzle_section.add(std::move(heading)).add(std::move(task));
        puzzle_section.add(render::figure(enlarged(instance, request.scale, paper)));
      } else {
        puzzle_section.set("data-pieces", std::to_string(pieces.size()));
        // The heading, the task and the first row of pieces: a block that does not break, so
        // that a page never ends between a heading and its first pieces.
        render::Element row("div");
        row.set("class", "first-row");
        row.add(std::move(heading)).add(std::move(task));
        double across = 0;
        std::size_t in_row = 0;
        for (auto& piece : pieces) {
          render::Drawing drawn = fitted(std::move(piece), paper);
          across += render::printed_size(drawn).first + kFigureMargin;
          if (in_row == 0 || across <= render::kPageWidth) {
            row.add(render::figure(drawn));
            ++in_row;
            continue;
          }
          if (in_row != std::numeric_limits<std::size_t>::max()) {
            puzzle_section.add(std::move(row));
            in_row = std::numeric_limits<std::size_t>::max();
          }
          puzzle_section.add(render::figure(drawn));
        }
        if (in_row != std::numeric_limits<std::size_t>::max()) puzzle_section.add(std::move(row));
      }
      // The same puzzle to play on screen (hidden in print), from the instance alone.
      if (const Json play = family.play(instance, kind); !play.is_null()) {
        puzzle_section.add(render::play_box(play, static_cast<int>(number)));
        playable = true;
      }
      page.add(std::move(puzzle_section));
    }
  }

  render::Element key = answer_key(sections, titled, labelled, code, request.explain);
  if (request.key == "after") {
    page.add(render::page_break());
    page.add(std::move(key));
  }
  if (playable) page.add(render::player_script());

  write_output(files.page.string(), page.str(), log);
  progress.wrote(files.page.string());
  const bool separate_key = request.key == "separate";
  if (separate_key) {
    render::HtmlPage key_page(labelled + ": answer key", paper);
    key_page.add(std::move(key));
    write_output(files.key.string(), key_page.str(), log);
    progress.wrote(files.key.string());
  }
  if (browser) {
    render::print_to_pdf(*browser, files.page, files.pdf);
    progress.wrote(files.pdf.string());
    if (separate_key) {
      render::print_to_pdf(*browser, files.key, files.key_pdf);
      progress.wrote(files.key_pdf.string());
    }
  }
}

}  // namespace

int worksheet(const std::vector<std::string>& spec_files, const WorksheetRequest& request,
              std::ostream& log) {
  const SourceLocation cmd{"command line", 0, 0};
  if (request.output.empty() || request.output == "-")
    throw InputError(cmd, "-o", "a worksheet needs an output file (-o sheet.html)");
  if (request.counts.size() != 1 && request.counts.size() != spec_files.size())
    throw InputError(cmd, "--count",
                     "give one count for every spec (" + std::to_string(spec_files.size()) +
                         " of them, as in --count 2,3), or one for all; got " +
                         std::to_string(request.counts.size()));
  const std::size_t versions = request.versions;
  if (versions < 1 || versions > 26)
    throw InputError(cmd, "--versions",
                     "from 1 to 26 versions (A to Z); got " + std::to_string(versions));
  if (versions > 1 && request.allow_fewer)
    throw InputError(cmd, "--allow-fewer",
                     "cannot go with --versions: every version has the same number of puzzles, "
                     "so all of them must be found");
  // The letters of a class set's versions; one sheet: none.
  std::vector<std::string> letters;
  for (std::size_t v = 0; v < versions; ++v)
    letters.push_back(versions == 1 ? "" : std::string(1, static_cast<char>('A' + v)));
  const bool separate_key = request.key == "separate";
  std::vector<SheetFiles> files;
  for (const auto& letter : letters) {
    files.push_back(files_for(request.output, letter));
    check_output_file(files.back().page.string(), "-o");
    if (separate_key) check_output_file(files.back().key.string(), "--key separate");
  }
  std::optional<fs::path> browser;
  if (request.pdf) {
    if (files.front().pdf == fs::path(request.output))
      throw InputError(cmd, "-o",
                       "with --pdf the PDF is written next to the HTML page as NAME.pdf, so the "
                       "page itself cannot be " +
                           request.output + ": name it NAME.html");
    for (const auto& f : files) {
      check_output_file(f.pdf.string(), "--pdf");
      if (separate_key) check_output_file(f.key_pdf.string(), "--pdf");
    }
    browser = render::find_browser();
    if (!browser)
      throw InputError(cmd, "--pdf",
                       "printing to PDF needs a headless Chromium: install Debian's `chromium` "
                       "package (apt-get install chromium), or set PUZZLEGEN_BROWSER to a "
                       "Chromium-compatible browser; or leave out --pdf and print the HTML page");
  }
  // Every spec is read (and checked) before any puzzle is generated.
  std::vector<Section> sections;
  for (const auto& file : spec_files) {
    Section section;
    section.spec_file = file;
    section.spec = load_spec_with(file, request.overrides, request.given_root);
    sections.push_back(std::move(section));
  }
  // An example the page offers was measured (app/serve/levels.tsv): a level or count it
  // cannot make is refused here, before any work, naming what it can make. A class set needs
  // every version's puzzles.
  for (std::size_t s = 0; s < sections.size(); ++s) {
    const std::string example = example_with_text(file_text(sections[s].spec_file));
    if (example.empty()) continue;
    const std::size_t count = request.counts[request.counts.size() == 1 ? 0 : s] * versions;
    const std::string level = request.overrides.difficulty.value_or("");
    if (const auto why = not_offered(example, level, count))
      throw InputError(cmd, why->rfind("at most", 0) == 0 ? "--count" : "--difficulty",
                       sections[s].spec_file + ": " + *why +
                           (versions > 1 ? " (" + std::to_string(count) + " asked for: " +
                                               std::to_string(versions) + " versions of " +
                                               std::to_string(count / versions) + ")"
                                         : std::string()));
  }

  SheetProgress progress(log, request.progress_format == "json");
  for (std::size_t s = 0; s < sections.size(); ++s) {
    Section& section = sections[s];
    // Every version's puzzles at once, so that no two versions share one.
    const std::size_t count = request.counts[request.counts.size() == 1 ? 0 : s] * versions;
    progress.part(s + 1, sections.size(), section.spec_file, count);
    const Collection collected =
        collect(section.spec, count, section.puzzles, progress, request.allow_fewer);
    if (section.puzzles.size() < count && !(request.allow_fewer && !section.puzzles.empty()))
      return collected.proven_short ? not_found : limit_reached;
    section.own_seeds = collected.own_seeds;
    // The puzzles as pupils get them: with givens where the family's counting would leave
    // answers that differ letter for letter from the key.
    const Limits limits =
        Limits::within(std::chrono::seconds(20), 0, section.spec.generate.threads);
    for (Puzzle& puzzle : section.puzzles)
      if (auto printed = section.spec.family->printed_puzzle(*puzzle.instance,
                                                             section.spec.posed_kind(), limits)) {
        puzzle.instance = std::move(printed);
        puzzle.printed = true;
      }
  }
  progress.drawing();

  for (std::size_t v = 0; v < versions; ++v) {
    // Version v has the v-th run of each part's puzzles, in the order they were found.
    std::vector<Section> sheet;
    for (std::size_t s = 0; s < sections.size(); ++s) {
      const Section& all = sections[s];
      Section part;
      part.spec_file = all.spec_file;
      part.spec = all.spec;
      part.own_seeds = all.own_seeds;
      const std::size_t each = all.puzzles.size() / versions;
      part.first = v * each;
      part.puzzles.assign(all.puzzles.begin() + static_cast<std::ptrdiff_t>(v * each),
                          all.puzzles.begin() + static_cast<std::ptrdiff_t>((v + 1) * each));
      sheet.push_back(std::move(part));
    }
    write_sheet(sheet, request, files[v], letters[v], browser, progress, log);
  }
  return ok;
}

void add_worksheet_command(CLI::App& app, Commands& commands) {
  struct Options {
    std::vector<std::string> specs;
    WorksheetRequest sheet;
  };
  auto options = std::make_shared<Options>();
  WorksheetRequest& sheet = options->sheet;
  auto* worksheet = app.add_subcommand(
      "worksheet", "generate puzzles from a spec into a printable HTML page with an answer key");
  worksheet->add_option("spec", options->specs, "spec files: one part of the sheet each")
      ->required();
  worksheet
      ->add_option("--count", sheet.counts,
                   "how many distinct puzzles: one number, or one per spec (2,3)")
      ->delimiter(',')
      ->default_val(4)
      ->check(CLI::Range(1, 100));
  worksheet->add_option("-o,--output", sheet.output, "the HTML file to write")->required();
  worksheet->add_flag("--pdf", sheet.pdf, "also print it to a PDF next to it (needs Chromium)");
  worksheet->add_option("--title", sheet.title, "the page's heading");
  worksheet->add_option("--seed", sheet.overrides.seed, "random seed (default: the spec's)")
      ->check(whole_number());
  commands.choices(worksheet->add_option("--strategy", sheet.overrides.strategy, strategies_text()),
                   kStrategies);
  worksheet->add_option("--time-limit", sheet.overrides.time_limit,
                        "e.g. 30s, 10m (default: the spec's)");
  commands.choices(worksheet->add_option("--paper", sheet.paper, "a4 or letter"), {"a4", "letter"})
      ->default_val("a4");
  commands.choices(
      worksheet->add_option(
          "--difficulty", sheet.overrides.difficulty,
          "only puzzles of this level: easy, medium, hard or extreme (see docs/specs.md)"),
      difficulty_levels());
  worksheet
      ->add_option("--scale", sheet.scale,
                   "draw the puzzles this many times larger (0.5 to 3; nets' faces are 20 mm at "
                   "1, 11 mm at 0.55 for denser pages), as far as the page's width allows")
      ->check(CLI::Range(0.5, 3.0))
      ->default_val(1);
  commands
      .choices(worksheet->add_option("--key", sheet.key,
                                     "where the answer key goes: after (the last pages), separate "
                                     "(NAME-key.html beside the sheet) or none"),
               {"after", "separate", "none"})
      ->default_val("after");
  commands
      .choices(worksheet->add_option("--progress-format", sheet.progress_format,
                                     "progress on standard error: text, or json (one JSON object "
                                     "a line, for programs)"),
               {"text", "json"})
      ->default_val("text");
  worksheet
      ->add_option("--versions", sheet.versions,
                   "make this many different sheets of the same puzzles' kind, level and number "
                   "(NAME-A.html, NAME-B.html, ...), each with its key; no puzzle is on two")
      ->check(CLI::Range(1, 26))
      ->default_val(1);
  worksheet
      ->add_option("--explain", sheet.explain,
                   "the answer key gives the first N steps of each solution in words, for "
                   "families that grade by a ladder of techniques")
      ->check(CLI::Range(0, 50));
  worksheet->add_flag("--allow-fewer", sheet.allow_fewer,
                      "when fewer distinct puzzles are found than asked for, make the sheet of "
                      "those found (saying so) instead of nothing");
  worksheet->add_flag("!--hide-level", sheet.show_level,
                      "leave each puzzle's level out of its heading on the sheet (the answer key "
                      "still gives it)");
  worksheet
      ->add_option("--code", sheet.code,
                   "the short code printed on the sheet and its answer key, to match them "
                   "(default: made from the puzzles)")
      ->check(CLI::Validator(
          [](std::string& code) -> std::string {
            if (code.empty() || code.size() > 12) return "1 to 12 letters and digits";
            for (const char c : code)
              if (!std::isalnum(static_cast<unsigned char>(c))) return "letters and digits only";
            return "";
          },
          "CODE"));
  commands.add(worksheet, [options](const Globals& globals) {
    WorksheetRequest request = options->sheet;
    request.given_root = globals.given_root;
    return cli::worksheet(options->specs, request, globals.log);
  });
}

}  // namespace puzzlegen::cli
