// Time-independent bound: the derivation, the pair's own gossip and the theorem's verdict for one pair or a survey.
#include "time_independent_bound.hpp"

#include "lower_bounds.hpp"

namespace schedcheck::lemmas {

PairBound pair_bound(const two_cycle::KnownCycle& cycle, uint32_t i) {
  const uint32_t P = cycle.P;
  PairBound b;
  b.derivation = two_cycle::derive(cycle, i);
  b.k_i = static_cast<uint32_t>(b.derivation.A_B_i.elements.size());
  b.k_i_reaches_tenth = uint64_t{10} * b.k_i >= P;
  b.shared_edges = two_cycle::shared_edges(cycle);
  b.theorem_bound = time_independent_hamiltonian_pair_bound(P);
  b.counting_bound = two_cycle::counting_bound(P);
  if (cycle.whole()) {
    b.steps = two_cycle::gossip_steps(cycle.order);
    b.largest_k = two_cycle::largest_multi_receives(cycle.order);
  }
  b.refuted = b.steps && b.shared_edges.empty() && *b.steps < b.theorem_bound;
  return b;
}

SurveyBound survey_bound(const two_cycle::Survey& survey) {
  return {time_independent_hamiltonian_pair_bound(survey.P), two_cycle::counting_bound(survey.P),
          survey.beating.has_value()};
}

}  // namespace schedcheck::lemmas
