// Knowledge: bit matrix updates, causality on send, delivery at the end.
#include "knowledge.hpp"

#include <algorithm>
#include <bit>

#include <fmt/format.h>

#include "delivery.hpp"

namespace schedcheck {

unsigned Knowledge::field_shift(uint32_t messages) {
  return messages >= 64 ? 6 : static_cast<unsigned>(std::bit_width(std::bit_ceil(std::max(messages, 1U)) - 1));
}

uint64_t Knowledge::word_count(uint32_t nodes, uint32_t messages) {
  // At most 2^26 blocks of 2^26 words: no overflow.
  return (uint64_t{nodes} + 63) / 64 * ((uint64_t{messages} + 63) / 64) << field_shift(messages);
}

uint64_t Knowledge::bytes_needed(const Topology& topology, const Collective& collective) {
  return word_count(topology.node_count(), collective.message_count(topology.node_count())) * sizeof(uint64_t);
}

Knowledge::Knowledge(const Topology& topology, const Collective& collective)
    : topology_(topology),
      collective_(collective),
      messages_(collective.message_count(topology.node_count())),
      words_((messages_ + 63) / 64),
      field_shift_(field_shift(messages_)),
      block_row_bits_(uint64_t{words_} << (6 + field_shift_)),
      rows_(word_count(topology.node_count(), messages_), 0) {
  for (MessageId m = 0; m < messages_; ++m) {
    const uint64_t b = bit(collective.initial_holder(m), m);
    rows_[b / 64] |= uint64_t{1} << (b % 64);
  }
}

void Knowledge::not_held(NodeId from, MessageRef ref, uint64_t step_number, uint32_t line,
                         Diagnostics& diagnostics) const {
  diagnostics.error({line, ref.col}, Property::causality,
                    fmt::format("node {} sends message {} in step {} but does not hold it at the start of the step",
                                topology_.node_name(from), collective_.message_name(topology_, ref.message),
                                step_number));
}

uint64_t Knowledge::send_all_held(NodeId from, NodeId to) {
  queued_row_to_.push_back(to);
  // Distinct messages: the reader has checked that all of them together
  // stay within 2^64-1 flits, so the sum cannot wrap.
  uint64_t length = 0;
  for (size_t w = 0; w < words_; ++w) {
    const uint64_t held = field_of(from, w);
    queued_rows_.push_back(held);
    if (collective_.lengths.empty()) {
      length += collective_.length * static_cast<uint64_t>(std::popcount(held));
      continue;
    }
    for (uint64_t bits = held; bits != 0; bits &= bits - 1)
      length += collective_.message_length(static_cast<MessageId>(w * 64 + std::countr_zero(bits)));
  }
  return length;
}

void Knowledge::end_step() {
  for (size_t i = 0; i < queued_count_; ++i) deliver(queued_[i]);
  for (size_t i = 0; i < queued_row_to_.size(); ++i) {
    const uint64_t* incoming = &queued_rows_[i * words_];
    const NodeId to = queued_row_to_[i];
    for (size_t w = 0; w < words_; ++w) {
      duplicates_ += static_cast<uint64_t>(std::popcount(field_of(to, w) & incoming[w]));
      const uint64_t b = bit(to, static_cast<MessageId>(w * 64));
      rows_[b / 64] |= incoming[w] << (b % 64);
    }
  }
  queued_count_ = 0;
  queued_row_to_.clear();
  queued_rows_.clear();
}

uint64_t Knowledge::check_delivery(SourcePos pos, Diagnostics& diagnostics) const {
  // Where every node needs every message, a count of the bits set tells a
  // complete delivery, the common verdict, without asking node by node. No
  // bit is set outside the P x M matrix, and each is set once.
  if (collective_.kind == CollectiveKind::broadcast || collective_.kind == CollectiveKind::gossip) {
    uint64_t held = 0;
    for (const uint64_t word : rows_) held += static_cast<uint64_t>(std::popcount(word));
    if (held == uint64_t{topology_.node_count()} * messages_) return 0;
  }
  return report_delivery(topology_, collective_, pos, diagnostics, [&](NodeId v) {
    Shortfall s;
    if (collective_.need(v) == Collective::Need::own_message) {
      s.first = collective_.message_of(v, 0);
      s.missing = holds(v, s.first) ? 0 : 1;
      return s;
    }
    // The whole row is needed: compare word by word.
    for (size_t w = 0; w < words_; ++w) {
      const uint32_t bits_here = w + 1 < words_ || messages_ % 64 == 0 ? 64 : messages_ % 64;
      const uint64_t mask = bits_here == 64 ? ~uint64_t{0} : (uint64_t{1} << bits_here) - 1;
      const uint64_t absent = ~field_of(v, w) & mask;
      if (absent == 0) continue;
      if (s.missing == 0) s.first = static_cast<MessageId>(w * 64 + std::countr_zero(absent));
      s.missing += static_cast<uint64_t>(std::popcount(absent));
    }
    return s;
  });
}

}  // namespace schedcheck
