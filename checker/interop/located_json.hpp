// Located JSON: a JSON document with the file position of its values, for errors that point into the user's file.
#pragma once

#include <string>
#include <string_view>
#include <unordered_map>

#include <nlohmann/json.hpp>

#include "translation.hpp"

namespace schedcheck::interop {

struct LocatedJson {
  nlohmann::json value;
  // Byte offset of every array and object, and of every other value nested at
  // most `scalar_depth` deep, by JSON pointer ("/steps/0/sends/3").
  std::unordered_map<std::string, size_t> offsets;
  // The offset of `pointer`, or of its nearest recorded ancestor.
  size_t offset_of(std::string pointer) const;
};

inline constexpr size_t max_json_depth = 64;
inline constexpr size_t scalar_depth = 3;

// Parses `text`; on a syntax error returns false with `error_offset` and `error` set.
bool parse_located_json(std::string_view text, LocatedJson& out, size_t& error_offset, std::string& error);

}  // namespace schedcheck::interop
