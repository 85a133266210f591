// Knowledge: properties 5 and 6, causality and delivery: which node holds which message after each step.
//
// A P x M bit matrix, stored in blocks of 64 nodes by 64 messages (bit()),
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
    const uint64_t b = bit(v, m);
    return (rows_[b / 64] >> (b % 64)) & 1U;
  }
  // Queues the delivery to `to` of those of `messages` that `from` holds at
  // the start of the step, and reports each other one (causality).
  void send(NodeId from, NodeId to, std::span<const MessageRef> messages, uint64_t step_number, uint32_t line,
            Diagnostics& diagnostics) {
    for (const MessageRef& ref : messages) {
      if (holds(from, ref.message)) queue(bit(to, ref.message));
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
  void not_held(NodeId from, MessageRef ref, uint64_t step_number, uint32_t line, Diagnostics& diagnostics) const;
  // Grows by hand so that the common case is a store, not a call.
  void queue(uint64_t b) {
    if (queued_count_ == queued_.size()) [[unlikely]] queued_.resize(2 * queued_.size() + 1024);
    queued_[queued_count_++] = b;
  }
  void deliver(uint64_t b) {
    uint64_t& word = rows_[b / 64];
    const uint64_t mask = uint64_t{1} << (b % 64);
    if (word & mask) ++duplicates_;
    word |= mask;
  }

  // log2 of a node's field: M rounded up to a power of two, at most 64.
  static unsigned field_shift(uint32_t messages);
  // The words of the matrix: whole blocks of 64 nodes.
  static uint64_t word_count(uint32_t nodes, uint32_t messages);
  // Blocks of 64 nodes by 64 messages, a node's 64 bits of each block side by
  // side with those of the 63 nodes next to it: the packets of one step of a
  // gossip (node v, message v + c) then share cache lines. With fewer than
  // 64 messages, each node has a field of M bits rounded up to a power of
  // two, and the fields follow each other: a broadcast's one message takes a
  // bit per node, not a word, and its bits stay in cache.
  uint64_t bit(NodeId v, MessageId m) const {
    return (uint64_t{v} / 64) * block_row_bits_ + (uint64_t{v % 64} << field_shift_) + (uint64_t{m / 64} << 12) +
           m % 64;
  }
  // The bits of v's messages 64w.., as many as its field holds.
  uint64_t field_of(NodeId v, size_t w) const {
    const uint64_t b = bit(v, static_cast<MessageId>(w * 64));
    const uint64_t word = rows_[b / 64] >> (b % 64);
    return field_shift_ == 6 ? word : word & ((uint64_t{1} << (uint64_t{1} << field_shift_)) - 1);
  }

  const Topology& topology_;
  const Collective& collective_;
  uint32_t messages_;
  size_t words_;  // per node
  unsigned field_shift_;
  uint64_t block_row_bits_;  // the bits of 64 nodes' fields of every block
  std::vector<uint64_t> rows_;
  std::vector<uint64_t> queued_;  // bit() of each delivery of the step: the first queued_count_
  size_t queued_count_ = 0;
  // Whole rows for combining packets, copied at send time (start-of-step state).
  std::vector<NodeId> queued_row_to_;
  std::vector<uint64_t> queued_rows_;
  uint64_t duplicates_ = 0;
};

}  // namespace schedcheck
