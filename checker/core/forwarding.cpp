// Forwarding: the time-independence analysis, one pass with two steps of arrivals in memory.
#include "forwarding.hpp"

#include <algorithm>
#include <bit>
#include <utility>

#include <fmt/format.h>

namespace schedcheck {

namespace {

// Above this many (node, direction) slots the analysis would need hundreds of
// MiB; the verdict then says it was not analysed.
constexpr uint64_t max_slots = uint64_t{1} << 22;
constexpr size_t listed_switch_steps = 16;
// In sent_: the arrival was one of several of the same packet; the sends
// are those of the packet, judged with the other arrivals (duplicates_).
constexpr uint32_t forwarded_as_duplicate = 1U << 31;

}  // namespace

std::string to_string(ForwardingClass kind) {
  switch (kind) {
    case ForwardingClass::time_independent: return "time-independent";
    case ForwardingClass::switching: return "switching";
    case ForwardingClass::time_dependent: return "time-dependent";
  }
  return "?";
}

namespace {
// log2 of the slots a node takes: its 2k directions padded to a power of two, at least 4.
uint32_t lane_shift(const Topology& topology) { return std::max(2U, std::bit_width(2 * topology.dimensions() - 1)); }
}  // namespace

uint64_t Forwarding::slot_count(const Topology& topology, bool store_and_forward) {
  // A slot's map holds 16 directions: 8 dimensions.
  if (!store_and_forward || !topology.is_grid() || topology.dimensions() > 8) return 0;
  if (uint64_t{topology.node_count()} * 2 * topology.dimensions() > max_slots) return 0;
  return uint64_t{topology.node_count()} << lane_shift(topology);
}

uint64_t Forwarding::bytes_needed(const Topology& topology, bool store_and_forward) {
  const uint64_t slots = slot_count(topology, store_and_forward);
  // Per slot its state, two arrivals and its place in the two lists of arrivals; per node a stamp.
  return slots == 0 ? 0
                    : slots * (sizeof(Slot) + 4 * sizeof(uint32_t)) + uint64_t{topology.node_count()} * sizeof(uint32_t);
}

Forwarding::Forwarding(const Topology& topology, const Collective& collective, bool store_and_forward)
    : topology_(topology), collective_(collective) {
  const uint64_t slots = slot_count(topology, store_and_forward);
  if (slots == 0) return;
  directions_ = 2 * topology.dimensions();
  all_directions_ = (1U << directions_) - 1;
  lane_shift_ = lane_shift(topology);
  enabled_ = true;
  slots_.resize(slots);
  for (auto& arrivals : arrivals_) arrivals.assign(slots, no_arrival);
  previous_slots_.resize(slots);
  current_slots_.resize(slots);
  changed_stamp_.resize(topology.node_count(), no_stamp);
}

std::string Forwarding::direction_name(uint32_t direction) const {
  return fmt::format("{}{}", direction % 2 ? '-' : '+', direction / 2 + 1);
}

std::string Forwarding::mask_names(uint32_t mask) const { return mask == 0 ? "nothing" : names(mask, " ", 0); }

// The sides a packet came from are named by the direction back to them.
std::string Forwarding::from_names(uint32_t sides) const { return names(sides, " and ", 1); }

std::string Forwarding::names(uint32_t mask, const char* separator, uint32_t flip) const {
  std::string s;
  for (uint32_t d = 0; d < directions_; ++d)
    if (mask >> d & 1U) s.append(s.empty() ? "" : separator).append(direction_name(d ^ flip));
  return s;
}

void Forwarding::several_sides(NodeId from, uint32_t sides, uint32_t direction) {
  // One entry per group: its first send finds the sides not yet marked.
  const uint32_t first = slot(from, static_cast<uint32_t>(std::countr_zero(sides)));
  if (!(slots_[first].sent & forwarded_as_duplicate)) duplicates_.push_back({from, sides});
  for (uint32_t in = 0; in < directions_; ++in)
    if (sides >> in & 1U) slots_[slot(from, in)].sent |= forwarded_as_duplicate | 1U << direction;
}

void Forwarding::held_back(NodeId from, uint64_t step_number) {
  ++report_.held_back;
  if (report_.first_change.node == no_node)
    report_.first_change = {from, step_number,
                            fmt::format("holds a packet back: sends it later than the step after it arrived")};
}

uint32_t Forwarding::missing_where_not_sent(NodeId v, MessageId m, uint32_t sent, uint32_t ask,
                                            const Knowledge& knowledge) const {
  uint32_t missing = 0;
  for (uint32_t unsent = ask & ~sent & all_directions_; unsent != 0; unsent &= unsent - 1) {
    const auto d = static_cast<uint32_t>(std::countr_zero(unsent));
    NodeId neighbour = no_node;
    topology_.grid_step(v, d / 2, d % 2 == 1, neighbour);
    if (neighbour != no_node && !knowledge.holds(neighbour, m)) missing |= 1U << d;
  }
  return missing;
}

void Forwarding::learn(NodeId v, uint32_t in, uint32_t in_map, uint32_t out_of_map, uint32_t serial) {
  const uint32_t s = slot(v, in);
  const uint32_t known_in = slots_[s].known & slots_[s].map, known_out = slots_[s].known & ~slots_[s].map;
  if ((in_map & known_out) | (out_of_map & known_in)) {
    if (changed_stamp_[v] != serial) {
      changed_stamp_[v] = serial;
      changed_nodes_.push_back(v);
      for (uint32_t d = 0; d < directions_; ++d) changed_before_.push_back(slots_[slot(v, d)].map);
      forget_open_duplicates(v);  // they were about the maps before this change
    }
  }
  slots_[s].map = static_cast<uint16_t>((slots_[s].map | in_map) & ~out_of_map);
  slots_[s].known = static_cast<uint16_t>(slots_[s].known | in_map | out_of_map);
  if (open_.empty()) return;
  for (uint32_t j = 0; j < directions_; ++j) {
    if (!((in_map | out_of_map) >> j & 1U)) continue;
    const auto it = open_.find(slot(v, j));
    if (it == open_.end()) continue;
    std::vector<OpenDuplicate>& open = it->second;
    for (size_t k = 0; k < open.size();) {
      if (!(open[k].sides >> in & 1U)) {
        ++k;
        continue;
      }
      bool settled = in_map >> j & 1U;  // this side forwards it: explained
      if (!settled) {
        uint32_t unknown = 0;
        for (uint32_t side = 0; side < directions_; ++side)
          if ((open[k].sides >> side & 1U) && !(slots_[slot(v, side)].known >> j & 1U)) unknown |= 1U << side;
        if (unknown == 0) {  // every side is now known not to forward it there
          unexplained(v, j, open[k]);
          settled = true;
        }
      }
      if (settled) {
        open[k] = open.back();
        open.pop_back();
      } else {
        ++k;
      }
    }
    if (open.empty()) open_.erase(it);
  }
}

void Forwarding::forget_open_duplicates(NodeId v) {
  if (open_.empty()) return;
  for (uint32_t j = 0; j < directions_; ++j) open_.erase(slot(v, j));
}

void Forwarding::unexplained(NodeId v, uint32_t direction, const OpenDuplicate& d) {
  ++report_.changes;
  if (report_.first_change.node == no_node)
    report_.first_change = {v, d.step_number,
                            fmt::format("sends on to {} a packet that came from {} at once, which no side's map "
                                        "sends there",
                                        direction_name(direction), from_names(d.sides))};
}

// A packet that arrived from several sides at once and was forwarded: the
// directions it went are in the map of at least one of those sides. If
// none is known to send there yet, the question stays open until one is.
void Forwarding::forwarded_duplicates(uint32_t serial, uint64_t step_number, const Knowledge& knowledge) {
  // What the sides do not forward first, so that every change of this step
  // is known before any side is asked to take a direction over.
  for (const Duplicate& d : duplicates_) {
    const uint32_t first = slot(d.node, static_cast<uint32_t>(std::countr_zero(d.sides)));
    const uint32_t sent = slots_[first].sent & ~forwarded_as_duplicate;  // the same in every side's slot
    const uint32_t missing = missing_where_not_sent(d.node, previous(first, serial), sent, ~0U, knowledge);
    for (uint32_t in = 0; in < directions_; ++in)
      if (d.sides >> in & 1U) learn(d.node, in, 0, missing, serial);
  }
  for (const Duplicate& d : duplicates_) {
    const uint32_t first = slot(d.node, static_cast<uint32_t>(std::countr_zero(d.sides)));
    const uint32_t sent = slots_[first].sent & ~forwarded_as_duplicate;
    for (uint32_t j = 0; j < directions_; ++j) {
      if (!(sent >> j & 1U)) continue;
      uint32_t unknown = 0;
      bool explained = false;
      for (uint32_t in = 0; in < directions_; ++in) {
        if (!(d.sides >> in & 1U)) continue;
        const uint32_t s = slot(d.node, in);
        if (!(slots_[s].known >> j & 1U)) unknown |= 1U << in;
        else if (slots_[s].map >> j & 1U) explained = true;
      }
      if (explained) continue;
      if (unknown == 0) {  // every side's map is known not to send there: a change
        learn(d.node, static_cast<uint32_t>(std::countr_zero(d.sides)), 1U << j, 0, serial);
        continue;
      }
      if (changed_stamp_[d.node] == serial) {
        // The PU re-assigns directions in this step: one of these sides
        // takes this one over (a switch, if nothing else changes).
        learn(d.node, static_cast<uint32_t>(std::countr_zero(unknown)), 1U << j, 0, serial);
        continue;
      }
      std::vector<OpenDuplicate>& open = open_[slot(d.node, j)];
      const bool listed = std::any_of(open.begin(), open.end(), [&](const OpenDuplicate& o) { return o.sides == unknown; });
      if (!listed) open.push_back({unknown, step_number});
    }
  }
}

void Forwarding::end_step(uint32_t serial, uint64_t step_number, const Knowledge& knowledge) {
  if (!enabled_) return;
  changed_nodes_.clear();
  changed_before_.clear();
  for (size_t i = 0; i < previous_count_; ++i) {
    const uint32_t s = previous_slots_[i];
    const uint32_t sent = slots_[s].sent;
    if (sent & forwarded_as_duplicate) continue;
    // Only what is or may be in the map needs asking, and never the sender.
    const NodeId v = s >> lane_shift_;
    const uint32_t in = s & ((1U << lane_shift_) - 1);
    const Slot& here = slots_[s];
    const uint32_t ask = (here.map | ~here.known) & ~(1U << (in ^ 1U));
    // Sends the map is known to make, and nothing left to ask: this step
    // teaches nothing, as in most steps once a schedule's maps are known.
    if ((ask & ~sent & all_directions_) == 0 && (sent & ~(here.map & here.known)) == 0 && open_.empty()) continue;
    learn(v, in, sent, missing_where_not_sent(v, previous(s, serial), sent, ask, knowledge), serial);
  }
  forwarded_duplicates(serial, step_number, knowledge);
  duplicates_.clear();

  // A switch re-assigns outgoing directions among incoming ones: the same
  // outgoing directions, each fed as often as before.
  for (size_t k = 0; k < changed_nodes_.size(); ++k) {
    const NodeId v = changed_nodes_[k];
    const uint32_t* before = &changed_before_[k * directions_];
    Slot* after = &slots_[slot(v, 0)];
    // A side that starts feeding direction d may take over from a side that
    // stopped without it showing (what it skipped was already held there).
    for (uint32_t in = 0; in < directions_; ++in) {
      const uint32_t added = after[in].map & ~before[in];
      for (uint32_t other = 0; other < directions_; ++other) {
        const uint32_t s = slot(v, other);
        if (other == in || previous(s, serial) == no_arrival) continue;
        const uint32_t sent = slots_[s].sent & ~forwarded_as_duplicate;
        after[other].map = static_cast<uint16_t>(after[other].map & ~(added & before[other] & ~sent));
      }
    }
    uint32_t union_before = 0, union_after = 0;
    int feeds_before = 0, feeds_after = 0;
    for (uint32_t in = 0; in < directions_; ++in) {
      union_before |= before[in], union_after |= after[in].map;
      feeds_before += std::popcount(before[in]), feeds_after += std::popcount(after[in].map);
    }
    const bool is_switch = union_before == union_after && feeds_before == feeds_after;
    ForwardingEvent& first = is_switch ? report_.first_switch : report_.first_change;
    if (first.node == no_node) {  // the report names the first event of each kind only
      first = {v, step_number, {}};
      for (uint32_t in = 0; in < directions_; ++in)
        if (before[in] != after[in].map)
          first.what += fmt::format("{}from {}: {} (was {})", first.what.empty() ? "" : "; ",
                                    direction_name(in ^ 1U), mask_names(after[in].map), mask_names(before[in]));
    }
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

  // Where at least a quarter of the slots had an arrival, as in every step
  // of a gossip, a sweep in memory order clears them faster than the list,
  // whose order is the transfers' and whose slots have left the cache since.
  std::vector<MessageId>& previous_arrivals = arrivals_[(serial - 1) & 1];
  if (previous_count_ * 4 >= slots_.size()) {
    std::fill(previous_arrivals.begin(), previous_arrivals.end(), no_arrival);
    for (Slot& each : slots_) each.sent = 0;
  } else {
    for (size_t i = 0; i < previous_count_; ++i) {
      const uint32_t s = previous_slots_[i];
      previous_arrivals[s] = no_arrival;
      slots_[s].sent = 0;
    }
  }
  std::swap(previous_slots_, current_slots_);
  previous_count_ = std::exchange(current_count_, 0);
}

ForwardingReport Forwarding::report() const {
  ForwardingReport r = report_;
  r.analysed = enabled_;
  if (r.changes || r.held_back) r.kind = ForwardingClass::time_dependent;
  else if (r.switches) r.kind = ForwardingClass::switching;
  return r;
}

}  // namespace schedcheck
