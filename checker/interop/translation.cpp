// Translation: the text, its origin table, and offsets as line:column.
#include "translation.hpp"

#include <algorithm>

namespace schedcheck::interop {

bool Translation::ok() const {
  return std::none_of(errors.begin(), errors.end(), [](const Located& e) { return e.property == "syntax"; });
}

void Translation::line(std::string_view text_line, FilePos from) {
  text.append(text_line);
  text.push_back('\n');
  origin.push_back(from);
}

void Translation::error(FilePos pos, std::string property, std::string message) {
  errors.push_back({pos, std::move(property), std::move(message)});
}

FilePos Translation::origin_of(uint32_t text_line) const {
  if (text_line == 0 || text_line > origin.size()) return {};
  return origin[text_line - 1];
}

LineIndex::LineIndex(std::string_view text) {
  starts_.push_back(0);
  for (size_t i = 0; i < text.size(); ++i)
    if (text[i] == '\n') starts_.push_back(i + 1);
}

FilePos LineIndex::at(size_t offset) const {
  const auto it = std::upper_bound(starts_.begin(), starts_.end(), offset);
  const size_t line = static_cast<size_t>(it - starts_.begin());  // >= 1: starts_[0] == 0
  return {static_cast<uint32_t>(std::min<size_t>(line, UINT32_MAX)),
          static_cast<uint32_t>(std::min<size_t>(offset - starts_[line - 1] + 1, UINT32_MAX))};
}

}  // namespace schedcheck::interop
