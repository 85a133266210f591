// Shorter-way broadcast: dimension-ordered schedules built a step at a time, spread greedily, the last step by Z3.
//
// A path of the shorter way round goes through dimensions 1, 2, ... in
// order, each the shorter way (either way at exactly half a side), so its
// ends fix it up to those ties: there are few candidate paths per pair of
// nodes, and a step whose senders and receivers are given is a small exact
// problem. The steps before the last inform nodes spread over the network:
// the farthest node (in hops) from those informed and aimed at so far that a
// shorter-way path from some informed node still reaches over unused
// channels, taken on its shortest such path, until the informed nodes'
// channels are spent or no node is reachable. The last step must reach
// every node left; Z3 decides that exactly (one path per node left, at most
// one path per channel). The greedy steps are a heuristic, so a try that
// finds no schedule refutes nothing. A shorter-way path is also a
// dimension-ordered path, so the witness answers dimension order as well.
#pragma once

#include <cstdint>
#include <optional>
#include <string>

#include "grid.hpp"
#include "stepwise_broadcast.hpp"

namespace schedcheck::search {

// A broadcast from node 0 in exactly `steps` steps on shorter-way paths (all-
// port wormhole; stepwise_broadcast.hpp).
std::optional<std::string> shorter_way_broadcast(const Grid& grid, uint32_t steps, const StepwiseLimits& limits);

}  // namespace schedcheck::search
