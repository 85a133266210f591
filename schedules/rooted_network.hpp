// Rooted network: any topology as the scatter and gather generators see it, and the spanning tree their routes follow.
//
// Every route of a rooted flit schedule runs along one spanning tree rooted
// at the collective's root: on a tree the tree itself, on a graph, mesh or
// torus a breadth-first tree or a broadcast tree. A route from the root then
// reaches depth i at its hop i, so two messages share a channel only at the same hop index,
// which is what makes a gap-free stream from (or to) the root collision-free.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace schedcheck::gen {

inline constexpr uint32_t no_depth = UINT32_MAX;

// Nodes 0..P-1 (on a grid, index = x1 + n1*(x2 + ...)) and their links.
class Network {
 public:
  // The --topology forms: tree:-,0,0,1 (parents, '-' for the root),
  // graph:N:a-b,c-d, mesh:3x4, torus:4x4, path:5, ring:6. nullopt, with
  // `error` saying what is wrong, when the spec is not a network.
  static std::optional<Network> parse(const std::string& spec, std::string& error);

  uint32_t node_count() const { return static_cast<uint32_t>(first_.size() - 1); }
  // In a fixed order (the order the links were listed), each parallel link once per link.
  std::span<const uint32_t> neighbours(uint32_t v) const {
    return {targets_.data() + first_[v], targets_.data() + first_[v + 1]};
  }
  // The header line's words after "topology": "tree parents - 0 0 1".
  const std::string& description() const { return description_; }

 private:
  Network(uint32_t nodes, const std::vector<std::pair<uint32_t, uint32_t>>& links, std::string description);

  std::vector<uint32_t> first_;    // v's neighbours are targets_[first_[v]] .. targets_[first_[v+1] - 1]
  std::vector<uint32_t> targets_;
  std::string description_;
};

// Which spanning tree the routes follow (Bhatt et al., Section 1.2: the
// multiport regimen wants short routes, the single-port one a tree whose
// broadcast is fast, since high-degree nodes slow single-port gathers).
enum class TreeKind {
  breadth_first,  // every route a shortest path
  broadcast,      // the tree a greedy single-port broadcast from the root builds
};

// A spanning tree from `root`: on a tree topology, the tree itself.
struct SpanningTree {
  uint32_t root = 0;
  std::vector<uint32_t> parent;  // the root's (and an unreachable node's) is itself
  std::vector<uint32_t> depth;   // hops from the root; no_depth where the root cannot reach

  SpanningTree(const Network& network, uint32_t root, TreeKind kind = TreeKind::breadth_first);
  // root, ..., v along the tree (v reachable).
  std::vector<uint32_t> route_from_root(uint32_t v) const;

 private:
  void grow_by_broadcast(const Network& network);
};

}  // namespace schedcheck::gen
