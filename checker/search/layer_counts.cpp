// Layer counts: the chains of the layer recursion, forward from (1, 0) and back from every node informed, on a grid of count pairs.
#include "layer_counts.hpp"

#include <algorithm>

namespace schedcheck::search {

std::vector<LayerStep> layer_count_steps(const Grid& grid, uint32_t steps) {
  const uint32_t k = grid.dimensions();
  if (k < 2) return {};
  const uint32_t n1 = grid.sizes[0], layer = grid.node_count() / n1, rest = grid.node_count() - layer;
  const uint64_t f = n1 == 2 ? 2 * k - 1 : 2 * k + 1;
  // Pairs (a, b), 0 <= a <= layer, 0 <= b <= rest, one flag each per step.
  const uint32_t width = rest + 1;
  auto at = [&](uint32_t a, uint32_t b) { return size_t{a} * width + b; };
  using Pairs = std::vector<char>;
  // The counts one step can reach from (a, b): rows a2 in [a, a_top],
  // each b2 in [b, b_top] with a2 + b2 <= sum_top.
  struct Box {
    uint32_t a_top, b_top;
    uint64_t sum_top;
  };
  auto box = [&](uint32_t a, uint32_t b) {
    return Box{static_cast<uint32_t>(std::min<uint64_t>(layer, (2 * k - 1) * uint64_t{a} + 2 * uint64_t{b})),
               static_cast<uint32_t>(std::min<uint64_t>(rest, 2 * uint64_t{a} + f * b)),
               (2 * uint64_t{k} + 1) * (uint64_t{a} + b)};
  };
  auto row_end = [&](const Box& x, uint32_t a2) {  // the last b2 of row a2, or below b when none
    return static_cast<int64_t>(std::min<uint64_t>(x.b_top, x.sum_top >= a2 ? x.sum_top - a2 : 0));
  };

  std::vector<Pairs> reach(steps + 1, Pairs(size_t{layer + 1} * width, 0));
  reach[0][at(1, 0)] = 1;
  for (uint32_t t = 0; t < steps; ++t)
    for (uint32_t a = 1; a <= layer; ++a)
      for (uint32_t b = 0; b <= rest; ++b) {
        if (!reach[t][at(a, b)]) continue;
        const Box x = box(a, b);
        for (uint32_t a2 = a; a2 <= x.a_top; ++a2)
          for (int64_t b2 = b; b2 <= row_end(x, a2); ++b2) reach[t + 1][at(a2, static_cast<uint32_t>(b2))] = 1;
      }
  // Back from every node informed: a pair lives when some step from it reaches a live pair.
  std::vector<Pairs> alive(steps + 1, Pairs(size_t{layer + 1} * width, 0));
  alive[steps][at(layer, rest)] = reach[steps][at(layer, rest)];
  std::vector<LayerStep> out(steps + 1);
  for (uint32_t t = steps; t-- > 0;) {
    LayerStep& next = out[t + 1];
    next.layer_min = layer, next.rest_min = rest;
    bool any = false;
    for (uint32_t a = 1; a <= layer; ++a)
      for (uint32_t b = 0; b <= rest; ++b) {
        if (!reach[t][at(a, b)]) continue;
        const Box x = box(a, b);
        for (uint32_t a2 = a; a2 <= x.a_top; ++a2)
          for (int64_t b2 = b; b2 <= row_end(x, a2); ++b2) {
            if (!alive[t + 1][at(a2, static_cast<uint32_t>(b2))]) continue;
            alive[t][at(a, b)] = 1;
            any = true;
            next.layer_min = std::min(next.layer_min, a2), next.layer_max = std::max(next.layer_max, a2);
            next.rest_min = std::min<uint32_t>(next.rest_min, static_cast<uint32_t>(b2));
            next.rest_max = std::max<uint32_t>(next.rest_max, static_cast<uint32_t>(b2));
            next.layer_loss = std::max(next.layer_loss, static_cast<uint32_t>((2 * k - 1) * a + 2 * b - a2));
            next.rest_loss = std::max(next.rest_loss, static_cast<uint32_t>(2 * a + f * b - static_cast<uint64_t>(b2)));
          }
      }
    if (!any) return {};
  }
  out[0] = {1, 1, 0, 0, 0, 0};
  return out;
}

}  // namespace schedcheck::search
