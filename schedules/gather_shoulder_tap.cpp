// Gather by shoulder tapping (Bhatt et al., Section 3.1): a distributed gather on a path into one end, every step told.
//
// P_0 is the root and P_i the node i hops from it. Wake-up calls run down the
// path one hop per time unit: P_(i-1) taps P_i in unit i-1, so P_i is told at
// time i; it taps P_(i+1) in unit i, and only then, its port free, sends its
// own message toward P_0 (single-port: it cannot do both in one unit). So
// P_0 receives P_i's first flit in unit 2i at the earliest, and 2m-1 for the
// farthest non-null P_m, which taps no one. The messages reach P_0 nearest
// first, each stream as soon as the one before it has passed:
// R_j = max(end of the previous stream, 2j) (2m-1 for j = m), and P_j leaves
// at R_j - j + 1. specs/lemmas.md ("Theorem 2") gives the reconstruction of
// the paper's lost timeline and why no schedule obeying inequality (5) is
// faster. Every wake-up call is a control flit, and every dispatch but the
// root's is licensed by the call that reached its sender.
#include <algorithm>

#include <fmt/format.h>

#include "rooted_generator.hpp"

namespace schedcheck::gen {

namespace {

// The nodes by distance from the root, when the spanning tree is a path from it.
std::vector<uint32_t> path_order(const RootedRequest& request, const SpanningTree& tree) {
  std::vector<uint32_t> order;
  for (uint32_t v = 0; v < request.lengths.size(); ++v)
    if (tree.depth[v] != no_depth) {
      if (order.size() <= tree.depth[v]) order.resize(tree.depth[v] + 1, UINT32_MAX);
      if (order[tree.depth[v]] != UINT32_MAX) return {};  // two nodes at one depth: not a path
      order[tree.depth[v]] = v;
    }
  return order;
}

std::string label(uint32_t v) { return fmt::format("wake-{}", v); }

}  // namespace

std::string shoulder_tap_refusal(const RootedRequest& request, const SpanningTree& tree) {
  if (path_order(request, tree).empty())
    return fmt::format("shoulder tapping gathers along a path into one end: the {} seen from node {} is not one",
                       request.network.description(), request.root);
  return {};
}

FlitSchedule gather_shoulder_tap(const RootedRequest& request, const SpanningTree& tree) {
  const std::vector<uint32_t> order = path_order(request, tree);
  uint32_t farthest = 0;  // m: the farthest node with a non-null message, in hops
  for (uint32_t i = 1; i < order.size(); ++i)
    if (request.lengths[order[i]] > 0) farthest = i;
  FlitSchedule schedule;
  for (uint32_t i = 1; i <= farthest; ++i)
    schedule.transfers.push_back({{order[i - 1], order[i]}, 0, i - 1, label(order[i]),
                                  i == 1 ? std::string() : label(order[i - 1])});
  uint64_t end = 0;  // when P_0 has received every stream so far
  for (uint32_t j = 1; j <= farthest; ++j) {
    const uint64_t length = request.lengths[order[j]];
    if (length == 0) continue;
    const uint64_t earliest = j < farthest ? 2 * uint64_t{j} : 2 * uint64_t{j} - 1;
    const uint64_t first = std::max(end, earliest);  // the unit P_0 receives P_j's first flit
    std::vector<uint32_t> route(order.rend() - j - 1, order.rend());
    schedule.transfers.push_back({std::move(route), order[j], first - j + 1, {}, label(order[j])});
    end = first + length;
  }
  schedule.time = std::max<uint64_t>(end, farthest);
  std::stable_sort(schedule.transfers.begin(), schedule.transfers.end(),
                   [](const FlitTransfer& a, const FlitTransfer& b) { return a.time < b.time; });
  return schedule;
}

}  // namespace schedcheck::gen
