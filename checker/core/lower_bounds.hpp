// Lower bounds: every lemma of specs/lemmas.md that applies to a topology, model and collective.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "collective.hpp"
#include "model.hpp"
#include "topology.hpp"

namespace schedcheck {

struct LowerBound {
  std::string name;      // the name in specs/lemmas.md, e.g. "broadcast-all-port"
  std::string source;    // paper and lemma
  std::string formula;   // in the symbols of specs/lemmas.md
  std::string argument;  // the counting argument, with this instance's numbers
  uint64_t steps = 0;
};

// All applicable bounds on the number of steps, in the order of specs/lemmas.md.
std::vector<LowerBound> lower_bounds(const Topology& topology, const Model& model, const Collective& collective);

// A lower bound on a step-synchronous schedule's cost (format.md section 8).
struct CostBound {
  std::string name;
  std::string source;
  std::string formula;
  std::string argument;
  double cost = 0;
};

// Every cost bound that applies, in the order of specs/lemmas.md:
// cost-volume, at least `steps` (a proven step bound) start-ups and the flits
// of the node that needs most per port, at most one packet per port and
// step, each at most the step's longest; and gossip-ring-dissemination, the
// colour potential of Juurlink, Rao and Sibeyn's Lemma 3 on a ring or path.
// Empty when nothing needs to move.
std::vector<CostBound> cost_lower_bounds(const Topology& topology, const Model& model, const Collective& collective,
                                         uint64_t steps, double ts, double tl);

// The largest of `bounds` (on a tie, the first; nullptr if none applies).
const CostBound* best_cost_bound(const std::vector<CostBound>& bounds);
const LowerBound* best_bound(const std::vector<LowerBound>& bounds);

// Smallest s with base^s >= n (n >= 1, base >= 2).
uint64_t ceil_log(uint64_t base, uint64_t n);

// a + b, or 2^64-1 where that sum would wrap: counts and bounds that stop at the top.
inline uint64_t saturating_add(uint64_t a, uint64_t b) { return a + b < a ? UINT64_MAX : a + b; }

// Meyer-Sibeyn Theorem 1 for two edge-disjoint Hamiltonian cycles: ceil(11P/40 - 1) steps, 0 where negative.
uint64_t time_independent_hamiltonian_pair_bound(uint64_t P);

}  // namespace schedcheck
