// XML reader: the small located subset MSCCL's algorithm files use (elements, attributes, comments, the declaration, entities).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "translation.hpp"

namespace schedcheck::interop {

struct XmlAttribute {
  std::string name, value;
  FilePos pos;  // of the name
};

struct XmlElement {
  std::string name;
  FilePos pos;  // of the '<'
  std::vector<XmlAttribute> attributes;
  std::vector<uint32_t> children;  // indices into XmlDocument::elements

  const XmlAttribute* attribute(std::string_view key) const;
};

struct XmlDocument {
  std::vector<XmlElement> elements;  // elements[0] is the root
};

inline constexpr size_t max_xml_depth = 64;
inline constexpr size_t max_xml_elements = size_t{1} << 22;

// Parses `text`. Character data between elements may only be blank;
// processing instructions and the XML declaration are skipped, a DOCTYPE or
// CDATA section is an error. On an error returns nullopt with `error` set.
std::optional<XmlDocument> parse_xml(std::string_view text, Located& error);

}  // namespace schedcheck::interop
