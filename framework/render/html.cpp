#include "html.hpp"

#include <cctype>
#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <system_error>

#include "files.hpp"

namespace puzzlegen::render {

namespace fs = std::filesystem;

namespace {

// No quotes, < or & in here: <style> is raw text to an HTML parser but not to an XML one.
// Print first: figures never split across pages, the answer key on its own pages. The paper
// size comes first (HtmlPage::str).
const char* const kStyle = R"(
body { font-family: DejaVu Sans, Arial, Helvetica, sans-serif; color: #000; margin: 0 auto;
       max-width: 182mm; }
h1 { font-size: 19pt; margin: 0 0 3mm; }
h2 { font-size: 13pt; margin: 3mm 0 1mm; break-after: avoid; }
h3 { font-size: 12pt; margin: 2mm 0 1mm; break-after: avoid; }
p { font-size: 10.5pt; margin: 0 0 2mm; }
p.note { color: #333; font-size: 9pt; }
p.name-line { margin: 0 0 4mm; white-space: pre; }
p.sheet-code { font-size: 9pt; color: #333; }
figure { display: inline-block; margin: 0 4mm 1mm 0; break-inside: avoid; vertical-align: top; }
figcaption { font-size: 9.5pt; margin-top: 1mm; max-width: 170mm; }
section.puzzle, section.answer { break-inside: avoid; margin-bottom: 3mm; }
section.puzzle[data-pieces] { break-inside: auto; orphans: 1; widows: 1; }
section.answer.explained { break-inside: auto; }
ol.steps { break-inside: avoid; }
div.first-row { break-inside: avoid; }
section.puzzle[data-pieces] figure { margin-right: 0; }
section.puzzle[data-pieces], div.first-row { font-size: 0; }
div.page-break { break-before: page; }
svg { max-width: 100%; height: auto; }
div.play { display: none; }
@media screen {
  body { padding: 0 8px; box-sizing: border-box; }
  figure { max-width: 100%; }
  p.name-line { white-space: pre-wrap; }
  div.play.ready { display: block; font-size: 11pt; margin: 2mm 0 5mm; padding: 1mm 3mm 2mm;
                   border: 1px solid #999; border-radius: 4px; box-sizing: border-box;
                   max-width: 100%; }
  div.play button { font: inherit; color: #000; background: #f4f4f4; border: 1px solid #666;
                    border-radius: 4px; padding: 6px 12px; min-height: 40px; cursor: pointer; }
  .play-grid { display: grid; margin: 2mm 0; max-width: 100%; }
  .play-grid button.cell { position: relative; aspect-ratio: 1; width: 100%; min-width: 0;
                           min-height: 0; padding: 0; border: 2px solid #000; border-radius: 0;
                           background: #fff; font-size: 15pt; font-weight: bold; }
  .play-grid button.cell.given { background: #e4e4e4; cursor: default; }
  .play-grid button.cell.selected { outline: 3px solid #1565c0; outline-offset: 1px; }
  .play-grid .corner { position: absolute; left: 2px; top: 0; font-size: 7pt;
                       font-weight: normal; }
  .play-grid .sign { align-self: center; justify-self: center; font-weight: bold; }
  .play-values { display: flex; flex-wrap: wrap; gap: 6px; }
  .play-values button.value { padding: 4px; min-width: 44px; }
  .play-values button.value span { display: inline-block; min-width: 1.6em; padding: 3px;
                                   border-radius: 3px; font-weight: bold; }
  .play-controls { display: flex; flex-wrap: wrap; gap: 6px; margin-top: 3mm; }
  p.verdict { font-size: 11pt; margin: 2mm 0 0; min-height: 1em; }
  p.verdict[data-verdict=right] { color: #1b5e20; font-weight: bold; }
  p.verdict[data-verdict=wrong] { color: #b00020; }
  .play-tower .cube-row { display: flex; flex-wrap: wrap; align-items: center; gap: 4px 8px;
                          margin: 4px 0; }
  .play-tower .cube-name { display: inline-block; width: 62px; font-size: 10pt; }
  .play-tower .sides, .play-tower .ends { display: inline-flex; gap: 3px; }
  .play-tower .face, .play-tower .sides .side-name { display: inline-block; box-sizing: border-box;
                                                     width: 38px; text-align: center; }
  .play-tower .face { height: 38px; line-height: 34px; border: 2px solid #000;
                      font-weight: bold; }
  .play-tower .face.end, .play-tower .ends .side-name { display: inline-block;
                                                        box-sizing: border-box; width: 30px;
                                                        text-align: center; }
  .play-tower .face.end { height: 30px; line-height: 26px; font-size: 9pt; }
  .play-tower .side-name { font-size: 8pt; color: #333; }
  .play-tower .moves { display: inline-flex; gap: 4px; }
  .play-tower .moves button { padding: 4px 8px; }
  .play-grid button.cell.clash, .play-tower .face.clash { border-color: #d00000;
                                                          border-style: dashed;
                                                          box-shadow: 0 0 0 3px #d00000; }
}
@media print { div.play { display: none !important; } }
)";

std::string quote(const fs::path& path) {
  std::string s = path.string(), out = "'";
  for (const char c : s) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

// A file:// URL for a path: every byte but the unreserved ones and '/' percent-encoded, so
// that '#', '?', '%' or a space in a file name reach the browser as part of the name.
std::string file_url(const fs::path& path) {
  std::string url = "file://";
  for (const unsigned char c : fs::absolute(path).string()) {
    if (std::isalnum(c) || c == '/' || c == '-' || c == '_' || c == '.' || c == '~') {
      url += static_cast<char>(c);
    } else {
      constexpr const char* hex = "0123456789ABCDEF";
      url += '%';
      url += hex[c >> 4];
      url += hex[c & 15];
    }
  }
  return url;
}

// Runs the browser on `html` with `arguments`, its output into a log that an error quotes.
void run_browser(const fs::path& browser, const fs::path& html, const std::string& arguments) {
  const fs::path profile = temporary_beside(fs::temp_directory_path() / "puzzlegen-browser");
  const fs::path log = profile.string() + ".log";
  const std::string command = quote(browser) +
                              " --headless --no-sandbox --disable-gpu --disable-dev-shm-usage" +
                              " --no-first-run --user-data-dir=" + quote(profile) + " " +
                              arguments + " " + quote(file_url(html)) + " >" + quote(log) + " 2>&1";
  const int status = std::system(command.c_str());
  std::error_code ignored;
  fs::remove_all(profile, ignored);
  std::string output;
  if (std::ifstream in{log}) output.assign(std::istreambuf_iterator<char>(in), {});
  fs::remove(log, ignored);
  if (status != 0) throw std::runtime_error("the browser failed (" + command + "):\n" + output);
}

}  // namespace

Paper parse_paper(const std::string& name) {
  if (name == "a4") return Paper::a4;
  if (name == "letter") return Paper::letter;
  throw std::invalid_argument("unknown paper " + name);
}

double printable_height(Paper paper) {
  constexpr double kPxPerMm = 96 / 25.4, kMargins = 2 * 11;  // @page margin, top and bottom
  return ((paper == Paper::a4 ? 297 : 279.4) - kMargins) * kPxPerMm;
}

std::string to_string(Paper paper) {
  return paper == Paper::a4 ? "a4" : "letter";
}

HtmlPage& HtmlPage::add(Element element) {
  parts_.push_back(std::move(element));
  return *this;
}

std::string HtmlPage::str() const {
  Element head("head");
  head.add(Element("meta").set("charset", "utf-8"));
  // On a tablet the page is laid out for the screen's width, not a desktop's.
  head.add(Element("meta")
               .set("name", "viewport")
               .set("content", "width=device-width, initial-scale=1"));
  head.add(Element("title").text(title_));
  const std::string size = paper_ == Paper::a4 ? "A4" : "letter";
  head.add(Element("style").text("\n@page { size: " + size + "; margin: 11mm 14mm; }" + kStyle));
  Element body("body");
  for (const auto& part : parts_) body.add(part);
  Element html("html");
  html.set("lang", "en").add(std::move(head)).add(std::move(body));
  return "<!DOCTYPE html>\n" + html.str() + "\n";
}

Element figure(const Drawing& drawing, const std::string& caption) {
  Element f("figure");
  f.set("class", "drawing").add(svg(drawing));
  if (!caption.empty()) f.add(Element("figcaption").text(caption));
  return f;
}

Element page_break() {
  return Element("div").set("class", "page-break");
}

Element paragraph(const std::string& text, const std::string& css_class) {
  Element p("p");
  if (!css_class.empty()) p.set("class", css_class);
  return p.text(text);
}

Element heading(int level, const std::string& text) {
  return Element("h" + std::to_string(level)).text(text);
}

std::optional<fs::path> find_browser() {
  if (const char* chosen = std::getenv("PUZZLEGEN_BROWSER"); chosen && *chosen) {
    std::error_code ec;
    if (fs::is_regular_file(chosen, ec)) return fs::path(chosen);
    return std::nullopt;
  }
  const char* path = std::getenv("PATH");
  if (!path) return std::nullopt;
  std::istringstream dirs(path);
  std::string dir;
  while (std::getline(dirs, dir, ':'))
    for (const char* name : {"chromium", "chromium-browser", "google-chrome"}) {
      const fs::path candidate = fs::path(dir) / name;
      std::error_code ec;
      if (fs::is_regular_file(candidate, ec)) return candidate;
    }
  return std::nullopt;
}

void print_to_pdf(const fs::path& browser, const fs::path& html, const fs::path& pdf) {
  const fs::path temporary = temporary_beside(pdf, ".pdf");
  run_browser(browser, html,
              "--no-pdf-header-footer --print-to-pdf-no-header --print-to-pdf=" +
                  quote(fs::absolute(temporary)));
  if (!fs::exists(temporary)) throw std::runtime_error("the browser wrote no PDF");
  std::error_code error;  // a replaced PDF keeps its permissions, as write_file_atomically does
  if (const auto existing = fs::status(pdf, error); !error && fs::is_regular_file(existing))
    fs::permissions(temporary, existing.permissions(), error);
  fs::rename(temporary, pdf);
}

void screenshot(const fs::path& browser, const fs::path& html, const fs::path& png, int width,
                int height) {
  run_browser(browser, html,
              "--hide-scrollbars --window-size=" + std::to_string(width) + "," +
                  std::to_string(height) + " --screenshot=" + quote(fs::absolute(png)));
  if (!fs::exists(png)) throw std::runtime_error("the browser wrote no screenshot");
}

}  // namespace puzzlegen::render
