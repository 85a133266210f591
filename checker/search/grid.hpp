// Grid: the torus or mesh a search runs on, with its channels (the search's own model; the core has another).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace schedcheck::search {

// The encodings grow with the nodes times the steps: the search is for small networks.
inline constexpr uint32_t max_search_nodes = 4096;

struct Grid {
  std::vector<uint32_t> sizes;
  bool wraps = true;  // torus (or ring); false: mesh (or path)

  uint32_t dimensions() const { return static_cast<uint32_t>(sizes.size()); }
  uint32_t node_count() const {
    uint32_t p = 1;
    for (uint32_t n : sizes) p *= n;
    return p;
  }
  uint32_t channel_count() const { return node_count() * 2 * dimensions(); }
  uint32_t coordinate(uint32_t v, uint32_t dim) const {
    for (uint32_t d = 0; d < dim; ++d) v /= sizes[d];
    return v % sizes[dim];
  }
  uint32_t stride(uint32_t dim) const {
    uint32_t s = 1;
    for (uint32_t d = 0; d < dim; ++d) s *= sizes[d];
    return s;
  }
  // The node one hop from v along `dim` (negative: the - direction), or -1
  // off a mesh's border.
  int64_t neighbour(uint32_t v, uint32_t dim, bool negative) const {
    const uint32_t x = coordinate(v, dim), n = sizes[dim], s = stride(dim);
    if (negative) return x > 0 ? int64_t{v} - s : (wraps ? int64_t{v} + int64_t{n - 1} * s : -1);
    return x + 1 < n ? int64_t{v} + s : (wraps ? int64_t{v} - int64_t{n - 1} * s : -1);
  }
  // Channel ids as the core numbers them: v * 2k + 2 * dim + (negative ? 1 : 0).
  uint32_t channel(uint32_t v, uint32_t dim, bool negative) const {
    return v * 2 * dimensions() + 2 * dim + (negative ? 1 : 0);
  }
  std::string describe() const;  // "torus 5x5", "mesh 3x4"
  std::string node_name(uint32_t v) const;  // as the format writes it: "(x1,x2)", or the index in 1-D

  // A torus's translations are named by the node they move node 0 onto.
  // The node at shift[d] (modulo its side) along each dimension d.
  uint32_t node_at(const std::vector<uint32_t>& shift) const {
    uint32_t v = 0;
    for (uint32_t d = 0; d < dimensions(); ++d) v += shift[d] % sizes[d] * stride(d);
    return v;
  }
  // Node v moved by the translation `by`.
  uint32_t translate(uint32_t v, uint32_t by) const {
    uint32_t w = 0;
    for (uint32_t d = 0; d < dimensions(); ++d) w += (coordinate(v, d) + coordinate(by, d)) % sizes[d] * stride(d);
    return w;
  }
};

// The translations of a torus that `generators` generate, as a mask over
// the nodes (each translation named by its node, as Grid::translate takes it).
std::vector<bool> translation_group(const Grid& grid, const std::vector<uint32_t>& generators);

// The nodes {x : x1 + 2 x2 + ... + k xk = 0 mod 2k+1} of a torus (empty on
// a mesh), indexed by node: the Lee code of radius 1, perfect where every
// side is a multiple of 2k+1; elsewhere its seams leave some nodes two hops
// from it.
std::vector<bool> lee_code(const Grid& grid);

// The Lee code on a torus whose every side is a multiple of 2k+1 (empty on
// any other grid): no two of its nodes are neighbours, and every other node
// is next to exactly one of them, as its 2k neighbours' sums take the 2k
// non-zero residues once each.
std::vector<bool> perfect_lee_code(const Grid& grid);

// Hop distances between all pairs of nodes.
std::vector<std::vector<uint32_t>> hop_distances(const Grid& grid);

// A directed channel: one hop from `tail` to `head` along `dim`, in the -
// direction when `negative`.
struct GridChannel {
  uint32_t tail, head, dim;
  bool negative;
};

// Every channel of the grid, node by node, then dimension, + before -.
std::vector<GridChannel> grid_channels(const Grid& grid);

// One store-and-forward transfer as a body line: "  (1,0) +2 : (3,1)".
std::string transfer_line(const Grid& grid, uint32_t from, uint32_t dim, bool negative, uint32_t message);

}  // namespace schedcheck::search
