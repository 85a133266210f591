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

void FlitCheck::transfer(const Transfer& t, const std::vector<Hop>& hops, Diagnostics& diagnostics) {
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
  const bool control = !t.control.empty();  // a control flit: one flit, no message
  const MessageId m = t.messages.empty() ? 0 : t.messages[0].message;
  const SourcePos message_pos = t.messages.empty() ? t.pos : SourcePos{t.pos.line, t.messages[0].col};
  // Bufferless: a message stops only where it is needed.
  const bool needed = control || collective_.kind == CollectiveKind::broadcast ||
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
  const uint64_t length = control ? 1 : collective_.message_length(m);
  const uint64_t dispatch = *t.time;
  uint64_t arrival = 0;
  if (__builtin_add_overflow(dispatch, hops.size() - 1, &arrival) ||
      __builtin_add_overflow(arrival, length, &arrival)) {
    diagnostics.error({t.pos.line, t.time_col}, Property::well_formed,
                      "the train's last flit would arrive after time 2^64-1");
    return;
  }
  if (control) {
    const auto [it, first] = controls_.try_emplace(std::string(t.control), Control{to, arrival, t.pos.line});
    if (!first) {
      diagnostics.error({t.pos.line, t.control_col}, Property::well_formed,
                        fmt::format("control flit {} is named twice (first at line {})", t.control, it->second.line));
      return;
    }
    ++control_flits_;
  }
  ++transfers_;
  hops_ += hops.size();
  const bool licence = !t.after.empty() || (header_.model.licensed && t.from != collective_.root);
  if (length > 0 || licence)
    dispatches_.push_back({t.from, m, control, dispatch, control ? t.pos : message_pos, std::string(t.after),
                           t.after.empty() ? t.pos : SourcePos{t.pos.line, t.after_col}});
  if (length == 0) return;  // a null message has no flits: it occupies nothing and everyone holds it

  if (!control) {
    auto [it, first] = arrival_.try_emplace(key(to, m), arrival);
    if (!first) {
      ++duplicates_;
      it->second = std::min(it->second, arrival);
    }
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
      // Under one-port the hop's tail sends and its head receives one flit at a time.
      auto use_port = [&](Timeline& ports, NodeId v, const char* verb) {
        if (const auto* other = meets(ports, v, start, end))
          diagnostics.error(pos, Property::port_limit,
                            fmt::format("node {} {} two flits in time unit {} under one-port (the other at line {})",
                                        topology_.node_name(v), verb, std::max(start, other->first.second),
                                        other->second.line));
        else
          ports.emplace(std::pair{v, start}, Busy{end, t.pos.line});
      };
      if (one_port_) use_port(sends_, tail, "sends"), use_port(receives_, head, "receives");
    }
    tail = head;
  }
}

void FlitCheck::check_licence(const Dispatch& d, Diagnostics& diagnostics) const {
  const std::string v = topology_.node_name(d.from);
  if (d.after.empty()) {
    if (header_.model.licensed && d.from != collective_.root)
      diagnostics.error(d.after_pos, Property::causality,
                        fmt::format("node {} dispatches at time {} untold: under 'licensed' every node but the root {} "
                                    "acts only after a control flit tells it to ('after LABEL')",
                                    v, d.time, topology_.node_name(collective_.root)));
    return;
  }
  const auto it = controls_.find(d.after);
  if (it == controls_.end()) {
    diagnostics.error(d.after_pos, Property::causality, fmt::format("no control flit is named {}", d.after));
  } else if (it->second.to != d.from) {
    diagnostics.error(d.after_pos, Property::causality,
                      fmt::format("control flit {} goes to node {} (line {}), not to node {}, which it would license",
                                  d.after, topology_.node_name(it->second.to), it->second.line, v));
  } else if (it->second.arrival > d.time) {
    diagnostics.error(d.after_pos, Property::causality,
                      fmt::format("node {} dispatches at time {}, before control flit {} tells it to: that arrives at "
                                  "time {} (line {})",
                                  v, d.time, d.after, it->second.arrival, it->second.line));
  }
}

bool FlitCheck::holds(NodeId v, MessageId m, uint64_t time) const {
  if (collective_.message_length(m) == 0 || v == collective_.initial_holder(m)) return true;
  const auto it = arrival_.find(key(v, m));
  return it != arrival_.end() && it->second <= time;
}

uint64_t FlitCheck::finish(Diagnostics& diagnostics) {
  for (const Dispatch& d : dispatches_) {
    if (!d.control && !holds(d.from, d.message, d.time)) {
      const auto it = arrival_.find(key(d.from, d.message));
      diagnostics.error(d.pos, Property::causality,
                        fmt::format("node {} dispatches message {} at time {} but does not hold it then ({})",
                                    topology_.node_name(d.from), collective_.message_name(topology_, d.message),
                                    d.time,
                                    it == arrival_.end() ? std::string("it never receives it")
                                                         : fmt::format("its last flit arrives at time {}", it->second)));
    }
    check_licence(d, diagnostics);
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
