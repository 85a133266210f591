// Flit: interval bookkeeping of trains on channels and ports, and the end-of-schedule judgements.
#include "flit.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "delivery.hpp"

namespace schedcheck {

FlitCheck::FlitCheck(const Header& header)
    : header_(header),
      topology_(*header.topology),
      collective_(header.collective),
      one_port_(header.model.ports == Ports::one_port),
      visited_(topology_.node_count(), 0) {}

const std::pair<const std::pair<uint32_t, uint64_t>, FlitCheck::Busy>* FlitCheck::meets(const Timeline& timeline,
                                                                                         uint32_t resource,
                                                                                         uint64_t start, uint64_t end) {
  // The intervals are disjoint: only the last one starting at or before
  // `start` and the first one starting after it can meet [start, end).
  auto after = timeline.upper_bound({resource, start});
  if (after != timeline.begin()) {
    auto before = std::prev(after);
    if (before->first.first == resource && before->second.end > start) return &*before;
  }
  if (after != timeline.end() && after->first.first == resource && after->first.second < end) return &*after;
  return nullptr;
}

void FlitCheck::transfer(const TransferView& t, const std::vector<Hop>& hops, Diagnostics& diagnostics) {
  // A train is never buffered, so its route is a path: no node twice.
  ++stamp_;
  visited_[t.from] = stamp_;
  for (const Hop& hop : hops) {
    if (visited_[hop.head] == stamp_) {
      diagnostics.error({t.pos.line, hop.col}, Property::well_formed,
                        fmt::format("the route visits node {} twice: a train's route is a path",
                                    topology_.node_name(hop.head)));
      return;
    }
    visited_[hop.head] = stamp_;
  }
  const NodeId to = hops.back().head;
  const MessageId m = t.messages.empty() ? 0 : t.messages[0].message;
  const SourcePos message_pos = t.messages.empty() ? t.pos : SourcePos{t.pos.line, t.messages[0].col};
  // Bufferless: a message stops only where it is needed.
  const bool needed = collective_.kind == CollectiveKind::broadcast ||
                      (collective_.kind == CollectiveKind::scatter ? to == m : to == collective_.root);
  if (!needed) {
    diagnostics.error({t.pos.line, hops.back().col}, Property::well_formed,
                      fmt::format("node {} does not need message {}, whose destination is {}: a bufferless train "
                                  "goes to its destination without stopping on the way",
                                  topology_.node_name(to), collective_.message_name(topology_, m),
                                  topology_.node_name(collective_.kind == CollectiveKind::scatter ? m
                                                                                                   : collective_.root)));
    return;
  }
  const uint64_t length = collective_.message_length(m);
  const uint64_t dispatch = *t.time;
  uint64_t arrival = 0;
  if (__builtin_add_overflow(dispatch, hops.size() - 1, &arrival) ||
      __builtin_add_overflow(arrival, length, &arrival)) {
    diagnostics.error({t.pos.line, t.time_col}, Property::well_formed,
                      "the train's last flit would arrive after time 2^64-1");
    return;
  }
  ++transfers_;
  hops_ += hops.size();
  if (length == 0) return;  // a null message has no flits: it occupies nothing and everyone holds it

  dispatches_.push_back({t.from, m, dispatch, message_pos});
  auto [it, first] = arrival_.try_emplace(key(to, m), arrival);
  if (!first) {
    ++duplicates_;
    it->second = std::min(it->second, arrival);
  }
  time_ = std::max(time_, arrival);

  NodeId tail = t.from;
  for (size_t i = 0; i < hops.size(); ++i) {
    const Hop& hop = hops[i];
    const uint64_t start = dispatch + i, end = start + length;
    const SourcePos pos{t.pos.line, hop.col};
    const NodeId head = hop.head;
    // A busy channel is reported as such; only a hop on a free channel is
    // judged by its ports.
    if (const auto* other = meets(channels_, hop.channel, start, end)) {
      diagnostics.error(pos, Property::link_disjoint,
                        fmt::format("channel {} carries flits of two trains in time unit {} (the other at line {})",
                                    channel_name(topology_, hop.channel), std::max(start, other->first.second),
                                    other->second.line));
    } else {
      channels_.emplace(std::pair{hop.channel, start}, Busy{end, t.pos.line});
      if (one_port_) {
        if (const auto* other = meets(sends_, tail, start, end))
          diagnostics.error(pos, Property::port_limit,
                            fmt::format("node {} sends two flits in time unit {} under one-port (the other at line {})",
                                        topology_.node_name(tail), std::max(start, other->first.second),
                                        other->second.line));
        else
          sends_.emplace(std::pair{tail, start}, Busy{end, t.pos.line});
        if (const auto* other = meets(receives_, head, start, end))
          diagnostics.error(pos, Property::port_limit,
                            fmt::format("node {} receives two flits in time unit {} under one-port (the other at line "
                                        "{})",
                                        topology_.node_name(head), std::max(start, other->first.second),
                                        other->second.line));
        else
          receives_.emplace(std::pair{head, start}, Busy{end, t.pos.line});
      }
    }
    tail = head;
  }
}

bool FlitCheck::holds(NodeId v, MessageId m, uint64_t time) const {
  if (collective_.message_length(m) == 0 || v == collective_.initial_holder(m)) return true;
  const auto it = arrival_.find(key(v, m));
  return it != arrival_.end() && it->second <= time;
}

uint64_t FlitCheck::finish(Diagnostics& diagnostics) {
  for (const Dispatch& d : dispatches_) {
    if (holds(d.from, d.message, d.time)) continue;
    const auto it = arrival_.find(key(d.from, d.message));
    diagnostics.error(d.pos, Property::causality,
                      fmt::format("node {} dispatches message {} at time {} but does not hold it then ({})",
                                  topology_.node_name(d.from), collective_.message_name(topology_, d.message), d.time,
                                  it == arrival_.end() ? std::string("it never receives it")
                                                       : fmt::format("its last flit arrives at time {}", it->second)));
  }
  const uint32_t messages = collective_.message_count(topology_.node_count());
  return report_delivery(topology_, collective_, header_.collective_pos, diagnostics, [&](NodeId v) {
    Shortfall s;
    auto need = [&](MessageId m) {
      if (holds(v, m, UINT64_MAX)) return;
      if (s.missing++ == 0) s.first = m;
    };
    if (collective_.need(v) == Collective::Need::own_message) {
      need(collective_.message_of(v, 0));
    } else {
      for (MessageId m = 0; m < messages; ++m) need(m);
    }
    return s;
  });
}

}  // namespace schedcheck
