// Reading the SVG and HTML puzzlegen writes back with an XML parser, as a browser would.
#pragma once

#include <pugixml.hpp>

#include <map>
#include <string>
#include <vector>

namespace render_test {

// Parses `text` as XML; fails the test with the parser's message if it is not well-formed.
inline pugi::xml_document parse(const std::string& text) {
  pugi::xml_document doc;
  const pugi::xml_parse_result result = doc.load_string(text.c_str());
  INFO("XML error: " << result.description() << " at offset " << result.offset);
  REQUIRE(result);
  return doc;
}

inline std::size_t count(const pugi::xml_node& node, const std::string& xpath) {
  return node.select_nodes(xpath.c_str()).size();
}

// The data-colour of every face under `node`, in document order.
inline std::vector<std::string> face_colours(const pugi::xml_node& node,
                                             const std::string& xpath = ".//g[@class='face']") {
  std::vector<std::string> out;
  for (const auto& face : node.select_nodes(xpath.c_str()))
    out.push_back(face.node().attribute("data-colour").value());
  return out;
}

}  // namespace render_test
