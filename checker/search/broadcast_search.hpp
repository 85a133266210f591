// Broadcast search: Z3 encoding of a broadcast on a small torus or mesh, one function per constraint family.
#pragma once

#include <cstdint>
#include <string>

#include "grid.hpp"
#include "outcome.hpp"
#include "routes.hpp"

namespace schedcheck::search {

struct BroadcastProblem {
  Grid grid;
  RouteRule rule = RouteRule::dimension_order;  // single_hop for store-and-forward
  bool one_port = false;
  // Redundant constraints and symmetry breaking; off gives the plain encoding
  // that the benchmark compares against.
  bool strengthen = true;
};

// Tries first, first+1, ..., last steps on one incremental solver and stops at
// the first satisfiable count (the witness) or when it gives up.
SearchReport search_broadcast(const BroadcastProblem& problem, uint32_t first, uint32_t last,
                              const SearchLimits& limits);

// The model line of the format for this problem.
std::string broadcast_model_line(const BroadcastProblem& problem);

// The encoding for exactly `steps` steps, goal asserted, as DIMACS CNF (card-
// inality constraints turned into clauses), for an independent SAT solver.
std::string broadcast_dimacs(const BroadcastProblem& problem, uint32_t steps);

}  // namespace schedcheck::search
