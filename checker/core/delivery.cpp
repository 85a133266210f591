// Delivery: the wording of property 6's diagnostic, shared by every model's bookkeeping of who holds what.
#include "delivery.hpp"

#include <fmt/format.h>

namespace schedcheck {

uint64_t report_delivery(const Topology& topology, const Collective& collective, SourcePos pos,
                         Diagnostics& diagnostics, const std::function<Shortfall(NodeId)>& shortfall) {
  // One diagnostic for the whole property: a broken step can leave thousands
  // of nodes short, and the first few of them say what went wrong.
  constexpr uint32_t nodes_named = 5;
  uint64_t missing = 0;
  uint32_t short_nodes = 0;
  std::string named;
  for (NodeId v = 0; v < topology.node_count(); ++v) {
    if (collective.need(v) == Collective::Need::nothing) continue;
    const Shortfall s = shortfall(v);
    if (s.missing == 0) continue;
    missing += s.missing;
    if (short_nodes++ >= nodes_named) continue;
    if (!named.empty()) named += ", ";
    const std::string first = collective.message_name(topology, s.first);
    named += s.missing == 1 ? fmt::format("node {} lacks message {}", topology.node_name(v), first)
                            : fmt::format("node {} lacks {} messages, first {}", topology.node_name(v), s.missing, first);
  }
  if (short_nodes > 0) {
    if (short_nodes > nodes_named) named += fmt::format(", and {} more node(s)", short_nodes - nodes_named);
    diagnostics.error(pos, Property::delivery,
                      fmt::format("{} node(s) never receive everything the {} requires: {}", short_nodes,
                                  collective_kind_name(collective.kind), named));
  }
  return missing;
}

}  // namespace schedcheck
