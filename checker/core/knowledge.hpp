// Knowledge: properties 5 and 6, causality and delivery: which node holds which message after each step.
//
// A P x M bit matrix, stored in blocks of 64 nodes by 64 messages (word()),
// or by M messages when M is below 64. Receptions of a step are queued and applied when the step ends, so every
// sender is judged on what it held at the start of the step.
#pragma once

#include <algorithm>
#include <cstdint>
#include <span>
#include <vector>

#include "collective.hpp"
#include "diagnostic.hpp"
#include "schedule.hpp"
#include "topology.hpp"

namespace schedcheck {

class Knowledge {
 public:
  // The bytes the P x M bit matrix takes, computed before allocating it so
  // that a network too large for the machine is refused with its size.
  static uint64_t bytes_needed(const Topology& topology, const Collective& collective);
  Knowledge(const Topology& topology, const Collective& collective);

  bool holds(NodeId v, MessageId m) const {
    return (rows_[word(v, m / 64)] >> (field(v) + m % 64)) & 1U;
  }
  // Queues the delivery to `to` of those of `messages` that `from` holds at
  // the start of the step, and reports each other one (causality).
  void send(NodeId from, NodeId to, std::span<const MessageRef> messages, uint32_t step_number, uint32_t line,
            Diagnostics& diagnostics) {
    for (const MessageRef& ref : messages) {
      if (holds(from, ref.message)) queued_.emplace_back(to, ref.message);
      else not_held(from, ref, step_number, line, diagnostics);
    }
  }
  // A combining packet without a message list carries all that `from` holds;
  // returns the packet's length in flits.
  uint64_t send_all_held(NodeId from, NodeId to);
  // Applies the queued deliveries of the step.
  void end_step();

  // Reports (up to the diagnostics limit) every node missing a required
  // message; returns the number of missing (node, message) pairs.
  uint64_t check_delivery(SourcePos pos, Diagnostics& diagnostics) const;
  uint64_t duplicates() const { return duplicates_; }
  uint32_t message_count() const { return messages_; }

 private:
  void not_held(NodeId from, MessageRef ref, uint32_t step_number, uint32_t line, Diagnostics& diagnostics) const;
  void deliver(NodeId v, MessageId m) {
    uint64_t& word = rows_[this->word(v, m / 64)];
    const uint64_t bit = uint64_t{1} << (field(v) + m % 64);
    if (word & bit) ++duplicates_;
    word |= bit;
  }

  // Nodes per word as a shift: 0 when M >= 64, else 6 - log2 of the field,
  // M rounded up to a power of two.
  static unsigned node_shift(uint32_t messages);
  // The words of the matrix: whole blocks of 64 nodes.
  static uint64_t word_count(uint32_t nodes, uint32_t messages);
  // The bits of v's messages 64w.. in word(v, w), from bit field(v) on, as
  // many as the field holds.
  uint64_t field_of(NodeId v, size_t w) const {
    const uint64_t word = rows_[this->word(v, w)] >> field(v);
    return node_shift_ == 0 ? word : word & ((uint64_t{1} << (64 >> node_shift_)) - 1);
  }

  const Topology& topology_;
  const Collective& collective_;
  uint32_t messages_;
  size_t words_;  // per row
  unsigned node_shift_;
  // Blocks of 64 nodes by 64 messages, a node's word of each block side by
  // side with those of the 63 nodes next to it: the packets of one step of a
  // gossip (node v, message v + c) then share cache lines. With fewer than
  // 64 messages, 2^node_shift_ nodes share a word, each a field of M bits
  // rounded up to a power of two: a broadcast's one message takes a bit per
  // node, not a word, and its bits stay in cache.
  size_t word(NodeId v, size_t w) const {
    return ((((size_t{v} >> 6) * words_ + w) << 6) + (v & 63)) >> node_shift_;
  }
  unsigned field(NodeId v) const { return (v & ((1U << node_shift_) - 1)) << (6 - node_shift_); }
  std::vector<uint64_t> rows_;
  std::vector<std::pair<NodeId, MessageId>> queued_;
  // Whole rows for combining packets, copied at send time (start-of-step state).
  std::vector<NodeId> queued_row_to_;
  std::vector<uint64_t> queued_rows_;
  uint64_t duplicates_ = 0;
};

}  // namespace schedcheck
