// Scatter and gather in the bufferless flit model: Bhatt et al.'s farthest-destination-first stream, its time reverse, and baselines.
//
// The root's port carries one flit per time unit, so a scatter from it is an
// order of the non-null messages sent back to back (Bhatt et al., Section
// 1.3): message j leaves at T_j, the total length of those before it, and its
// last flit arrives d_j hops away at T_j + d_j + l_j - 1. Every route runs
// down one spanning tree, so at its hop i a train is on a channel from depth
// i-1 to depth i: two trains meet on a channel or at a port only at the same
// hop, in windows shifted alike from their windows at the root, which do not
// overlap. Every order is therefore free of collisions, under one-port too;
// the order decides only the time, and Theorem 1 says farthest destination
// first is optimal. A gather is a scatter run backwards in time.
#include <algorithm>

#include "rooted_generator.hpp"

namespace schedcheck::gen {

namespace {

enum class Order { farthest_first, nearest_first, index };

// The nodes whose messages move (non-null, and not the root's own), in
// `order`; equal distances keep index order.
std::vector<uint32_t> moving_messages(const RootedRequest& request, const SpanningTree& tree, Order order) {
  std::vector<uint32_t> nodes;
  for (uint32_t v = 0; v < request.lengths.size(); ++v)
    if (v != request.root && request.lengths[v] > 0) nodes.push_back(v);
  if (order == Order::farthest_first)
    std::stable_sort(nodes.begin(), nodes.end(), [&](uint32_t a, uint32_t b) { return tree.depth[a] > tree.depth[b]; });
  if (order == Order::nearest_first)
    std::stable_sort(nodes.begin(), nodes.end(), [&](uint32_t a, uint32_t b) { return tree.depth[a] < tree.depth[b]; });
  return nodes;
}

FlitSchedule scatter(const RootedRequest& request, const SpanningTree& tree, Order order) {
  FlitSchedule schedule;
  uint64_t sent = 0;  // flits the root has dispatched so far
  for (uint32_t v : moving_messages(request, tree, order)) {
    const uint64_t length = request.lengths[v];
    schedule.transfers.push_back({tree.route_from_root(v), v, sent});
    schedule.time = std::max(schedule.time, sent + tree.depth[v] + length - 1);
    sent += length;
  }
  return schedule;
}

// `order` is the order the root receives in: message k arrives during
// S + R_(k-1) .. S + R_k - 1 (R_k the total length of the first k), so it
// leaves its origin, d_k hops away, at S + R_(k-1) - d_k + 1, and S is the
// earliest start at which no message would have to leave before time 0.
// This is the scatter in the reverse order, reversed in time: free of
// collisions for the same reason, and nearest received first is as optimal
// as farthest destination first.
FlitSchedule gather(const RootedRequest& request, const SpanningTree& tree, Order order) {
  const std::vector<uint32_t> nodes = moving_messages(request, tree, order);
  uint64_t start = 0, received = 0;
  for (uint32_t v : nodes) {
    if (tree.depth[v] > received + 1) start = std::max(start, tree.depth[v] - 1 - received);
    received += request.lengths[v];
  }
  FlitSchedule schedule;
  received = 0;
  for (uint32_t v : nodes) {
    std::vector<uint32_t> route = tree.route_from_root(v);
    std::reverse(route.begin(), route.end());
    schedule.transfers.push_back({std::move(route), v, start + received + 1 - tree.depth[v]});
    received += request.lengths[v];
  }
  schedule.time = start + received;
  std::stable_sort(schedule.transfers.begin(), schedule.transfers.end(),
                   [](const FlitTransfer& a, const FlitTransfer& b) { return a.time < b.time; });
  return schedule;
}

}  // namespace

FlitSchedule scatter_farthest_first(const RootedRequest& request, const SpanningTree& tree) {
  return scatter(request, tree, Order::farthest_first);
}
FlitSchedule scatter_nearest_first(const RootedRequest& request, const SpanningTree& tree) {
  return scatter(request, tree, Order::nearest_first);
}
FlitSchedule scatter_index_order(const RootedRequest& request, const SpanningTree& tree) {
  return scatter(request, tree, Order::index);
}
FlitSchedule gather_nearest_first(const RootedRequest& request, const SpanningTree& tree) {
  return gather(request, tree, Order::nearest_first);
}
FlitSchedule gather_index_order(const RootedRequest& request, const SpanningTree& tree) {
  return gather(request, tree, Order::index);
}

}  // namespace schedcheck::gen
