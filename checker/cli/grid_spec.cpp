// Grid spec: parsing KIND:SIZES with errors that name the option.
#include "grid_spec.hpp"

#include <algorithm>
#include <charconv>

#include <fmt/format.h>

namespace schedcheck::cli {

std::optional<std::vector<uint32_t>> parse_sides(std::string_view text) {
  std::vector<uint32_t> sides;
  for (size_t at = 0;;) {
    const size_t x = std::min(text.find('x', at), text.size());
    uint32_t n = 0;
    const auto [end, ec] = std::from_chars(text.data() + at, text.data() + x, n);
    if (ec != std::errc{} || end != text.data() + x) return std::nullopt;
    sides.push_back(n);
    if (x == text.size()) return sides;
    at = x + 1;
  }
}

std::optional<GridSpec> parse_grid_spec(const std::string& spec, const std::vector<std::string>& kinds,
                                        uint32_t max_size, std::string& error) {
  const size_t colon = spec.find(':');
  GridSpec g{spec.substr(0, colon), {}};
  if (colon == std::string::npos || std::find(kinds.begin(), kinds.end(), g.kind) == kinds.end()) {
    std::string list;
    for (const std::string& k : kinds) list += (list.empty() ? "" : ", ") + k + ":";
    error = fmt::format("--topology '{}': expected one of {} followed by sizes like 5x5", spec, list);
    return std::nullopt;
  }
  const auto sizes = parse_sides(std::string_view(spec).substr(colon + 1));
  if (!sizes || std::any_of(sizes->begin(), sizes->end(), [&](uint32_t n) { return n < 2 || n > max_size; })) {
    error = fmt::format("--topology '{}': sizes must be whole numbers from 2 to {}", spec, max_size);
    return std::nullopt;
  }
  g.sizes = *sizes;
  if ((g.kind == "ring" || g.kind == "path") && g.sizes.size() != 1) {
    error = fmt::format("--topology '{}': a {} has one size", spec, g.kind);
    return std::nullopt;
  }
  return g;
}

}  // namespace schedcheck::cli
