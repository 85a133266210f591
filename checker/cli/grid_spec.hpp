// Grid spec: the "KIND:n1xn2x..." of --topology for commands that take grids only (gen, search).
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace schedcheck::cli {

struct GridSpec {
  std::string kind;  // torus, ring, mesh or path
  std::vector<uint32_t> sizes;
  bool wraps() const { return kind == "torus" || kind == "ring"; }
};

// Parses `spec`, accepting only the kinds in `kinds` (e.g. {"torus", "ring"})
// and sizes from 2 to `max_size`; nullopt with `error` set otherwise.
std::optional<GridSpec> parse_grid_spec(const std::string& spec, const std::vector<std::string>& kinds,
                                        uint32_t max_size, std::string& error);

}  // namespace schedcheck::cli
