// Collective: message naming and the start and end conditions of each collective.
#include "collective.hpp"

#include <fmt/format.h>

namespace schedcheck {

std::string_view collective_kind_name(CollectiveKind kind) {
  static constexpr std::string_view names[] = {"broadcast", "gossip", "scatter", "gather", "concentration"};
  static_assert(std::size(names) == collective_kind_count);
  const auto i = static_cast<size_t>(kind);
  return i < std::size(names) ? names[i] : "?";
}

uint32_t Collective::message_count(uint32_t nodes) const {
  if (kind == CollectiveKind::broadcast) return 1;
  return kind == CollectiveKind::gossip ? nodes * parts : nodes;
}

std::string Collective::message_name(const Topology& topology, MessageId m) const {
  std::string name = topology.node_name(message_node(m));
  if (parts > 1) name += fmt::format("/{}", message_part(m));
  return name;
}

Collective::Need Collective::need(NodeId v) const {
  if (kind == CollectiveKind::scatter) return Need::own_message;
  if (kind == CollectiveKind::gather || kind == CollectiveKind::concentration)
    return v == root ? Need::all_messages : Need::nothing;
  return Need::all_messages;  // broadcast, gossip
}

}  // namespace schedcheck
