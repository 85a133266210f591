// Torus: coordinates of a k-dimensional torus for the generators (their own model; the core has another).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace schedcheck::gen {

using Coord = std::vector<int64_t>;

struct Torus {
  std::vector<uint32_t> sizes;

  uint32_t dimensions() const { return static_cast<uint32_t>(sizes.size()); }
  uint64_t node_count() const {
    uint64_t p = 1;
    for (uint32_t n : sizes) p *= n;
    return p;
  }
  // Coordinates reduced into [0, n_d) in every dimension.
  Coord wrap(Coord c) const {
    for (size_t d = 0; d < sizes.size(); ++d) {
      const int64_t n = sizes[d];
      c[d] = ((c[d] % n) + n) % n;
    }
    return c;
  }
  // Index with dimension 1 varying fastest, as specs/format.md defines it.
  uint64_t index(const Coord& c) const {
    uint64_t i = 0;
    for (size_t d = sizes.size(); d-- > 0;) {
      const int64_t n = sizes[d];
      i = i * sizes[d] + static_cast<uint64_t>(((c[d] % n) + n) % n);
    }
    return i;
  }
  Coord coord(uint64_t index) const {
    Coord c(sizes.size());
    for (size_t d = 0; d < sizes.size(); ++d) {
      c[d] = static_cast<int64_t>(index % sizes[d]);
      index /= sizes[d];
    }
    return c;
  }
  // The PU next to index v in direction 2*dim + (negative ? 1 : 0).
  uint64_t neighbour(uint64_t v, uint32_t direction) const {
    Coord c = coord(v);
    c[direction / 2] += direction % 2 ? -1 : 1;
    return index(c);
  }
  std::string describe() const;  // "5x5"
};

}  // namespace schedcheck::gen
