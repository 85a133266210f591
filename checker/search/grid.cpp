// Grid: names and hop distances of the search's torus or mesh.
#include "grid.hpp"

#include <deque>

#include <fmt/format.h>

namespace schedcheck::search {

std::string Grid::describe() const {
  std::string s = wraps ? (sizes.size() == 1 ? "ring " : "torus ") : (sizes.size() == 1 ? "path " : "mesh ");
  for (size_t d = 0; d < sizes.size(); ++d) s += fmt::format("{}{}", d ? "x" : "", sizes[d]);
  return s;
}

std::string Grid::node_name(uint32_t v) const {
  if (dimensions() == 1) return fmt::format("{}", v);
  std::string s = "(";
  for (uint32_t d = 0; d < dimensions(); ++d) s += fmt::format("{}{}", d ? "," : "", coordinate(v, d));
  return s + ")";
}

std::vector<bool> translation_group(const Grid& grid, const std::vector<uint32_t>& generators) {
  std::vector<bool> in(grid.node_count(), false);
  std::vector<uint32_t> found{0};
  in[0] = true;
  for (size_t i = 0; i < found.size(); ++i)
    for (uint32_t g : generators)
      if (const uint32_t w = grid.translate(found[i], g); !in[w]) {
        in[w] = true;
        found.push_back(w);
      }
  return in;
}

std::vector<bool> lee_code(const Grid& grid) {
  if (!grid.wraps || grid.dimensions() == 0) return {};
  const uint32_t modulus = 2 * grid.dimensions() + 1;
  std::vector<bool> code(grid.node_count());
  for (uint32_t v = 0; v < grid.node_count(); ++v) {
    uint32_t sum = 0;
    for (uint32_t d = 0; d < grid.dimensions(); ++d) sum += (d + 1) * grid.coordinate(v, d);
    code[v] = sum % modulus == 0;
  }
  return code;
}

std::vector<bool> perfect_lee_code(const Grid& grid) {
  for (uint32_t n : grid.sizes)
    if (n % (2 * grid.dimensions() + 1) != 0) return {};
  return lee_code(grid);
}

std::vector<std::vector<uint32_t>> hop_distances(const Grid& grid) {
  const uint32_t n = grid.node_count();
  std::vector<std::vector<uint32_t>> dist(n, std::vector<uint32_t>(n, UINT32_MAX));
  for (uint32_t s = 0; s < n; ++s) {
    std::deque<uint32_t> queue{s};
    dist[s][s] = 0;
    while (!queue.empty()) {
      const uint32_t v = queue.front();
      queue.pop_front();
      for (uint32_t d = 0; d < grid.dimensions(); ++d)
        for (bool negative : {false, true})
          if (const int64_t w = grid.neighbour(v, d, negative); w >= 0 && dist[s][w] == UINT32_MAX) {
            dist[s][w] = dist[s][v] + 1;
            queue.push_back(static_cast<uint32_t>(w));
          }
    }
  }
  return dist;
}

std::vector<GridChannel> grid_channels(const Grid& grid) {
  std::vector<GridChannel> out;
  for (uint32_t v = 0; v < grid.node_count(); ++v)
    for (uint32_t d = 0; d < grid.dimensions(); ++d)
      for (bool negative : {false, true})
        if (const int64_t w = grid.neighbour(v, d, negative); w >= 0)
          out.push_back({v, static_cast<uint32_t>(w), d, negative});
  return out;
}

std::string transfer_line(const Grid& grid, uint32_t from, uint32_t dim, bool negative, uint32_t message) {
  return fmt::format("  {} {}{} : {}\n", grid.node_name(from), negative ? '-' : '+', dim + 1,
                     grid.node_name(message));
}

}  // namespace schedcheck::search
