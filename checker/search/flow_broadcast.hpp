// Flow broadcast: wormhole all-port broadcasts under free routing whose every step is a maximum flow (no solver).
//
// Given the nodes informed at the start of a step, the most nodes of a set
// of targets that one step can inform is a maximum flow: each channel
// carries one unit, the informed nodes are the sources (each path leaves by
// one of its sender's channels, all-port), and each target takes one unit.
// A unit flow splits into channel-disjoint paths, one per reached target,
// which is exactly a step of the format's wormhole model under free routing.
// So the last step of a schedule is decided exactly by one flow, and the
// steps before it only choose which nodes to inform: here each of them aims
// at nodes spread over the network (farthest first from those informed or
// already aimed at), as many as the informed nodes have channels. That
// choice is a heuristic, so a try that finds no schedule refutes nothing.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "grid.hpp"
#include "stepwise_broadcast.hpp"

namespace schedcheck::search {

// A broadcast from node 0 in exactly `steps` steps (stepwise_broadcast.hpp).
std::optional<std::string> flow_broadcast(const Grid& grid, uint32_t steps, const StepwiseLimits& limits);

}  // namespace schedcheck::search
