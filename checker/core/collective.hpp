// Collective: which messages exist, who holds each at the start, who must hold it at the end.
//
// A message is named by the node it belongs to: the source (broadcast), its
// origin (gossip, gather, concentration) or its destination (scatter); a
// gossip with `parts p` splits each PU's data into p packets named node/part.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "topology.hpp"

namespace schedcheck {

enum class CollectiveKind : uint8_t { broadcast, gossip, scatter, gather, concentration };
inline constexpr uint8_t collective_kind_count = static_cast<uint8_t>(CollectiveKind::concentration) + 1;

std::string_view collective_kind_name(CollectiveKind kind);

using MessageId = uint32_t;

struct Collective {
  CollectiveKind kind = CollectiveKind::broadcast;
  NodeId root = 0;           // broadcast source, scatter/gather/concentration root
  uint32_t parts = 1;        // gossip only
  uint64_t length = 1;       // flits per message unless `lengths` is given
  std::vector<uint64_t> lengths;  // per node, when given

  bool has_root() const { return kind != CollectiveKind::gossip; }
  uint32_t message_count(uint32_t nodes) const;
  // The node a message is named after, and its part.
  NodeId message_node(MessageId m) const {
    switch (kind) {
      case CollectiveKind::broadcast: return root;
      case CollectiveKind::gossip: return m / parts;
      default: return m;
    }
  }
  uint32_t message_part(MessageId m) const { return kind == CollectiveKind::gossip ? m % parts : 0; }
  MessageId message_of(NodeId v, uint32_t part) const {
    switch (kind) {
      case CollectiveKind::broadcast: return 0;
      case CollectiveKind::gossip: return v * parts + part;
      default: return v;
    }
  }
  uint64_t message_length(MessageId m) const { return lengths.empty() ? length : lengths[message_node(m)]; }
  // As diagnostics name a message: its node, and "/part" when there are parts.
  std::string message_name(const Topology& topology, MessageId m) const;

  // Every message starts at exactly one node: the root (broadcast, scatter)
  // or the node it is named after (gossip, gather, concentration).
  NodeId initial_holder(MessageId m) const {
    return kind == CollectiveKind::broadcast || kind == CollectiveKind::scatter ? root : message_node(m);
  }
  // initial_holder(m) == v without a division: the checks ask once per packet-hop.
  bool starts_at(MessageId m, NodeId v) const {
    if (kind == CollectiveKind::broadcast || kind == CollectiveKind::scatter) return v == root;
    return kind == CollectiveKind::gossip ? m - v * parts < parts : m == v;
  }
  // What a node must hold at the end.
  enum class Need : uint8_t { nothing, own_message, all_messages };
  Need need(NodeId v) const;
};

}  // namespace schedcheck
