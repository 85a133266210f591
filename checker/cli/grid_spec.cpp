// Grid spec: parsing KIND:SIZES with errors that name the option.
#include "grid_spec.hpp"

#include <algorithm>
#include <charconv>

#include <fmt/format.h>

namespace schedcheck::cli {

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
  std::string_view rest = std::string_view(spec).substr(colon + 1);
  for (;;) {
    const size_t x = rest.find('x');
    const std::string_view part = rest.substr(0, x);
    uint32_t n = 0;
    auto [end, ec] = std::from_chars(part.data(), part.data() + part.size(), n);
    if (ec != std::errc{} || end != part.data() + part.size() || n < 2 || n > max_size) {
      error = fmt::format("--topology '{}': sizes must be whole numbers from 2 to {}", spec, max_size);
      return std::nullopt;
    }
    g.sizes.push_back(n);
    if (x == std::string_view::npos) break;
    rest.remove_prefix(x + 1);
  }
  if ((g.kind == "ring" || g.kind == "path") && g.sizes.size() != 1) {
    error = fmt::format("--topology '{}': a {} has one size", spec, g.kind);
    return std::nullopt;
  }
  return g;
}

}  // namespace schedcheck::cli
