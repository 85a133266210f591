// Collective: message naming and the start and end conditions of each collective.
#include "collective.hpp"

#include <fmt/format.h>

namespace schedcheck {

std::string_view collective_kind_name(CollectiveKind kind) {
  switch (kind) {
    case CollectiveKind::broadcast: return "broadcast";
    case CollectiveKind::gossip: return "gossip";
    case CollectiveKind::scatter: return "scatter";
    case CollectiveKind::gather: return "gather";
    case CollectiveKind::concentration: return "concentration";
  }
  return "?";
}

uint32_t Collective::message_count(uint32_t nodes) const {
  switch (kind) {
    case CollectiveKind::broadcast: return 1;
    case CollectiveKind::gossip: return nodes * parts;
    default: return nodes;
  }
}

std::string Collective::message_name(const Topology& topology, MessageId m) const {
  std::string name = topology.node_name(message_node(m));
  if (parts > 1) name += fmt::format("/{}", message_part(m));
  return name;
}

Collective::Need Collective::need(NodeId v) const {
  switch (kind) {
    case CollectiveKind::broadcast:
    case CollectiveKind::gossip: return Need::all_messages;
    case CollectiveKind::scatter: return Need::own_message;
    default: return v == root ? Need::all_messages : Need::nothing;  // gather, concentration
  }
}

}  // namespace schedcheck
