// Topology: the network a schedule runs on, its nodes, their names and its directed channels.
//
// Grids (torus, mesh, ring = 1-D torus, path = 1-D mesh) compute channels
// arithmetically so a 1024x1024 torus costs no memory; trees and graphs keep
// an adjacency list. A channel is directed: an undirected link is two channels.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace schedcheck {

using NodeId = uint32_t;
using ChannelId = uint32_t;
inline constexpr NodeId no_node = UINT32_MAX;
inline constexpr ChannelId no_channel = UINT32_MAX;

enum class TopologyKind : uint8_t { torus, mesh, ring, path, tree, graph };

std::string_view topology_kind_name(TopologyKind kind);

class Topology {
 public:
  // Each factory returns an error message instead of a topology when the
  // description is not a network (a size below 2, a tree with a cycle, ...).
  struct Built;
  static Built grid(TopologyKind kind, std::vector<uint32_t> sizes);
  static Built tree(std::vector<NodeId> parents);  // parents[root] == no_node
  static Built graph(uint32_t nodes, std::vector<std::pair<NodeId, NodeId>> edges);

  TopologyKind kind() const { return kind_; }
  bool is_grid() const { return !sizes_.empty(); }
  bool wraps() const { return kind_ == TopologyKind::torus || kind_ == TopologyKind::ring; }
  uint32_t node_count() const { return nodes_; }
  uint32_t dimensions() const { return static_cast<uint32_t>(sizes_.size()); }
  uint32_t size(uint32_t dim) const { return sizes_[dim]; }
  const std::vector<uint32_t>& sizes() const { return sizes_; }
  const std::vector<NodeId>& parents() const { return parents_; }
  const std::vector<std::pair<NodeId, NodeId>>& edges() const { return edges_; }  // graphs only, as given

  // Channel ids run over [0, channel_slots()); on a mesh some slots are not
  // links (the moves off the border), see channel_exists.
  uint32_t channel_slots() const;
  bool channel_exists(ChannelId c) const;
  NodeId channel_tail(ChannelId c) const;
  NodeId channel_head(ChannelId c) const;
  // On grids a port is 2*dim + (negative ? 1 : 0); on trees and graphs it is
  // the index in the node's adjacency list.
  uint32_t channel_port(ChannelId c) const;
  uint32_t out_degree(NodeId v) const;
  uint32_t max_degree() const;
  uint32_t min_degree() const;

  // Grid move: the channel from v one hop along dimension `dim`, or
  // no_channel when that leaves a mesh; `head` receives the node it reaches.
  ChannelId grid_step(NodeId v, uint32_t dim, bool negative, NodeId& head) const;
  // The channel slot out of v along `dim`, a link or (off a mesh's border) not.
  ChannelId grid_channel(NodeId v, uint32_t dim, bool negative) const {
    return v * 2 * dimensions() + 2 * dim + (negative ? 1 : 0);
  }
  // Any topology: a channel from a to b (the first one, if parallel ones exist).
  ChannelId channel_between(NodeId a, NodeId b) const;

  uint32_t coordinate(NodeId v, uint32_t dim) const {
    return v / stride_[dim] % sizes_[dim];
  }
  uint32_t stride(uint32_t dim) const { return stride_[dim]; }

  std::string node_name(NodeId v) const;  // "(x1,x2,...)" on grids, "i" otherwise
  std::string describe() const;           // as in the header: "torus 5x5"

  // Hop distance from v to every node (breadth-first search).
  std::vector<uint32_t> distances_from(NodeId v) const;

 private:
  TopologyKind kind_ = TopologyKind::graph;
  uint32_t nodes_ = 0;
  std::vector<uint32_t> sizes_;   // grids only
  std::vector<uint32_t> stride_;  // grids only
  std::vector<NodeId> parents_;   // trees only, for describe()
  std::vector<std::pair<NodeId, NodeId>> edges_;  // graphs only, for describe()
  // Adjacency for trees and graphs: channels of v are [offset_[v], offset_[v+1]).
  std::vector<uint32_t> offset_;
  std::vector<NodeId> head_;
  std::vector<NodeId> tail_;
};

struct Topology::Built {
  std::optional<Topology> topology;
  std::string error;
};

// Always inlined: a call would cost as much as the step itself.
[[gnu::always_inline]] inline ChannelId Topology::grid_step(NodeId v, uint32_t dim, bool negative,
                                                            NodeId& head) const {
  // The hot path of every grid check. Whether v is at either end of its
  // dimension needs where it lies in its block of n nodes `stride` apart:
  // one division, where its coordinate takes two.
  const uint32_t n = sizes_[dim];
  const uint32_t stride = stride_[dim];
  const uint32_t offset = v % (stride * n);  // the coordinate times stride, plus v's place below `dim`
  if (negative) {
    if (offset >= stride) head = v - stride;
    else if (wraps()) head = v + (n - 1) * stride;
    else return head = no_node, no_channel;
  } else {
    if (offset < (n - 1) * stride) head = v + stride;
    else if (wraps()) head = v - (n - 1) * stride;
    else return head = no_node, no_channel;
  }
  return grid_channel(v, dim, negative);
}

}  // namespace schedcheck
