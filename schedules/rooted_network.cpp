// Rooted network: the --topology forms parsed into nodes and links, and breadth-first spanning trees.
#include "rooted_network.hpp"

#include <algorithm>
#include <charconv>
#include <numeric>
#include <string_view>

#include <fmt/format.h>

namespace schedcheck::gen {

namespace {

constexpr uint64_t max_nodes = uint64_t{1} << 26;  // the format's limit
constexpr size_t max_dimensions = 16;

using Links = std::vector<std::pair<uint32_t, uint32_t>>;

// `text` cut at every `separator`; an empty text has no parts.
std::vector<std::string_view> split(std::string_view text, char separator) {
  std::vector<std::string_view> parts;
  while (!text.empty()) {
    const size_t at = text.find(separator);
    parts.push_back(text.substr(0, at));
    if (at == std::string_view::npos) break;
    text.remove_prefix(at + 1);
    if (text.empty()) parts.emplace_back();  // a trailing separator leaves an empty part
  }
  return parts;
}

bool whole_number(std::string_view text, uint64_t& value) {
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc{} && end == text.data() + text.size();
}

}  // namespace

Network::Network(uint32_t nodes, const Links& links, std::string description)
    : first_(size_t{nodes} + 1, 0), targets_(2 * links.size()), description_(std::move(description)) {
  for (const auto& [a, b] : links) {
    ++first_[a + 1];
    ++first_[b + 1];
  }
  std::partial_sum(first_.begin(), first_.end(), first_.begin());
  std::vector<uint32_t> filled(first_.begin(), first_.end() - 1);
  for (const auto& [a, b] : links) {
    targets_[filled[a]++] = b;
    targets_[filled[b]++] = a;
  }
}

std::optional<Network> Network::parse(const std::string& spec, std::string& error) {
  const size_t colon = spec.find(':');
  const std::string kind = spec.substr(0, colon);
  const std::string_view rest = colon == std::string::npos ? std::string_view() : std::string_view(spec).substr(colon + 1);
  Links links;

  if (colon != std::string::npos && kind == "tree") {
    const auto words = split(rest, ',');
    if (words.empty() || words.size() > max_nodes) {
      error = "a tree is its parent list, node 0's first, '-' for its root (e.g. tree:-,0,0,1), of at most 2^26 nodes";
      return std::nullopt;
    }
    const auto nodes = static_cast<uint32_t>(words.size());
    std::string description = "tree parents";
    uint32_t roots = 0, tree_root = 0;
    for (uint32_t v = 0; v < nodes; ++v) {
      if (words[v] == "-") {
        ++roots;
        tree_root = v;
        description += " -";
        continue;
      }
      uint64_t p = 0;
      if (!whole_number(words[v], p) || p >= nodes || p == v) {
        error = fmt::format("the parent of node {} must be another node (0..{}) or '-', not '{}'", v, nodes - 1,
                            words[v]);
        return std::nullopt;
      }
      links.emplace_back(static_cast<uint32_t>(p), v);
      description += fmt::format(" {}", p);
    }
    if (roots != 1) {
      error = fmt::format("a tree has exactly one root, written '-'; this list has {}", roots);
      return std::nullopt;
    }
    Network network(nodes, links, std::move(description));
    // P-1 links that reach every node from the root: a tree, no cycle.
    const SpanningTree from_root(network, tree_root);
    const auto lost = std::find(from_root.depth.begin(), from_root.depth.end(), no_depth);
    if (lost != from_root.depth.end()) {
      error = fmt::format("node {} does not reach the root: the parents form a cycle", lost - from_root.depth.begin());
      return std::nullopt;
    }
    return network;
  }

  if (colon != std::string::npos && kind == "graph") {
    const size_t second = rest.find(':');
    uint64_t nodes = 0;
    if (second == std::string_view::npos || !whole_number(rest.substr(0, second), nodes) || nodes == 0 ||
        nodes > max_nodes) {
      error = "a graph is graph:N:a-b,c-d,... with 1 <= N <= 2^26 nodes 0..N-1 and its edges (maybe none)";
      return std::nullopt;
    }
    std::string description = fmt::format("graph {} edges", nodes);
    for (std::string_view edge : split(rest.substr(second + 1), ',')) {
      const size_t dash = edge.find('-');
      uint64_t a = 0, b = 0;
      if (dash == std::string_view::npos || !whole_number(edge.substr(0, dash), a) ||
          !whole_number(edge.substr(dash + 1), b) || a >= nodes || b >= nodes || a == b) {
        error = fmt::format("edge '{}': expected a-b, two different nodes of 0..{}", edge, nodes - 1);
        return std::nullopt;
      }
      links.emplace_back(static_cast<uint32_t>(a), static_cast<uint32_t>(b));
      description += fmt::format(" {}-{}", a, b);
    }
    return Network(static_cast<uint32_t>(nodes), links, std::move(description));
  }

  const bool wraps = kind == "torus" || kind == "ring";
  if (colon == std::string::npos || !(wraps || kind == "mesh" || kind == "path")) {
    error = "expected tree:, graph:, mesh:, torus:, path: or ring: and the network, e.g. tree:-,0,0,1 or torus:4x4";
    return std::nullopt;
  }
  std::vector<uint32_t> sizes;
  uint64_t nodes = 1;
  for (std::string_view part : split(rest, 'x')) {
    uint64_t n = 0;
    if (!whole_number(part, n) || n < 2 || n > max_nodes) {
      error = "grid sizes are whole numbers of at least 2, written n1xn2x...";
      return std::nullopt;
    }
    sizes.push_back(static_cast<uint32_t>(n));
    nodes *= n;
    if (nodes > max_nodes || sizes.size() > max_dimensions) {
      error = "a grid has at most 16 dimensions and 2^26 nodes";
      return std::nullopt;
    }
  }
  if (sizes.empty() || ((kind == "path" || kind == "ring") && sizes.size() != 1)) {
    error = fmt::format("a {} has {} size", kind, kind == "path" || kind == "ring" ? "one" : "at least one");
    return std::nullopt;
  }
  std::string description = kind + " ";
  for (size_t d = 0; d < sizes.size(); ++d) description += fmt::format("{}{}", d ? "x" : "", sizes[d]);
  // Each node's link in the positive direction of each dimension; round a
  // torus the last node's goes back to the first (on a size of 2, a second
  // link between the same two nodes, as the format has it).
  for (uint32_t v = 0; v < nodes; ++v) {
    uint32_t stride = 1;
    for (uint32_t n : sizes) {
      const uint32_t x = v / stride % n;
      if (x + 1 < n) links.emplace_back(v, v + stride);
      else if (wraps) links.emplace_back(v, v - x * stride);
      stride *= n;
    }
  }
  return Network(static_cast<uint32_t>(nodes), links, std::move(description));
}

SpanningTree::SpanningTree(const Network& network, uint32_t root_node, TreeKind kind)
    : root(root_node), parent(network.node_count()), depth(network.node_count(), no_depth) {
  std::iota(parent.begin(), parent.end(), 0);
  depth[root] = 0;
  if (kind == TreeKind::broadcast) {
    grow_by_broadcast(network);
    return;
  }
  std::vector<uint32_t> reached{root};
  for (size_t i = 0; i < reached.size(); ++i) {
    const uint32_t u = reached[i];
    for (uint32_t w : network.neighbours(u)) {
      if (depth[w] != no_depth) continue;
      depth[w] = depth[u] + 1;
      parent[w] = u;
      reached.push_back(w);
    }
  }
}

// A single-port broadcast, simulated: in each time unit every informed node
// that still has an uninformed neighbour informs one, the one with the most
// uninformed neighbours of its own (the lowest index among equals), so that
// the message reaches many nodes soon rather than filling a star's leaves
// one by one. The informing links form the tree. Each unit costs the
// degrees of the nodes that inform in it: a node scans its neighbours once
// per child it informs, so the whole is at most the sum of deg(v)^2.
void SpanningTree::grow_by_broadcast(const Network& network) {
  const uint32_t n = network.node_count();
  std::vector<uint32_t> uninformed(n, 0);  // a node's uninformed neighbours, links counted once each
  for (uint32_t v = 0; v < n; ++v)
    for (uint32_t w : network.neighbours(v))
      if (w != root) ++uninformed[v];
  auto informed = [&](uint32_t w, uint32_t from) {
    parent[w] = from;
    depth[w] = depth[from] + 1;
    for (uint32_t x : network.neighbours(w)) --uninformed[x];
  };
  std::vector<uint32_t> active{root}, next;
  while (!active.empty()) {
    next.clear();
    for (uint32_t v : active) {
      uint32_t best = UINT32_MAX;
      for (uint32_t w : network.neighbours(v))
        if (depth[w] == no_depth && w != root && (best == UINT32_MAX || uninformed[w] > uninformed[best] ||
                                                  (uninformed[w] == uninformed[best] && w < best)))
          best = w;
      if (best == UINT32_MAX) continue;  // nothing left to inform: v leaves the broadcast
      informed(best, v);
      next.push_back(v);
      next.push_back(best);
    }
    std::swap(active, next);
  }
}

std::vector<uint32_t> SpanningTree::route_from_root(uint32_t v) const {
  std::vector<uint32_t> route{v};
  for (uint32_t u = v; u != root; u = parent[u]) route.push_back(parent[u]);
  std::reverse(route.begin(), route.end());
  return route;
}

}  // namespace schedcheck::gen
