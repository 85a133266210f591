// Scatter and gather over edge-disjoint trees rooted at the root, all-port (Bhatt et al., Section 4).
//
// The network is covered by `count` trees rooted at the root, no link in two
// of them (tree_cover.hpp). Under all-port the root sends (receives) on all
// its links at once, so each of its links in each tree carries a stream of
// its own: a branch, the subtree of one tree below one root link. Branches
// of one tree share no node, and trees share no link, so the streams never
// meet on a channel; within a branch the stream is a gap-free FDF scatter
// (an NRF gather), collision-free as on a single tree (flit_scatter_gather).
// Each node with a message is "preallocated to one tree" (the paper's
// phrase); in the others it is a conduit. The allocation is greedy: the
// longest messages first, each to the branch, among those of the trees that
// hold the node, where its stream would end soonest. A branch holding
// messages of lengths l_j at depths d_j ends at max over depths d of
// (total length at depth >= d) + d - 1, FDF's time and NRF's alike.
#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "rooted_generator.hpp"
#include "tree_cover.hpp"

namespace schedcheck::gen {

namespace {

struct Branch {
  uint32_t tree = 0;
  std::vector<uint64_t> at_least;  // at_least[d]: the total length of its messages at depth >= d
  uint32_t deepest = 0;            // the depth of its deepest message
  std::vector<uint32_t> members;   // the nodes whose messages it carries
};

// The branch's time if a message of `length` flits at `depth` joined it.
uint64_t time_with(const Branch& b, uint32_t depth, uint64_t length) {
  const uint32_t deepest = std::max(b.deepest, depth);
  uint64_t time = 0;
  for (uint32_t d = 1; d <= deepest; ++d) {
    const uint64_t here = (d < b.at_least.size() ? b.at_least[d] : 0) + (d <= depth ? length : 0);
    time = std::max(time, here + d - 1);
  }
  return time;
}

void add(Branch& b, uint32_t depth, uint64_t length, uint32_t node) {
  if (b.at_least.size() <= depth) b.at_least.resize(depth + 1, 0);
  for (uint32_t d = 1; d <= depth; ++d) b.at_least[d] += length;
  b.deepest = std::max(b.deepest, depth);
  b.members.push_back(node);
}

// The root's distinct neighbours: the most edge-disjoint trees it can root.
uint32_t root_neighbours(const RootedRequest& request) {
  auto n = request.network.neighbours(request.root);
  std::vector<uint32_t> distinct(n.begin(), n.end());
  std::sort(distinct.begin(), distinct.end());
  return static_cast<uint32_t>(std::unique(distinct.begin(), distinct.end()) - distinct.begin());
}

uint32_t tree_count(const RootedRequest& request) { return request.trees ? request.trees : root_neighbours(request); }

std::vector<uint32_t> route_in(const CoverTree& tree, uint32_t root, uint32_t v) {
  std::vector<uint32_t> route{v};
  for (uint32_t u = v; u != root; u = tree.parent[u]) route.push_back(tree.parent[u]);
  std::reverse(route.begin(), route.end());
  return route;
}

FlitSchedule multitree(const RootedRequest& request, bool scatter) {
  const uint32_t count = tree_count(request);
  const std::vector<CoverTree> trees = cover_with_trees(request.network, request.root, count);
  FlitSchedule schedule;
  for (uint32_t t = 0; t < count; ++t)
    schedule.notes.push_back(fmt::format("tree {}: parents {}", t + 1, cover_tree_parents(trees[t])));

  std::vector<uint32_t> moving;
  for (uint32_t v = 0; v < request.lengths.size(); ++v)
    if (v != request.root && request.lengths[v] > 0) moving.push_back(v);
  std::stable_sort(moving.begin(), moving.end(),
                   [&](uint32_t a, uint32_t b) { return request.lengths[a] > request.lengths[b]; });
  std::map<std::pair<uint32_t, uint32_t>, Branch> branches;  // by (tree, the root's child)
  for (uint32_t v : moving) {
    Branch* best = nullptr;
    uint64_t best_time = UINT64_MAX;
    uint32_t best_depth = 0;
    for (uint32_t t = 0; t < count; ++t) {
      const uint32_t depth = trees[t].depth[v];
      if (depth == no_depth) continue;
      Branch& b = branches[{t, trees[t].branch[v]}];
      b.tree = t;
      const uint64_t time = time_with(b, depth, request.lengths[v]);
      if (time < best_time || (time == best_time && depth < best_depth)) best = &b, best_time = time, best_depth = depth;
    }
    add(*best, best_depth, request.lengths[v], v);
  }

  for (auto& [key, b] : branches) {
    const CoverTree& tree = trees[b.tree];
    std::vector<uint32_t>& m = b.members;
    std::sort(m.begin(), m.end());
    // FDF for a scatter (deepest first), NRF for a gather (nearest first).
    std::stable_sort(m.begin(), m.end(), [&](uint32_t x, uint32_t y) {
      return scatter ? tree.depth[x] > tree.depth[y] : tree.depth[x] < tree.depth[y];
    });
    uint64_t sent = 0, start = 0;
    if (!scatter)  // the earliest start of the stream into the root that makes no message leave before 0
      for (uint32_t v : m) {
        if (tree.depth[v] > sent + 1) start = std::max<uint64_t>(start, tree.depth[v] - 1 - sent);
        sent += request.lengths[v];
      }
    sent = 0;
    for (uint32_t v : m) {
      std::vector<uint32_t> route = route_in(tree, request.root, v);
      const uint64_t length = request.lengths[v];
      if (scatter) {
        schedule.transfers.push_back({std::move(route), v, sent});
        schedule.time = std::max(schedule.time, sent + tree.depth[v] + length - 1);
      } else {
        std::reverse(route.begin(), route.end());
        schedule.transfers.push_back({std::move(route), v, start + sent + 1 - tree.depth[v]});
        schedule.time = std::max(schedule.time, start + sent + length);
      }
      sent += length;
    }
  }
  std::stable_sort(schedule.transfers.begin(), schedule.transfers.end(),
                   [](const FlitTransfer& a, const FlitTransfer& b) { return a.time < b.time; });
  return schedule;
}

}  // namespace

std::string multitree_refusal(const RootedRequest& request, const SpanningTree&) {
  const uint32_t links = root_neighbours(request);
  if (links == 0) return {};  // a lone root: nothing moves
  if (request.trees > links)
    return fmt::format("the root {} has {} neighbour{}: at most {} edge-disjoint trees can be rooted there (each "
                       "needs a link of its own), not {}",
                       request.root, links, links == 1 ? "" : "s", links, request.trees);
  // Each tree keeps three arrays over the nodes.
  if (uint64_t{tree_count(request)} * request.network.node_count() > (uint64_t{1} << 26))
    return fmt::format("{} trees over {} nodes: more than 2^26 tree entries (give fewer --trees)",
                       tree_count(request), request.network.node_count());
  // A message's route is at most as deep as the deepest tree holding its node.
  const std::vector<CoverTree> trees = cover_with_trees(request.network, request.root, tree_count(request));
  uint64_t listed = 0;
  for (uint32_t v = 0; v < request.lengths.size(); ++v) {
    if (v == request.root || request.lengths[v] == 0) continue;
    uint32_t deepest = 0;
    for (const CoverTree& t : trees)
      if (t.depth[v] != no_depth) deepest = std::max(deepest, t.depth[v]);
    listed += deepest + 1;
  }
  if (listed > max_route_nodes)
    return fmt::format("the routes could list {} nodes, more than the {} these generators write", listed,
                       max_route_nodes);
  return {};
}

FlitSchedule scatter_multitree(const RootedRequest& request, const SpanningTree&) {
  if (request.network.neighbours(request.root).empty()) return {};
  return multitree(request, true);
}
FlitSchedule gather_multitree(const RootedRequest& request, const SpanningTree&) {
  if (request.network.neighbours(request.root).empty()) return {};
  return multitree(request, false);
}

}  // namespace schedcheck::gen
