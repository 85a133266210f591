// Forwarding: property 9, time independence (Meyer-Sibeyn): does every PU forward what arrives from
// direction i to the same directions in every step?
//
// Store-and-forward schedules on grids only. A packet a PU receives in step s
// and sends on in step s+1 is *forwarded*; the PU's forwarding map sends what
// arrives from direction i on to a set of directions. The map may leave out a
// direction whose neighbour already holds the message (forwarding there
// would be pure waste, as at the end of a circulation). What the schedule
// can do otherwise is one of:
//   - time-independent: every map is the same in every step;
//   - switching: a PU re-assigns which incoming direction feeds an outgoing
//     one (the switching strategy of Meyer-Sibeyn Section 3.2), keeping the
//     set of outgoing directions and their number;
//   - time-dependent: any other change, or a packet held back (sent later
//     than the step after it arrived, or an own message sent after step 1).
// A packet that arrives from several sides in one step and is forwarded is
// sent on by the map of at least one of those sides; which one, later steps
// may tell, and until they do the question stays open (at most one open
// question per PU, outgoing direction and set of sides).
// The analysis needs the state after each step (Knowledge) to tell a left-out
// duplicate from a change.
#pragma once

#include <bit>
#include <cstdint>
#include <cstring>
#include <string>
#include <unordered_map>
#include <vector>

#include "collective.hpp"
#include "knowledge.hpp"
#include "topology.hpp"

namespace schedcheck {

enum class ForwardingClass : uint8_t { time_independent, switching, time_dependent };

// The first event of a kind, for the report.
struct ForwardingEvent {
  NodeId node = no_node;
  uint64_t step = 0;      // step number of the send
  std::string what;       // e.g. "from -1: +2 (was +1 +2)"
};

struct ForwardingReport {
  bool analysed = false;
  ForwardingClass kind = ForwardingClass::time_independent;
  uint64_t switches = 0;         // (PU, step) pairs with a switch
  uint64_t changes = 0;          // (PU, step) pairs with a time-dependent change
  uint64_t held_back = 0;        // packets sent later than the step after their arrival
  std::vector<uint64_t> switch_steps;  // distinct step numbers with a switch, ascending, at most 16
  uint64_t switch_step_count = 0;      // all distinct switch steps
  ForwardingEvent first_switch;
  ForwardingEvent first_change;  // first time-dependent change or held-back packet
};

std::string to_string(ForwardingClass kind);

class Forwarding {
 public:
  // Analyses only store-and-forward grids; otherwise every call is a no-op.
  Forwarding(const Topology& topology, const Collective& collective, bool store_and_forward);
  static uint64_t bytes_needed(const Topology& topology, bool store_and_forward);

  // One packet of step `serial` (1, 2, ...; `step_number` as written): m moves from `from` over `channel`.
  // Inline: it runs once per packet.
  void transfer(NodeId from, ChannelId channel, NodeId to, MessageId m, uint32_t serial, uint64_t step_number) {
    if (!enabled_) return;
    const uint32_t direction = channel - from * directions_;  // grid channels are numbered v * 2k + port
    const uint32_t arrival = slot(to, direction);
    MessageId& now = arrivals_[serial & 1][arrival];
    if (now == no_arrival) current_slots_[current_count_++] = arrival;
    now = m;
    if (serial == 1) return;  // an injection, or a message nobody forwarded (a causality error)
    if (collective_.starts_at(m, from)) return held_back(from, step_number);
    // The same message may have arrived from several sides at once (a
    // duplicate); which side's map forwards it is left to end_step. The
    // sides are compared four at a time, padding included, with no branch.
    uint32_t sides = 0;
    const MessageId* const at = &arrivals_[(serial - 1) & 1][slot(from, 0)];
    for (uint32_t in = 0; in < 1U << lane_shift_; in += 4) {
      Lanes four;
      std::memcpy(&four, at + in, sizeof four);
      four = (four == m) & Lanes{1, 2, 4, 8};
      sides |= (four[0] | four[1] | four[2] | four[3]) << in;
    }
    if (sides == 0) return held_back(from, step_number);
    if ((sides & (sides - 1)) == 0)  // one side (std::has_single_bit may call a popcount routine)
      slots_[slot(from, static_cast<uint32_t>(std::countr_zero(sides)))].sent |= 1U << direction;
    else
      several_sides(from, sides, direction);
  }
  // After Knowledge::end_step of step `serial`: compares the maps of the packets that arrived in step serial-1.
  void end_step(uint32_t serial, uint64_t step_number, const Knowledge& knowledge);

  ForwardingReport report() const;

 private:
  static constexpr uint32_t no_stamp = 0;
  static constexpr MessageId no_arrival = UINT32_MAX;  // messages are below 2^31
  // A node's slots: its directions, padded to a power of two of at least 4.
  uint32_t slot(NodeId v, uint32_t direction) const { return v << lane_shift_ | direction; }
  // The (node, incoming direction) slots of the analysis; 0 where it does not run.
  static uint64_t slot_count(const Topology& topology, bool store_and_forward);
  std::string direction_name(uint32_t direction) const;
  std::string mask_names(uint32_t mask) const;
  std::string from_names(uint32_t sides) const;
  // The directions of `mask` (each exclusive-ored with `flip`), joined by `separator`.
  std::string names(uint32_t mask, const char* separator, uint32_t flip) const;

  // A packet forwarded in this step that had arrived from several sides
  // (mask of incoming directions); where it went is in their slots' `sent`.
  struct Duplicate {
    NodeId node;
    uint32_t sides;
  };
  // A duplicate sent on in a direction that no side's map is yet known to include.
  struct OpenDuplicate {
    uint32_t sides;  // those whose map may include it
    uint64_t step_number;
  };
  // Directions (in `ask`, not in `sent`) whose neighbour lacks m after the step.
  uint32_t missing_where_not_sent(NodeId v, MessageId m, uint32_t sent, uint32_t ask, const Knowledge& knowledge) const;
  // One step's evidence for the map of v's slot of incoming direction `in`: in_map directions are in it,
  // out_of_map ones are not; a contradiction with what was known is a change.
  void learn(NodeId v, uint32_t in, uint32_t in_map, uint32_t out_of_map, uint32_t serial);
  void forwarded_duplicates(uint32_t serial, uint64_t step_number, const Knowledge& knowledge);
  void forget_open_duplicates(NodeId v);
  void several_sides(NodeId from, uint32_t sides, uint32_t direction);
  void held_back(NodeId from, uint64_t step_number);
  void unexplained(NodeId v, uint32_t direction, const OpenDuplicate& d);

  const Topology& topology_;
  const Collective& collective_;
  bool enabled_ = false;
  uint32_t directions_ = 0;  // 2k channel directions; direction 2d+1 is a move along -d
  uint32_t all_directions_ = 0;  // their mask
  uint32_t lane_shift_ = 0;  // a node takes 1 << lane_shift_ slots
  using Lanes = uint32_t __attribute__((vector_size(16)));  // four slots' arrivals, compared at once
  // What is known of one (node, incoming direction). end_step() empties the
  // arrivals of the step before and their sends, so that neither needs a stamp.
  struct Slot {
    uint32_t sent = 0;    // out-direction mask for the arrival of the step before
    uint16_t map = 0;     // the forwarding map in force
    uint16_t known = 0;   // the directions of map that some step has shown
  };
  std::vector<Slot> slots_;
  // Per slot, the message that arrived there in step s, at [s % 2], or
  // no_arrival: a node's arrivals side by side, for the scan of its sides.
  std::vector<MessageId> arrivals_[2];
  // The message that arrived at slot s in the step before step `serial`, or no_arrival.
  MessageId previous(uint32_t s, uint32_t serial) const { return arrivals_[(serial - 1) & 1][s]; }
  // The slots with an arrival in the step before, this step: the first
  // previous_count_, current_count_. Each slot is listed at most once a
  // step, so the lists never grow, and listing one is a store.
  std::vector<uint32_t> previous_slots_, current_slots_;
  size_t previous_count_ = 0, current_count_ = 0;
  std::vector<Duplicate> duplicates_;  // of the current step
  std::unordered_map<uint32_t, std::vector<OpenDuplicate>> open_;  // by slot(PU, outgoing direction)
  // Nodes whose map changed in this step, with their maps before it.
  std::vector<NodeId> changed_nodes_;
  std::vector<uint32_t> changed_before_;
  std::vector<uint32_t> changed_stamp_;  // per node: serial of its last change, to list it once
  uint64_t last_switch_step_ = 0;
  ForwardingReport report_;
};

}  // namespace schedcheck
