// Time-independent bound: Meyer-Sibeyn's Theorem 1 held against one pair of Hamiltonian cycles or a survey of all pairs.
//
// Theorem 1 says that gossip along two edge-disjoint Hamiltonian cycles takes
// at least ceil(11P/40 - 1) steps. A pair whose second cycle is known whole
// is gossiped step by step; a pair that shares an edge with the first cycle
// refutes nothing, since the theorem speaks of edge-disjoint cycles only.
#pragma once

#include <cstdint>
#include <optional>
#include <utility>
#include <vector>

#include "two_cycle_gossip.hpp"

namespace schedcheck::lemmas {

// Section 2 for one PU i and the theorem's figures for its pair.
struct PairBound {
  two_cycle::Derivation derivation;
  uint32_t k_i = 0;                    // |A_i ∩ B_i \ {i}|
  bool k_i_reaches_tenth = false;      // k_i >= P/10: i itself has enough multi-receives
  std::vector<std::pair<uint32_t, uint32_t>> shared_edges;  // edges the two cycles share
  uint64_t theorem_bound = 0;          // ceil(11P/40 - 1)
  uint64_t counting_bound = 0;         // ceil((P-1)/4)
  std::optional<uint32_t> steps;       // the pair's gossip, when the second cycle is whole
  std::optional<uint32_t> largest_k;   // max_i k_i, when the second cycle is whole
  bool refuted = false;                // edge-disjoint and faster than the theorem allows
};

// The window must show the P/4 nodes on each side of i on the second cycle
// (two_cycle::derive's condition).
PairBound pair_bound(const two_cycle::KnownCycle& cycle, uint32_t i);

// The theorem's figures for a survey of every pair of a graph.
struct SurveyBound {
  uint64_t theorem_bound = 0;   // ceil(11P/40 - 1)
  uint64_t counting_bound = 0;  // ceil((P-1)/4)
  bool refuted = false;         // some pair gossips faster than the theorem allows
};

SurveyBound survey_bound(const two_cycle::Survey& survey);

}  // namespace schedcheck::lemmas
