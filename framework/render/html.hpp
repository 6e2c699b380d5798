// Self-contained printable HTML pages (inline CSS and SVG, nothing fetched), and printing them
// to PDF or PNG with a headless Chromium where one is installed.
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "drawing.hpp"

namespace puzzlegen::render {

// The sizes a printed page may have. Drawings are laid out for the narrower printable width
// of the two (A4: 182 mm between the margins), so they fit either.
enum class Paper { a4, letter };
Paper parse_paper(const std::string& name);  // "a4" or "letter"; throws std::invalid_argument
std::string to_string(Paper paper);          // "a4", "letter"
// The height between the page's margins, in CSS px (A4: 275 mm, Letter: 257 mm).
double printable_height(Paper paper);

class HtmlPage {
 public:
  explicit HtmlPage(std::string title, Paper paper = Paper::a4)
      : title_(std::move(title)), paper_(paper) {}
  HtmlPage& add(Element element);  // appended to <body>
  std::string str() const;         // the whole document, doctype first

 private:
  std::string title_;
  Paper paper_;
  std::vector<Element> parts_;
};

// <figure class="drawing">: the drawing (with its legend) and a caption under it.
Element figure(const Drawing& drawing, const std::string& caption = "");
// Everything after this element starts on a new printed page.
Element page_break();
Element paragraph(const std::string& text, const std::string& css_class = "");
Element heading(int level, const std::string& text);

// The headless browser used for PDF and PNG: $PUZZLEGEN_BROWSER, or chromium found on PATH.
std::optional<std::filesystem::path> find_browser();
// Prints an HTML file to PDF (the page's own paper size, no header or footer). Throws
// std::runtime_error naming the command when the browser fails.
void print_to_pdf(const std::filesystem::path& browser, const std::filesystem::path& html,
                  const std::filesystem::path& pdf);
// A screenshot of the page's first `height` pixels at `width`.
void screenshot(const std::filesystem::path& browser, const std::filesystem::path& html,
                const std::filesystem::path& png, int width, int height);

}  // namespace puzzlegen::render
