// Translation: a schedule translated from another tool's file, with the position in that file of every line.
//
// Errors must point into the user's file, not into text the user never
// wrote. The translators record, for each line of the text they write, the
// file:line:col it came from; the command line maps the core's diagnostics
// through that table (specs/interop.md, "Positions").
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace schedcheck::interop {

struct FilePos {
  uint32_t line = 0;  // 1-based; 0 when the text line has no origin
  uint32_t col = 0;
};

// An error found while translating, at its position in the user's file.
// `property` is a name of specs/properties.md; "syntax" means the file could
// not be translated (exit code 2), any other name a failed property (exit 1).
struct Located {
  FilePos pos;
  std::string property;
  std::string message;
};

// The largest file a translator reads; larger ones are refused by size.
inline constexpr size_t max_input_bytes = size_t{64} << 20;

struct Translation {
  std::string text;             // the schedule in the format (specs/format.md)
  std::vector<FilePos> origin;  // origin[i]: where line i+1 of `text` came from
  std::vector<Located> errors;  // in the order found
  bool ok() const;              // true unless an error is a syntax error

  // Appends one line of text and its origin.
  void line(std::string_view text_line, FilePos from = {});
  void error(FilePos pos, std::string property, std::string message);
  FilePos origin_of(uint32_t text_line) const;
};

// The network to translate onto when the user names one (--topology): its
// header line, as the core reads it, and its node count.
struct NamedNetwork {
  std::string topology_line;  // "topology torus 4x4"
  uint32_t nodes = 0;
};

// Byte offsets of a text to line:column, for readers that report offsets.
class LineIndex {
 public:
  explicit LineIndex(std::string_view text);
  FilePos at(size_t offset) const;

 private:
  std::vector<size_t> starts_;
};

}  // namespace schedcheck::interop
