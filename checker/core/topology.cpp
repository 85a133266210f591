// Topology: construction, channel arithmetic on grids, adjacency on trees and graphs.
#include "topology.hpp"

#include <algorithm>
#include <deque>

#include <fmt/format.h>

namespace schedcheck {

namespace {
// Keeps channel ids within 32 bits with room to spare.
constexpr uint64_t max_nodes = uint64_t{1} << 26;
}  // namespace

std::string_view topology_kind_name(TopologyKind kind) {
  static constexpr std::string_view names[] = {"torus", "mesh", "ring", "path", "tree", "graph"};
  const auto i = static_cast<size_t>(kind);
  return i < std::size(names) ? names[i] : "?";
}

Topology::Built Topology::grid(TopologyKind kind, std::vector<uint32_t> sizes) {
  if (sizes.empty()) return {std::nullopt, "a grid needs at least one dimension"};
  if ((kind == TopologyKind::ring || kind == TopologyKind::path) && sizes.size() != 1)
    return {std::nullopt, fmt::format("a {} has one dimension", topology_kind_name(kind))};
  if (sizes.size() > 16) return {std::nullopt, "at most 16 dimensions are supported"};
  uint64_t nodes = 1;
  for (uint32_t n : sizes) {
    if (n < 2) return {std::nullopt, fmt::format("size {} is below 2", n)};
    nodes *= n;
    if (nodes > max_nodes)
      return {std::nullopt, fmt::format("more than {} nodes are not supported", max_nodes)};
  }
  Topology t;
  t.kind_ = kind;
  t.nodes_ = static_cast<uint32_t>(nodes);
  t.sizes_ = std::move(sizes);
  uint32_t stride = 1;
  for (uint32_t n : t.sizes_) {
    t.stride_.push_back(stride);
    stride *= n;
  }
  return {std::move(t), {}};
}

Topology::Built Topology::tree(std::vector<NodeId> parents) {
  const auto n = static_cast<uint32_t>(parents.size());
  if (n == 0) return {std::nullopt, "a tree needs at least one node"};
  if (n > max_nodes) return {std::nullopt, "too many nodes"};
  std::vector<std::pair<NodeId, NodeId>> edges;
  NodeId root = no_node;
  for (NodeId v = 0; v < n; ++v) {
    if (parents[v] == no_node) {
      if (root != no_node)
        return {std::nullopt, fmt::format("nodes {} and {} are both roots", root, v)};
      root = v;
    } else if (parents[v] >= n) {
      return {std::nullopt, fmt::format("parent {} of node {} is not a node", parents[v], v)};
    } else {
      edges.emplace_back(parents[v], v);
    }
  }
  if (root == no_node) return {std::nullopt, "no root (exactly one parent must be '-')"};
  // Every node must reach the root by parent links, else there is a cycle.
  std::vector<uint8_t> state(n, 0);  // 0 unknown, 1 on the current walk, 2 reaches the root
  state[root] = 2;
  for (NodeId v = 0; v < n; ++v) {
    std::vector<NodeId> walk;
    NodeId u = v;
    while (state[u] == 0) {
      state[u] = 1;
      walk.push_back(u);
      u = parents[u];
    }
    if (state[u] == 1)
      return {std::nullopt, fmt::format("the parent links through node {} form a cycle", u)};
    for (NodeId w : walk) state[w] = 2;
  }
  auto built = graph(n, edges);
  if (built.topology) {
    built.topology->kind_ = TopologyKind::tree;
    built.topology->parents_ = std::move(parents);
    built.topology->edges_.clear();
  }
  return built;
}

Topology::Built Topology::graph(uint32_t nodes, std::vector<std::pair<NodeId, NodeId>> edges) {
  if (nodes == 0) return {std::nullopt, "a graph needs at least one node"};
  if (nodes > max_nodes) return {std::nullopt, "too many nodes"};
  std::vector<uint32_t> degree(nodes, 0);
  for (auto [a, b] : edges) {
    if (a >= nodes || b >= nodes)
      return {std::nullopt, fmt::format("edge {}-{} names a node outside 0..{}", a, b, nodes - 1)};
    if (a == b) return {std::nullopt, fmt::format("edge {}-{} is a loop", a, b)};
    ++degree[a];
    ++degree[b];
  }
  Topology t;
  t.kind_ = TopologyKind::graph;
  t.nodes_ = nodes;
  t.offset_.assign(nodes + 1, 0);
  for (NodeId v = 0; v < nodes; ++v) t.offset_[v + 1] = t.offset_[v] + degree[v];
  t.head_.assign(t.offset_[nodes], no_node);
  t.tail_.assign(t.offset_[nodes], no_node);
  std::vector<uint32_t> fill(t.offset_.begin(), t.offset_.end() - 1);
  for (auto [a, b] : edges) {
    t.tail_[fill[a]] = a;
    t.head_[fill[a]++] = b;
    t.tail_[fill[b]] = b;
    t.head_[fill[b]++] = a;
  }
  t.edges_ = std::move(edges);
  return {std::move(t), {}};
}

uint32_t Topology::channel_slots() const {
  return is_grid() ? nodes_ * 2 * dimensions() : static_cast<uint32_t>(head_.size());
}

bool Topology::channel_exists(ChannelId c) const { return c < channel_slots() && channel_head(c) != no_node; }

NodeId Topology::channel_tail(ChannelId c) const {
  return is_grid() ? c / (2 * dimensions()) : tail_[c];
}

uint32_t Topology::channel_port(ChannelId c) const {
  return is_grid() ? c % (2 * dimensions()) : c - offset_[tail_[c]];
}

NodeId Topology::channel_head(ChannelId c) const {
  if (!is_grid()) return head_[c];
  const uint32_t k2 = 2 * dimensions();
  NodeId head = no_node;
  grid_step(c / k2, (c % k2) / 2, c % 2 != 0, head);
  return head;
}

uint32_t Topology::out_degree(NodeId v) const {
  if (!is_grid()) return offset_[v + 1] - offset_[v];
  uint32_t d = 0;
  for (uint32_t p = 0; p < 2 * dimensions(); ++p)
    d += channel_exists(v * 2 * dimensions() + p) ? 1 : 0;
  return d;
}

uint32_t Topology::max_degree() const {
  if (is_grid() && wraps()) return 2 * dimensions();
  if (is_grid()) {
    // A mesh node that is interior in every dimension of size >= 3 has 2 per dimension.
    uint32_t d = 0;
    for (uint32_t n : sizes_) d += n >= 3 ? 2 : 1;
    return d;
  }
  uint32_t d = 0;
  for (NodeId v = 0; v < nodes_; ++v) d = std::max(d, out_degree(v));
  return d;
}

uint32_t Topology::min_degree() const {
  if (is_grid()) return wraps() ? 2 * dimensions() : dimensions();  // mesh corner
  uint32_t d = UINT32_MAX;
  for (NodeId v = 0; v < nodes_; ++v) d = std::min(d, out_degree(v));
  return d;
}

ChannelId Topology::channel_between(NodeId a, NodeId b) const {
  if (is_grid()) {
    for (uint32_t p = 0; p < 2 * dimensions(); ++p) {
      const ChannelId c = a * 2 * dimensions() + p;
      if (channel_head(c) == b) return c;
    }
    return no_channel;
  }
  for (uint32_t c = offset_[a]; c < offset_[a + 1]; ++c)
    if (head_[c] == b) return c;
  return no_channel;
}

std::string Topology::node_name(NodeId v) const {
  if (!is_grid() || dimensions() == 1) return fmt::format("{}", v);
  std::string s = "(";
  for (uint32_t d = 0; d < dimensions(); ++d) {
    if (d) s += ',';
    s += fmt::format("{}", coordinate(v, d));
  }
  return s + ")";
}

std::string Topology::describe() const {
  std::string s(topology_kind_name(kind_));
  if (is_grid()) {
    for (size_t d = 0; d < sizes_.size(); ++d) s += fmt::format("{}{}", d ? "x" : " ", sizes_[d]);
  } else if (kind_ == TopologyKind::tree) {
    s += " parents";
    for (NodeId p : parents_) s += p == no_node ? std::string(" -") : fmt::format(" {}", p);
  } else {
    s += fmt::format(" {} edges", nodes_);
    for (auto [a, b] : edges_) s += fmt::format(" {}-{}", a, b);
  }
  return s;
}

std::vector<uint32_t> Topology::distances_from(NodeId source) const {
  std::vector<uint32_t> dist(nodes_, UINT32_MAX);
  std::deque<NodeId> queue{source};
  dist[source] = 0;
  const uint32_t k2 = is_grid() ? 2 * dimensions() : 0;
  while (!queue.empty()) {
    const NodeId v = queue.front();
    queue.pop_front();
    const uint32_t first = is_grid() ? v * k2 : offset_[v];
    const uint32_t last = is_grid() ? first + k2 : offset_[v + 1];
    for (ChannelId c = first; c < last; ++c) {
      const NodeId w = channel_head(c);
      if (w != no_node && dist[w] == UINT32_MAX) {
        dist[w] = dist[v] + 1;
        queue.push_back(w);
      }
    }
  }
  return dist;
}

}  // namespace schedcheck
