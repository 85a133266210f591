// Translation-invariant gossip: time-independent one-packet gossip on a torus in which every PU forwards by the same maps, found by enumerating the maps (no solver).
//
// When every PU injects its packet in the same directions and forwards what
// arrives from side a in the same set of directions M(a), one packet's
// spread, translated to every origin, is the whole schedule. Two packets
// then meet on a channel in a step exactly when one packet's spread sends
// twice in the same direction in that step, so the class is small enough to
// enumerate: the injections, and M(a) for each side the spread arrives from.
// The class searched is the translation-invariant, time-independent
// schedules that never send a packet straight back over the link it came
// by, nor back to its origin (which may not send its own packet on after
// step 1: property 9 reads that as holding it back). A map's send is left out only where the neighbour holds the packet at
// the end of the step (property 9); where the maps bring a packet to a PU
// that lacks it, some of them send (each choice is tried), and the others
// may. Schedules in which no packet reaches a PU twice are tried first, as
// that search is far smaller. The enumeration is exact for the class: its
// `unsat` says no schedule of the class has the steps, not that no
// time-independent schedule has.
#pragma once

#include <chrono>
#include <cstdint>
#include <string>

#include "grid.hpp"
#include "outcome.hpp"

namespace schedcheck::search {

struct TranslationInvariantResult {
  Outcome outcome = Outcome::unknown;  // unknown: the budget ran out, or the grid is not a torus
  std::string witness;                 // the schedule's body (step lines and transfers) when sat
  uint64_t nodes = 0;                  // choices the enumeration tried, a machine-independent measure of its work
};

struct EnumerationBudget {
  std::chrono::steady_clock::time_point deadline = std::chrono::steady_clock::time_point::max();
  uint64_t max_nodes = UINT64_MAX;  // a bound that gives the same answer on every machine
};

// Looks for a schedule of the class in exactly `steps` steps (an idle step
// at the end is allowed: fewer steps are found too).
TranslationInvariantResult translation_invariant_gossip(const Grid& grid, uint32_t steps,
                                                        const EnumerationBudget& budget = {});

}  // namespace schedcheck::search
