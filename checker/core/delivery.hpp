// Delivery: property 6's one diagnostic, naming the first nodes that lack what the collective requires.
#pragma once

#include <cstdint>
#include <functional>

#include "collective.hpp"
#include "diagnostic.hpp"
#include "topology.hpp"

namespace schedcheck {

// What one node lacks at the end: how many messages, and the lowest-numbered.
struct Shortfall {
  uint64_t missing = 0;
  MessageId first = 0;
};

// Asks `shortfall` for every node the collective requires something of and
// reports those that lack something in one diagnostic at `pos`; returns the
// number of missing (node, message) pairs.
uint64_t report_delivery(const Topology& topology, const Collective& collective, SourcePos pos,
                         Diagnostics& diagnostics, const std::function<Shortfall(NodeId)>& shortfall);

}  // namespace schedcheck
