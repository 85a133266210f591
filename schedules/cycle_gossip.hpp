// Cycle gossip: store-and-forward gossip along edge-disjoint (partial) cycles, with out-of-cycle PUs
// fed by on-cycle neighbours (Meyer-Sibeyn Sections 3 and 4).
//
// Every PU on a cycle sends the packets it injects into that cycle both ways
// round, and forwards what arrives from one cycle neighbour to the other, for
// a fixed number of steps. A PU off a cycle is fed by two of its neighbours
// on it, each over a link no cycle uses; in every step each feeder passes on
// one of the two packets it has just received (or, in step 1, its own). Which
// of the two is the *switching strategy*; specs/gossip-cycles.md derives it.
// A PU that injects k > 1 packets into a cycle sends them first and delays
// the streams through it by k steps; the feeders of such a cycle may then
// pass on any packet they already hold (a matching, not a choice of two).
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
  // packets[c]: the messages cycle c carries (node * parts + part), in cycle
  // order: the node at position i injects packets[c][i], or, where
  // slot_start[c] is given (one entry per position and a last one equal to
  // packets[c].size()), packets[c][slot_start[c][i] .. slot_start[c][i+1]).
  std::vector<std::vector<uint64_t>> packets;
  std::vector<std::vector<uint64_t>> slot_start;
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
    uint64_t slot;       // its first slot on the cycle
    // offsets[t]: the feeder sends in step t+1 the packet of slot `slot` +
    // offsets[t] (modulo the cycle's slots), or nothing if it is no_packet.
    const std::vector<int64_t>* offsets;
  };
  static constexpr int64_t no_packet = INT64_MIN;

  void check_cycles();
  void choose_feeds();
  uint32_t steps_until_complete() const;
  uint64_t slots(uint32_t c) const { return plan_.packets[c].size(); }
  uint64_t slot_start(uint32_t c, uint64_t i) const { return plan_.slot_start[c].empty() ? i : plan_.slot_start[c][i]; }
  bool one_slot_each(uint32_t c) const { return plan_.slot_start[c].empty(); }
  const std::vector<int64_t>& choices(uint64_t length, uint64_t separation, bool first);
  const std::vector<int64_t>& matched(uint32_t c, const Feed& a, const Feed& b, uint32_t last_step, bool first);

  Torus torus_;
  CyclePlan plan_;
  Supply supply_;
  uint32_t steps_ = 0;
  std::vector<uint32_t> circulation_;  // steps each cycle circulates
  std::vector<std::vector<uint32_t>> forward_direction_;  // [c][i]: direction from position i to i+1
  std::vector<Feed> feeds_;
  // Feed choices depend only on the cycle length and the feeders' separation
  // (one packet per position), or on the slots and the feeders' slot ranges.
  using Choices = std::pair<std::vector<int64_t>, std::vector<int64_t>>;
  std::map<std::pair<uint64_t, uint64_t>, Choices> choice_cache_;
  std::map<std::vector<uint64_t>, Choices> match_cache_;
};

}  // namespace schedcheck::gen
