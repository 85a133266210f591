// Time-independent command: `bound time-independent-gossip`, Meyer-Sibeyn's Theorem 1 and Example 1 step by step, and exhaustive checks of it.
#pragma once

#include "options.hpp"

namespace schedcheck::cli {

// --P N --i I --cycle "...": the sets of Section 2 for one PU i.
// --P N alone: every second Hamiltonian cycle on K_N (N <= 11).
// --topology torus:AxB: every pair of edge-disjoint Hamiltonian cycles of the torus.
// Returns 0, 1 when a pair of edge-disjoint cycles gossips faster than
// Theorem 1 allows, or 2 on a usage error.
int run_time_independent_bound(const Arguments& args);

}  // namespace schedcheck::cli
