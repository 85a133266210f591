// Cycle gossip: store-and-forward gossip along edge-disjoint (partial) cycles, with out-of-cycle PUs
// fed by on-cycle neighbours (Meyer-Sibeyn Sections 3 and 4).
//
// Every PU on a cycle sends the packets it injects into that cycle both ways
// round, and forwards what arrives from one cycle neighbour to the other, for
// a fixed number of steps. A PU off a cycle is fed by two of its neighbours
// on it, each over a link no cycle uses; in every step each feeder passes on
// one of the two packets it has just received (or, in step 1, its own). Which
// of the two is the *switching strategy*; specs/lemmas.md derives it.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "schedule_text.hpp"

namespace schedcheck::gen {

struct CyclePlan {
  // Node indices (Torus::index) in cycle order; consecutive nodes and the
  // last and first are neighbours.
  std::vector<std::vector<uint64_t>> cycles;
  // directions[c][i]: the link from position i to i+1 as 2*dim + (negative ?
  // 1 : 0); node pairs alone would not say which of the two links a dimension
  // of size 2 has between the same PUs.
  std::vector<std::vector<uint32_t>> directions;
  // packets[c][i]: the message the node at position i of cycle c injects,
  // as node * parts + part.
  std::vector<std::vector<uint64_t>> packets;
  uint32_t parts = 1;
  // Stop the circulation once every PU holds everything (only where no PU
  // needs feeding); otherwise the cycles circulate floor(L/2) steps.
  bool until_complete = false;
};

enum class Supply : uint8_t {
  switching,         // each feeder chooses per step: all done in floor(L/2) + 1 steps
  time_independent,  // each feeder always passes on one stream; the cycles circulate longer
};

class CycleGossip {
 public:
  // Throws std::runtime_error when the cycles are not edge-disjoint cycles of
  // the torus or a PU off a cycle has fewer than two neighbours to feed it.
  CycleGossip(Torus torus, CyclePlan plan, Supply supply);

  uint32_t steps() const { return steps_; }
  // The steps of the schedule (the header is the caller's).
  void write(ScheduleText& text) const;

 private:
  struct Feed {
    uint64_t feeder;   // the on-cycle neighbour
    uint32_t direction;  // of the channel feeder -> fed PU: 2*dim + (negative ? 1 : 0)
    uint32_t cycle;
    uint64_t position;   // of the feeder on the cycle
    // choice[t]: what the feeder sends in step t+1: +1 the packet that came
    // forwards in step t, -1 the one that came backwards, 0 nothing; t = 0 is its own.
    const std::vector<int8_t>* choice;
  };

  uint64_t neighbour(uint64_t v, uint32_t direction) const;
  void check_cycles();
  void choose_feeds();
  uint32_t steps_until_complete() const;
  const std::vector<int8_t>& choices(uint64_t length, uint64_t separation, bool first);

  Torus torus_;
  CyclePlan plan_;
  Supply supply_;
  uint32_t steps_ = 0;
  std::vector<uint32_t> circulation_;  // steps each cycle circulates
  std::vector<std::vector<uint32_t>> forward_direction_;  // [c][i]: direction from position i to i+1
  std::vector<Feed> feeds_;
  // Feed choices depend only on the cycle length and the feeders' separation.
  std::map<std::pair<uint64_t, uint64_t>, std::pair<std::vector<int8_t>, std::vector<int8_t>>> choice_cache_;
};

}  // namespace schedcheck::gen
