// Layer counts: the chains of the layer recursion, forward from (1, 0) and back from every node informed, row by row over the count pairs.
#include "layer_counts.hpp"

#include <algorithm>

namespace schedcheck::search {

std::vector<LayerStep> layer_count_steps(const Grid& grid, uint32_t steps, const Deadline& deadline) {
  const uint32_t k = grid.dimensions();
  if (k < 2) return {};
  const uint32_t n1 = grid.sizes[0], layer = grid.node_count() / n1, rest = grid.node_count() - layer;
  const uint64_t f = n1 == 2 ? 2 * k - 1 : 2 * k + 1;
  // One flag per count pair (a, b), 0 <= a <= layer, 0 <= b <= rest, row a.
  const uint32_t width = rest + 1;
  auto at = [&](uint32_t a, uint32_t b) { return size_t{a} * width + b; };
  const size_t pairs = size_t{layer + 1} * width;
  // One step from (a, b) reaches the rows a2 in [a, a_top], in each the
  // b2 in [b, row_end(a2)]: an interval per row.
  auto a_top = [&](uint32_t a, uint32_t b) {
    return static_cast<uint32_t>(std::min<uint64_t>(layer, (2 * k - 1) * uint64_t{a} + 2 * uint64_t{b}));
  };
  auto b_cap = [&](uint32_t a, uint32_t b) { return 2 * uint64_t{a} + f * b; };  // before the cut at `rest`
  auto row_end = [&](uint32_t a, uint32_t b, uint32_t a2) {  // below b when the row has none
    const uint64_t sum_top = (2 * uint64_t{k} + 1) * (uint64_t{a} + b);
    return static_cast<int64_t>(std::min<uint64_t>({rest, b_cap(a, b), sum_top >= a2 ? sum_top - a2 : 0}));
  };

  // Forward: each row's intervals marked by a difference array, then summed.
  std::vector<std::vector<char>> reach(steps + 1, std::vector<char>(pairs, 0));
  reach[0][at(1, 0)] = 1;
  std::vector<int32_t> diff(size_t{layer + 1} * (width + 1));
  for (uint32_t t = 0; t < steps; ++t) {
    std::fill(diff.begin(), diff.end(), 0);
    for (uint32_t a = 1; a <= layer; ++a)
      for (uint32_t b = 0; b <= rest; ++b) {
        if (!reach[t][at(a, b)]) continue;
        deadline.keep(at(a, b));
        for (uint32_t a2 = a; a2 <= a_top(a, b); ++a2) {
          const int64_t end = row_end(a, b, a2);
          if (end < b) continue;
          ++diff[size_t{a2} * (width + 1) + b];
          --diff[size_t{a2} * (width + 1) + static_cast<size_t>(end) + 1];
        }
      }
    for (uint32_t a2 = 0; a2 <= layer; ++a2) {
      int32_t covered = 0;
      for (uint32_t b2 = 0; b2 <= rest; ++b2)
        reach[t + 1][at(a2, b2)] = (covered += diff[size_t{a2} * (width + 1) + b2]) > 0;
    }
  }

  // Back from every node informed. In each row of the live pairs of step
  // t+1, next_[b] is the first live b2 >= b and last_[b] the last <= b
  // (rest + 1 and -1 for none), so a pair of step t asks each of its rows once.
  std::vector<char> alive(pairs, 0), alive_before(pairs, 0);
  alive[at(layer, rest)] = reach[steps][at(layer, rest)];
  std::vector<int64_t> next(pairs), last(pairs);
  std::vector<LayerStep> out(steps + 1);
  for (uint32_t t = steps; t-- > 0;) {
    for (uint32_t a2 = 0; a2 <= layer; ++a2) {
      int64_t seen = -1;
      for (uint32_t b2 = 0; b2 <= rest; ++b2) last[at(a2, b2)] = seen = alive[at(a2, b2)] ? b2 : seen;
      seen = int64_t{rest} + 1;
      for (uint32_t b2 = rest + 1; b2-- > 0;) next[at(a2, b2)] = seen = alive[at(a2, b2)] ? b2 : seen;
    }
    LayerStep& step = out[t + 1];
    step.layer_min = layer, step.rest_min = rest;
    bool any = false;
    std::fill(alive_before.begin(), alive_before.end(), 0);
    for (uint32_t a = 1; a <= layer; ++a)
      for (uint32_t b = 0; b <= rest; ++b) {
        if (!reach[t][at(a, b)]) continue;
        deadline.keep(at(a, b));
        const uint64_t layer_cap = (2 * k - 1) * uint64_t{a} + 2 * uint64_t{b};
        for (uint32_t a2 = a; a2 <= a_top(a, b); ++a2) {
          const int64_t end = row_end(a, b, a2);
          if (end < b) continue;
          const int64_t first = next[at(a2, b)];
          if (first > end) continue;
          alive_before[at(a, b)] = 1;
          any = true;
          step.layer_min = std::min(step.layer_min, a2);
          step.layer_max = std::max(step.layer_max, a2);
          step.rest_min = std::min(step.rest_min, static_cast<uint32_t>(first));
          step.rest_max = std::max(step.rest_max, static_cast<uint32_t>(last[at(a2, static_cast<uint32_t>(end))]));
          step.layer_loss = std::max(step.layer_loss, static_cast<uint32_t>(layer_cap - a2));
          step.rest_loss = std::max(step.rest_loss, static_cast<uint32_t>(b_cap(a, b) - static_cast<uint64_t>(first)));
        }
      }
    if (!any) return {};
    std::swap(alive, alive_before);
  }
  out[0] = {1, 1, 0, 0, 0, 0};
  return out;
}

}  // namespace schedcheck::search
