// Symmetry: the signed permutations of the dimensions, each kept only if it maps every route onto a route.
#include "symmetry.hpp"

#include <algorithm>
#include <numeric>
#include <unordered_map>

namespace schedcheck::search {

namespace {

struct ChannelsHash {
  size_t operator()(const std::vector<uint32_t>& channels) const {
    uint64_t h = 1469598103934665603ULL;
    for (uint32_t c : channels) h = (h ^ c) * 1099511628211ULL;
    return static_cast<size_t>(h);
  }
};

// Dimension d goes to dimension perm[d], reflected round the source when
// bit d of `flips` is set.
struct SignedPermutation {
  std::vector<uint32_t> perm;
  uint32_t flips = 0;

  uint32_t node(const Grid& grid, uint32_t v) const {
    uint32_t w = 0;
    for (uint32_t d = 0; d < grid.dimensions(); ++d) {
      const uint32_t n = grid.sizes[d], x = grid.coordinate(v, d);
      w += ((flips >> d & 1) ? (n - x) % n : x) * grid.stride(perm[d]);
    }
    return w;
  }
  // A channel leaves v along d, + or -; its image leaves node(v) along
  // perm[d], in the other direction when d is reflected.
  uint32_t channel(const Grid& grid, const std::vector<uint32_t>& node_image, uint32_t c) const {
    const uint32_t k = grid.dimensions(), v = c / (2 * k), d = c % (2 * k) / 2;
    const bool negative = (c & 1) != 0;
    return grid.channel(node_image[v], perm[d], negative != ((flips >> d & 1) != 0));
  }
};

// Union-find whose representative is the least index of its class.
class Classes {
 public:
  explicit Classes(size_t n) : parent_(n) { std::iota(parent_.begin(), parent_.end(), 0U); }
  uint32_t find(uint32_t a) {
    while (parent_[a] != a) a = parent_[a] = parent_[parent_[a]];
    return a;
  }
  void join(uint32_t a, uint32_t b) {
    a = find(a);
    b = find(b);
    if (a != b) parent_[std::max(a, b)] = std::min(a, b);
  }

 private:
  std::vector<uint32_t> parent_;
};

}  // namespace

SourceSymmetries source_symmetries(const Grid& grid, const std::vector<Route>& routes, SymmetryGroup group,
                                   const std::function<void()>& keep_time) {
  const uint32_t k = grid.dimensions(), nodes = grid.node_count();
  SourceSymmetries out;
  out.route_orbit.resize(routes.size());
  Classes classes(routes.size());
  out.node_orbit.resize(nodes);
  std::iota(out.node_orbit.begin(), out.node_orbit.end(), 0U);
  std::unordered_map<std::vector<uint32_t>, uint32_t, ChannelsHash> index;
  index.reserve(routes.size());
  for (size_t r = 0; r < routes.size(); ++r) {
    if (r % 4096 == 0) keep_time();
    index.emplace(routes[r].channels, static_cast<uint32_t>(r));
  }

  SignedPermutation g;
  g.perm.resize(k);
  std::iota(g.perm.begin(), g.perm.end(), 0U);
  std::vector<uint32_t> route_image(routes.size());
  std::vector<uint32_t> channels;
  do {
    bool sizes_kept = true;
    for (uint32_t d = 0; d < k; ++d) sizes_kept = sizes_kept && grid.sizes[g.perm[d]] == grid.sizes[d];
    if (!sizes_kept) continue;
    const bool exchanges = !std::is_sorted(g.perm.begin(), g.perm.end());
    for (g.flips = 0; g.flips < (1U << k); ++g.flips) {
      if (!exchanges && g.flips == 0) continue;  // the identity
      if (!grid.wraps && g.flips != 0) continue;
      if (group == SymmetryGroup::point_reflection && (exchanges || g.flips != (1U << k) - 1)) continue;
      std::vector<uint32_t> node_image(nodes);
      for (uint32_t v = 0; v < nodes; ++v) node_image[v] = g.node(grid, v);
      bool keeps_routes = true;
      for (size_t r = 0; r < routes.size() && keeps_routes; ++r) {
        if (r % 4096 == 0) keep_time();
        channels.clear();
        for (uint32_t c : routes[r].channels) channels.push_back(g.channel(grid, node_image, c));
        const auto it = index.find(channels);
        keeps_routes = it != index.end();
        if (keeps_routes) route_image[r] = it->second;
      }
      if (!keeps_routes) continue;
      for (size_t r = 0; r < routes.size(); ++r)
        if (node_image[routes[r].to] != routes[r].to) classes.join(static_cast<uint32_t>(r), route_image[r]);
      for (uint32_t v = 0; v < nodes; ++v) out.node_orbit[v] = std::min(out.node_orbit[v], node_image[v]);
      out.node_images.push_back(std::move(node_image));
    }
  } while (std::next_permutation(g.perm.begin(), g.perm.end()));
  for (size_t r = 0; r < routes.size(); ++r) out.route_orbit[r] = classes.find(static_cast<uint32_t>(r));
  return out;
}

}  // namespace schedcheck::search
