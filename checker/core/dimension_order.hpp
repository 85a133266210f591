// Dimension order: property 4: a path goes through dimensions 1, 2, ... in order, one direction per dimension.
#pragma once

#include <cstdint>
#include <vector>

#include "diagnostic.hpp"
#include "model.hpp"
#include "route.hpp"
#include "topology.hpp"

namespace schedcheck {

// Checks one path of a grid topology; with Routing::dimension_order_shorter it
// also requires at most floor(n/2) hops in each dimension of size n on a torus.
void check_dimension_order(const Topology& topology, Routing routing, const std::vector<Hop>& hops,
                           SourcePos transfer_pos, Diagnostics& diagnostics);

}  // namespace schedcheck
