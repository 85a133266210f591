// Forwarding: the time-independence analysis, one pass with two steps of arrivals in memory.
#include "forwarding.hpp"

#include <utility>
#include <bit>

#include <fmt/format.h>

namespace schedcheck {

namespace {

// Above this many (node, direction) slots the analysis would need hundreds of
// MiB; the verdict then says it was not analysed.
constexpr uint64_t max_slots = uint64_t{1} << 22;
constexpr size_t listed_switch_steps = 16;

}  // namespace

std::string to_string(ForwardingClass kind) {
  switch (kind) {
    case ForwardingClass::time_independent: return "time-independent";
    case ForwardingClass::switching: return "switching";
    case ForwardingClass::time_dependent: return "time-dependent";
  }
  return "?";
}

Forwarding::Forwarding(const Topology& topology, const Collective& collective, bool store_and_forward)
    : topology_(topology), collective_(collective) {
  if (!store_and_forward || !topology.is_grid() || topology.dimensions() > 16) return;
  directions_ = 2 * topology.dimensions();
  const uint64_t slots = uint64_t{topology.node_count()} * directions_;
  if (slots > max_slots) return;
  enabled_ = true;
  previous_.resize(slots);
  current_.resize(slots);
  sent_.resize(slots);
  sent_stamp_.resize(slots, no_stamp);
  map_.resize(slots);
  map_known_.resize(slots);
  changed_stamp_.resize(topology.node_count(), no_stamp);
}

std::string Forwarding::direction_name(uint32_t direction) const {
  return fmt::format("{}{}", direction % 2 ? '-' : '+', direction / 2 + 1);
}

std::string Forwarding::mask_names(uint32_t mask) const {
  if (mask == 0) return "nothing";
  std::string s;
  for (uint32_t d = 0; d < directions_; ++d)
    if (mask >> d & 1U) s += (s.empty() ? "" : " ") + direction_name(d);
  return s;
}

void Forwarding::transfer(NodeId from, ChannelId channel, NodeId to, MessageId m, uint32_t serial,
                          uint32_t step_number) {
  if (!enabled_) return;
  const uint32_t direction = channel % directions_;
  const uint32_t arrival = slot(to, direction);
  if (current_[arrival].stamp != serial) current_slots_.push_back(arrival);
  current_[arrival] = {m, serial};

  if (collective_.initial_holder(m) == from) {
    if (serial == 1) return;  // injecting its own message: the one start-up action
  } else if (serial == 1) {
    return;  // a message nobody forwarded to it: a causality error, not a forwarding
  } else {
    // The same message may have arrived from two sides (a duplicate): it is
    // forwarded from the side whose map already sends it this way, if any.
    uint32_t from_slot = UINT32_MAX;
    for (uint32_t in = 0; in < directions_; ++in) {
      const uint32_t s = slot(from, in);
      if (previous_[s].stamp != serial - 1 || previous_[s].message != m) continue;
      if (from_slot == UINT32_MAX || (map_known_[s] && (map_[s] >> direction & 1U))) from_slot = s;
    }
    if (from_slot != UINT32_MAX) {
      if (sent_stamp_[from_slot] != serial) sent_[from_slot] = 0, sent_stamp_[from_slot] = serial;
      sent_[from_slot] |= 1U << direction;
      return;
    }
  }
  ++report_.held_back;
  if (report_.first_change.node == no_node)
    report_.first_change = {from, step_number,
                            fmt::format("holds a packet back: sends it later than the step after it arrived")};
}

void Forwarding::end_step(uint32_t serial, uint32_t step_number, const Knowledge& knowledge) {
  if (!enabled_) return;
  changed_nodes_.clear();
  changed_before_.clear();
  for (const uint32_t s : previous_slots_) {
    if (previous_[s].stamp != serial - 1) continue;
    const NodeId v = s / directions_;
    const uint32_t sent = sent_stamp_[s] == serial ? sent_[s] : 0;
    if (!map_known_[s]) {
      map_[s] = sent;
      map_known_[s] = 1;
      continue;
    }
    const uint32_t map = map_[s];
    const uint32_t added = sent & ~map;
    uint32_t dropped = map & ~sent;
    for (uint32_t d = 0; d < directions_; ++d) {
      if (!(dropped >> d & 1U)) continue;
      NodeId neighbour = no_node;
      topology_.grid_step(v, d / 2, d % 2 == 1, neighbour);
      // Leaving out a neighbour that already holds the message changes nothing it could learn.
      if (neighbour != no_node && knowledge.holds(neighbour, previous_[s].message)) dropped &= ~(1U << d);
    }
    if (added == 0 && dropped == 0) continue;
    if (changed_stamp_[v] != serial) {
      changed_stamp_[v] = serial;
      changed_nodes_.push_back(v);
      changed_before_.insert(changed_before_.end(), map_.begin() + slot(v, 0), map_.begin() + slot(v, 0) + directions_);
    }
    map_[s] = (map & ~dropped) | added;
  }

  // A switch re-assigns outgoing directions among incoming ones: the same
  // outgoing directions, each fed as often as before.
  for (size_t k = 0; k < changed_nodes_.size(); ++k) {
    const NodeId v = changed_nodes_[k];
    const uint32_t* before = &changed_before_[k * directions_];
    uint32_t* after = &map_[slot(v, 0)];
    // A side that starts feeding direction d may take over from a side that
    // stopped without it showing (what it skipped was already held there).
    for (uint32_t in = 0; in < directions_; ++in) {
      const uint32_t added = after[in] & ~before[in];
      for (uint32_t other = 0; other < directions_; ++other) {
        const uint32_t s = slot(v, other);
        if (other == in || previous_[s].stamp != serial - 1) continue;
        const uint32_t sent = sent_stamp_[s] == serial ? sent_[s] : 0;
        after[other] &= ~(added & before[other] & ~sent);
      }
    }
    uint32_t union_before = 0, union_after = 0;
    int feeds_before = 0, feeds_after = 0;
    std::string what;
    for (uint32_t in = 0; in < directions_; ++in) {
      union_before |= before[in], union_after |= after[in];
      feeds_before += std::popcount(before[in]), feeds_after += std::popcount(after[in]);
      if (before[in] != after[in])
        what += fmt::format("{}from {}: {} (was {})", what.empty() ? "" : "; ", direction_name(in ^ 1U),
                            mask_names(after[in]), mask_names(before[in]));
    }
    const bool is_switch = union_before == union_after && feeds_before == feeds_after;
    ForwardingEvent& first = is_switch ? report_.first_switch : report_.first_change;
    if (first.node == no_node) first = {v, step_number, what};
    if (!is_switch) {
      ++report_.changes;
      continue;
    }
    ++report_.switches;
    if (report_.switch_step_count == 0 || last_switch_step_ != step_number) {
      last_switch_step_ = step_number;
      ++report_.switch_step_count;
      if (report_.switch_steps.size() < listed_switch_steps) report_.switch_steps.push_back(step_number);
    }
  }

  std::swap(previous_, current_);
  std::swap(previous_slots_, current_slots_);
  current_slots_.clear();
}

ForwardingReport Forwarding::report() const {
  ForwardingReport r = report_;
  r.analysed = enabled_;
  if (r.changes || r.held_back) r.kind = ForwardingClass::time_dependent;
  else if (r.switches) r.kind = ForwardingClass::switching;
  return r;
}

}  // namespace schedcheck
