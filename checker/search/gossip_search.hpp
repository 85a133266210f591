// Gossip search: Z3 encodings of store-and-forward, non-combining gossip on a small torus or mesh.
#pragma once

#include <cstdint>
#include <string>

#include "grid.hpp"
#include "outcome.hpp"

namespace schedcheck::search {

struct GossipProblem {
  Grid grid;
  bool one_port = false;
  // Redundant constraints and the translation-invariant first try; off gives
  // the plain encoding that the benchmark compares against.
  bool strengthen = true;
};

// Tries first, first+1, ..., last steps and stops at the first satisfiable
// count (the witness) or when it gives up. On a torus each count is first
// tried among translation-invariant schedules (every PU does the same,
// relative to itself): a small encoding whose solutions are real schedules.
// Only the full encoding can answer unsat.
SearchReport search_gossip(const GossipProblem& problem, uint32_t first, uint32_t last, const SearchLimits& limits);

std::string gossip_model_line(const GossipProblem& problem);

// The encoding for exactly `steps` steps, goal asserted, as DIMACS CNF (card-
// inality constraints turned into clauses), for an independent SAT solver.
std::string gossip_dimacs(const GossipProblem& problem, uint32_t steps);

}  // namespace schedcheck::search
