// Hamiltonian search: d edge-disjoint Hamiltonian cycles of a small d-dimensional torus, as a gossip schedule.
//
// Meyer and Sibeyn's Section 3 routes gossip along edge-disjoint Hamiltonian
// cycles but does not construct them. The search finds a decomposition of
// the torus's edges into d Hamiltonian cycles and writes the gossip it gives:
// every PU's data in d parts, part c travelling both ways round cycle c, one
// hop per step, ceil((P-1)/2) steps, which meets the counting bound
// ceil(d(P-1)/2d).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "grid.hpp"
#include "outcome.hpp"

namespace schedcheck::search {

struct HamiltonianReport {
  Outcome outcome = Outcome::unknown;
  double seconds = 0;
  std::vector<std::vector<uint32_t>> cycles;  // node orders, each starting at node 0
  std::string gossip;                          // the schedule's body (steps), when found
  uint32_t steps = 0;
};

// `grid` must be a torus; the number of cycles is its dimension count.
HamiltonianReport search_hamiltonian(const Grid& grid, double timeout_seconds);

}  // namespace schedcheck::search
