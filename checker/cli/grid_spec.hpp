// Grid spec: the "KIND:n1xn2x..." of --topology for commands that take grids only (gen, search).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace schedcheck::cli {

struct GridSpec {
  std::string kind;  // torus, ring, mesh or path
  std::vector<uint32_t> sizes;
  bool wraps() const { return kind == "torus" || kind == "ring"; }
};

// "5x4x2" -> {5, 4, 2}: whole numbers below 2^32 joined by 'x', each command
// checking their range; nullopt when the text is not that.
std::optional<std::vector<uint32_t>> parse_sides(std::string_view text);

// Parses `spec`, accepting only the kinds in `kinds` (e.g. {"torus", "ring"})
// and sizes from 2 to `max_size`; nullopt with `error` set otherwise.
std::optional<GridSpec> parse_grid_spec(const std::string& spec, const std::vector<std::string>& kinds,
                                        uint32_t max_size, std::string& error);

}  // namespace schedcheck::cli
