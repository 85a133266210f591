// Dimension order: property 4: a path goes through dimensions 1, 2, ... in order, one direction per dimension.
#pragma once

#include <span>

#include "diagnostic.hpp"
#include "model.hpp"
#include "schedule.hpp"
#include "topology.hpp"

namespace schedcheck {

// Checks one path of a grid topology, given as its moves (a node list as
// one move per hop); with Routing::dimension_order_shorter it also requires
// at most floor(n/2) hops in each dimension of size n on a torus.
void check_dimension_order(const Topology& topology, Routing routing, std::span<const Move> moves,
                           SourcePos transfer_pos, Diagnostics& diagnostics);

}  // namespace schedcheck
