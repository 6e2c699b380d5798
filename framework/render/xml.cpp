#include "xml.hpp"

#include <array>
#include <cmath>
#include <cstdio>
#include <sstream>
#include <stdexcept>

namespace puzzlegen::render {

std::string escape(const std::string& text) {
  std::string out;
  out.reserve(text.size());
  for (const char c : text) {
    switch (c) {
      case '&':
        out += "&amp;";
        break;
      case '<':
        out += "&lt;";
        break;
      case '>':
        out += "&gt;";
        break;
      case '"':
        out += "&quot;";
        break;
      default:
        out += c;
    }
  }
  return out;
}

std::string number(double value) {
  const double rounded = std::round(value * 100) / 100;
  std::array<char, 32> buffer{};
  std::snprintf(buffer.data(), buffer.size(), "%.2f", rounded == 0 ? 0.0 : rounded);
  std::string s = buffer.data();
  s.erase(s.find_last_not_of('0') + 1);
  if (s.back() == '.') s.pop_back();
  return s;
}

Element& Element::set(const std::string& name, const std::string& value) {
  for (auto& [key, old] : attributes_)
    if (key == name) {
      old = value;
      return *this;
    }
  attributes_.emplace_back(name, value);
  return *this;
}

Element& Element::set(const std::string& name, double value) {
  return set(name, number(value));
}

Element& Element::text(const std::string& content) {
  children_.push_back(Element(Text{}, content));
  return *this;
}

Element& Element::script(const std::string& code) {
  if (code.find("]]>") != std::string::npos || code.find("</") != std::string::npos)
    throw std::invalid_argument("a script may not hold ]]> or </");
  children_.push_back(Element(Text{}, code, true));
  return *this;
}

Element& Element::add(Element child) {
  children_.push_back(std::move(child));
  return *this;
}

void Element::write(std::ostream& out) const {
  if (tag_.empty()) {
    if (raw_)
      out << "/*<![CDATA[*/" << text_ << "/*]]>*/";
    else
      out << escape(text_);
    return;
  }
  out << '<' << tag_;
  for (const auto& [name, value] : attributes_) out << ' ' << name << "=\"" << escape(value) << '"';
  // An HTML parser reads <div/> as an unclosed <div>: only SVG shapes and HTML void elements
  // are self-closed.
  static const std::array<const char*, 13> may_self_close = {
      "rect", "circle", "ellipse", "line", "path", "polygon", "polyline",
      "use",  "meta",   "br",      "hr",   "img",  "link"};
  bool self_closed = false;
  for (const char* tag : may_self_close) self_closed = self_closed || tag_ == tag;
  if (children_.empty() && self_closed) {
    out << "/>";
    return;
  }
  out << '>';
  if (children_.empty()) {
    out << "</" << tag_ << '>';
    return;
  }
  bool mixed = false;  // text inside: no layout newlines, they would show
  for (const auto& child : children_) mixed = mixed || child.tag_.empty();
  for (const auto& child : children_) {
    if (!mixed) out << '\n';
    child.write(out);
  }
  if (!mixed) out << '\n';
  out << "</" << tag_ << '>';
}

std::string Element::str() const {
  std::ostringstream out;
  write(out);
  return out.str();
}

}  // namespace puzzlegen::render
