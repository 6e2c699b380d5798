// A minimal XML element tree for SVG and HTML output: text and attribute values are escaped
// when written, so every document the renderers produce is well-formed by construction.
#pragma once

#include <ostream>
#include <string>
#include <utility>
#include <vector>

namespace puzzlegen::render {

class Element {
 public:
  explicit Element(std::string tag) : tag_(std::move(tag)) {}

  // Chainable setters; numbers are written with at most two decimals.
  Element& set(const std::string& name, const std::string& value);
  Element& set(const std::string& name, const char* value) { return set(name, std::string(value)); }
  Element& set(const std::string& name, double value);
  Element& text(const std::string& content);  // appends an (escaped) text node
  // Appends script text written raw inside a CDATA section commented out for JavaScript
  // (/*<![CDATA[*/ ... /*]]>*/), so that an HTML parser and an XML parser read the same code.
  // Throws std::invalid_argument if `code` holds "]]>" or "</", which would end it early.
  Element& script(const std::string& code);
  Element& add(Element child);

  // Childless SVG shapes and HTML void elements are self-closed, other elements never are.
  void write(std::ostream& out) const;
  std::string str() const;

 private:
  struct Text {};
  Element(Text, std::string content, bool raw = false) : text_(std::move(content)), raw_(raw) {}

  std::string tag_;   // empty for a text node
  std::string text_;  // a text node's content
  bool raw_ = false;  // a script's text, written in a commented CDATA section
  std::vector<std::pair<std::string, std::string>> attributes_;
  std::vector<Element> children_;
};

std::string escape(const std::string& text);
std::string number(double value);  // "12", "12.5", "-0.25"

}  // namespace puzzlegen::render
