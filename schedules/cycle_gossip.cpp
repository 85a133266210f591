// Cycle gossip: checks the cycles, picks every off-cycle PU's feeders, orients the feeders' choices, writes the steps.
#include "cycle_gossip.hpp"

#include <algorithm>
#include <stdexcept>

#include <fmt/format.h>

namespace schedcheck::gen {

namespace {

constexpr uint64_t none = UINT64_MAX;

uint64_t mod(int64_t x, uint64_t n) {
  const int64_t m = static_cast<int64_t>(n);
  return static_cast<uint64_t>(((x % m) + m) % m);
}

uint64_t cyclic_distance(uint64_t a, uint64_t b, uint64_t n) {
  const uint64_t d = a > b ? a - b : b - a;
  return std::min(d, n - d);
}

}  // namespace

CycleGossip::CycleGossip(Torus torus, CyclePlan plan, Supply supply)
    : torus_(std::move(torus)), plan_(std::move(plan)), supply_(supply) {
  check_cycles();
  choose_feeds();
}

// The cycles must be simple and share no link: each carries a packet each
// way on each of its links in every step.
void CycleGossip::check_cycles() {
  const uint32_t directions = 2 * torus_.dimensions();
  plan_.slot_start.resize(plan_.cycles.size());
  if (plan_.directions.size() != plan_.cycles.size() || plan_.packets.size() != plan_.cycles.size())
    throw std::runtime_error("the plan needs directions and packets for every cycle");
  std::vector<uint8_t> used(torus_.node_count() * directions, 0);
  forward_direction_.resize(plan_.cycles.size());
  for (size_t c = 0; c < plan_.cycles.size(); ++c) {
    const auto& cycle = plan_.cycles[c];
    if (cycle.size() < 3) throw std::runtime_error(fmt::format("cycle {} has fewer than 3 PUs", c));
    std::vector<uint8_t> seen(torus_.node_count(), 0);
    for (size_t i = 0; i < cycle.size(); ++i) {
      const uint64_t v = cycle[i], u = cycle[(i + 1) % cycle.size()];
      if (seen[v]++) throw std::runtime_error(fmt::format("cycle {} visits PU {} twice", c, v));
      const uint32_t d = plan_.directions[c][i];
      if (torus_.neighbour(v, d) != u) throw std::runtime_error(fmt::format("cycle {} does not step from {} to {}", c, v, u));
      if (used[v * directions + d] || used[u * directions + (d ^ 1U)])
        throw std::runtime_error(fmt::format("cycle {} uses the link {} -> {} another cycle uses", c, v, u));
      used[v * directions + d] = used[u * directions + (d ^ 1U)] = 1;
      forward_direction_[c].push_back(d);
    }
    const auto& starts = plan_.slot_start[c];
    const bool one_each = starts.empty() && plan_.packets[c].size() == cycle.size();
    const bool ranges = starts.size() == cycle.size() + 1 && starts.front() == 0 &&
                        starts.back() == plan_.packets[c].size() && std::is_sorted(starts.begin(), starts.end()) &&
                        std::adjacent_find(starts.begin(), starts.end()) == starts.end();
    if (!one_each && !ranges) throw std::runtime_error(fmt::format("cycle {}: every PU on it must inject a packet", c));
  }
}

void CycleGossip::choose_feeds() {
  const uint32_t directions = 2 * torus_.dimensions();
  const uint64_t nodes = torus_.node_count();
  std::vector<uint8_t> busy(nodes * directions, 0);  // channels carrying cycle traffic or a feed
  std::vector<std::vector<std::pair<uint32_t, uint64_t>>> on(nodes);  // (cycle, position)
  for (size_t c = 0; c < plan_.cycles.size(); ++c) {
    const auto& cycle = plan_.cycles[c];
    for (size_t i = 0; i < cycle.size(); ++i) {
      on[cycle[i]].push_back({static_cast<uint32_t>(c), i});
      const uint32_t d = forward_direction_[c][i];
      busy[cycle[i] * directions + d] = 1;
      busy[cycle[(i + 1) % cycle.size()] * directions + (d ^ 1U)] = 1;
    }
  }

  struct Pending {
    uint64_t fed;
    Feed first, second;
    uint64_t separation;  // position of first minus position of second, modulo the length
  };
  std::vector<Pending> pending;
  for (uint64_t v = 0; v < nodes; ++v) {
    for (uint32_t c = 0; c < plan_.cycles.size(); ++c) {
      if (std::any_of(on[v].begin(), on[v].end(), [&](auto& p) { return p.first == c; })) continue;
      const uint64_t length = plan_.cycles[c].size();
      std::vector<Feed> candidates;
      for (uint32_t d = 0; d < directions; ++d) {
        const uint64_t u = torus_.neighbour(v, d);
        const uint32_t back = d ^ 1U;  // the channel u -> v
        if (busy[u * directions + back]) continue;
        for (auto& [cu, position] : on[u])
          if (cu == c && std::none_of(candidates.begin(), candidates.end(), [&](const Feed& f) { return f.feeder == u; }))
            candidates.push_back({u, back, c, position, slot_start(c, position), nullptr});
      }
      if (candidates.size() < 2)
        throw std::runtime_error(fmt::format("PU {} is off cycle {} and has {} free neighbour(s) on it, not 2", v, c,
                                             candidates.size()));
      // Switching needs fewer switches the farther apart the feeders are;
      // without switching the wait grows with their distance.
      size_t best_i = 0, best_j = 1;
      uint64_t best = 0;
      bool found = false;
      for (size_t i = 0; i < candidates.size(); ++i)
        for (size_t j = i + 1; j < candidates.size(); ++j) {
          const uint64_t d = cyclic_distance(candidates[i].position, candidates[j].position, length);
          const bool better = supply_ == Supply::switching ? d > best : d < best;
          if (!found || better) best = d, best_i = i, best_j = j, found = true;
        }
      Feed a = candidates[best_i], b = candidates[best_j];
      busy[a.feeder * directions + a.direction] = busy[b.feeder * directions + b.direction] = 1;
      pending.push_back({v, a, b, mod(static_cast<int64_t>(a.position) - static_cast<int64_t>(b.position), length)});
    }
  }

  // Circulation: half the slots others inject suffices with switching
  // (floor(L/2) with one packet each); without it, the feeders' two streams
  // must overlap all round the cycle.
  circulation_.assign(plan_.cycles.size(), 0);
  for (uint32_t c = 0; c < plan_.cycles.size(); ++c) {
    uint64_t fewest = UINT64_MAX;  // slots a PU injects
    for (uint64_t i = 0; i < plan_.cycles[c].size(); ++i)
      fewest = std::min(fewest, slot_start(c, i + 1) - slot_start(c, i));
    circulation_[c] = static_cast<uint32_t>((slots(c) - fewest + 1) / 2);
  }
  if (supply_ == Supply::time_independent) {
    uint32_t longest = 0;
    for (const Pending& p : pending) {
      if (!one_slot_each(p.first.cycle)) continue;
      const uint64_t length = plan_.cycles[p.first.cycle].size();
      const uint64_t g = std::min(p.separation, length - p.separation);
      longest = std::max<uint32_t>(longest, static_cast<uint32_t>((length + g) / 2));
    }
    for (auto& c : circulation_) c = std::max(c, longest);
  }
  if (plan_.until_complete && pending.empty()) {
    // Every PU is on every cycle: stop as soon as the cycles together have
    // brought every packet to every PU (Meyer-Sibeyn Section 2's setting).
    const uint32_t complete = steps_until_complete();
    for (auto& c : circulation_) c = complete;
  }
  steps_ = *std::max_element(circulation_.begin(), circulation_.end());
  if (std::any_of(pending.begin(), pending.end(), [&](const Pending& p) { return one_slot_each(p.first.cycle); }))
    ++steps_;
  // Feeders that may hold packets: the fewest steps in which they can pass
  // on every slot (at least half the slots, each feeder passing one a step).
  for (const Pending& p : pending) {
    const uint32_t c = p.first.cycle;
    if (one_slot_each(c)) continue;
    uint32_t last = std::max<uint32_t>(steps_, static_cast<uint32_t>((slots(c) + 1) / 2));
    while (matched(c, p.first, p.second, last, true).empty()) ++last;
    steps_ = last;
  }

  for (const Pending& p : pending) {
    const uint32_t c = p.first.cycle;
    const uint64_t length = plan_.cycles[c].size();
    Feed a = p.first, b = p.second;
    if (one_slot_each(c)) {
      a.offsets = &choices(length, p.separation, true);
      b.offsets = &choices(length, p.separation, false);
    } else {
      a.offsets = &matched(c, p.first, p.second, steps_, true);
      b.offsets = &matched(c, p.first, p.second, steps_, false);
    }
    feeds_.push_back(a);
    feeds_.push_back(b);
  }
}

// The choices of two feeders A and B, A `separation` positions ahead of B on a
// cycle of `length`. Feeder X receives, in step t, the packets that started t
// positions behind and ahead of it. Each packet is thus offered in exactly one
// step by A and one by B: a graph on the (feeder, step) slots with one edge
// per packet and at most two edges per slot. Its components are paths and
// cycles, so every packet can be given its own slot: walk each component from
// an end and give every edge to the slot it leads to.
const std::vector<int64_t>& CycleGossip::choices(uint64_t length, uint64_t separation, bool first) {
  auto [it, inserted] = choice_cache_.try_emplace({length, separation});
  auto& [choice_a, choice_b] = it->second;
  if (!inserted) return first ? choice_a : choice_b;

  const uint64_t a_pos = separation, b_pos = 0;
  if (supply_ == Supply::time_independent) {
    // The feeder ahead passes on what comes from behind (the stretch between
    // them first), the one behind what comes from ahead.
    const bool a_ahead = separation <= length - separation;
    for (int64_t t = 0; t < steps_; ++t) {
      choice_a.push_back(a_ahead ? -t : t);
      choice_b.push_back(a_ahead ? t : -t);
    }
    return first ? choice_a : choice_b;
  }

  const uint64_t h = length / 2;
  const uint64_t slots = 2 * (h + 1);  // A_t is t, B_t is h + 1 + t
  std::vector<std::vector<uint64_t>> edges_of(slots);
  std::vector<std::pair<uint64_t, uint64_t>> edge_slots(length);
  for (uint64_t p = 0; p < length; ++p) {
    const uint64_t sa = cyclic_distance(p, a_pos, length), sb = h + 1 + cyclic_distance(p, b_pos, length);
    edge_slots[p] = {sa, sb};
    edges_of[sa].push_back(p);
    edges_of[sb].push_back(p);
  }
  std::vector<uint64_t> packet_of(slots, none);
  std::vector<uint8_t> assigned(length, 0);
  auto walk = [&](uint64_t start) {
    uint64_t at = start;
    for (;;) {
      uint64_t next_edge = none;
      for (uint64_t e : edges_of[at])
        if (!assigned[e]) next_edge = e;
      if (next_edge == none) return;
      assigned[next_edge] = 1;
      const auto [x, y] = edge_slots[next_edge];
      at = x == at ? y : x;
      packet_of[at] = next_edge;
    }
  };
  // Paths first, from the end with the latest slot, so the slot left idle is a late one.
  std::vector<uint64_t> ends;
  for (uint64_t s = 0; s < slots; ++s)
    if (edges_of[s].size() == 1) ends.push_back(s);
  std::sort(ends.begin(), ends.end(), [&](uint64_t x, uint64_t y) { return x % (h + 1) > y % (h + 1); });
  for (uint64_t s : ends) walk(s);
  for (uint64_t s = 0; s < slots; ++s) walk(s);  // what is left are cycles

  // As offsets from the feeder's own packet: -t came forwards, +t backwards.
  choice_a.assign(h + 1, no_packet);
  choice_b.assign(h + 1, no_packet);
  for (int64_t t = 0; t <= static_cast<int64_t>(h); ++t) {
    if (uint64_t p = packet_of[t]; p != none) choice_a[t] = p == mod(static_cast<int64_t>(a_pos) - t, length) ? -t : t;
    if (uint64_t p = packet_of[h + 1 + t]; p != none) choice_b[t] = p == mod(-t, length) ? -t : t;
  }
  return first ? choice_a : choice_b;
}

// Feeders A and B of a PU off cycle c, where some PUs inject more than one
// packet, so the streams are not one packet per position and the feeders may
// hold packets back. Feeder X, owning the slots [s, e), receives in step t
// slot s - t (forwards) and slot e - 1 + t (backwards), and may pass a slot
// on in any step after it arrived (its own from step 1). Every slot of the
// cycle needs one (feeder, step) pair with step <= last: a bipartite
// matching, started greedily (each feeder first passes the packet the other
// one gets latest) and completed by augmenting paths. Empty if there is none.
const std::vector<int64_t>& CycleGossip::matched(uint32_t c, const Feed& a, const Feed& b, uint32_t last, bool first) {
  const uint64_t n = slots(c);
  auto count = [&](const Feed& f) { return slot_start(c, f.position + 1) - f.slot; };
  const uint64_t a_start = mod(static_cast<int64_t>(a.slot) - static_cast<int64_t>(b.slot), n);
  const std::vector<uint64_t> key{n, a_start, count(a), count(b), last};
  auto [it, inserted] = match_cache_.try_emplace(key);
  auto& [offsets_a, offsets_b] = it->second;
  if (!inserted) return first ? offsets_a : offsets_b;

  const uint64_t start[2] = {a_start, 0}, owned[2] = {count(a), count(b)};
  std::vector<uint32_t> release[2];  // step from which feeder X holds slot p
  for (int x = 0; x < 2; ++x) {
    release[x].resize(n);
    for (uint64_t p = 0; p < n; ++p) {
      const uint64_t o = mod(static_cast<int64_t>(p) - static_cast<int64_t>(start[x]), n);
      release[x][p] = o < owned[x] ? 1 : static_cast<uint32_t>(1 + std::min(n - o, o - owned[x] + 1));
    }
  }
  // Pair (X, step t) is number X * last + t - 1.
  std::vector<uint64_t> job_of(2 * uint64_t{last}, none), pair_of(n, none);
  for (uint32_t t = 1; t <= last; ++t)
    for (int x = 0; x < 2; ++x) {
      uint64_t best = none;
      for (uint64_t p = 0; p < n; ++p)
        if (pair_of[p] == none && release[x][p] <= t && (best == none || release[1 - x][p] > release[1 - x][best]))
          best = p;
      if (best != none) job_of[pair_of[best] = x * uint64_t{last} + t - 1] = best;
    }
  // Augmenting paths, breadth first from each unplaced slot of the cycle.
  std::vector<uint64_t> came_from(2 * uint64_t{last});
  for (uint64_t p0 = 0; p0 < n; ++p0) {
    if (pair_of[p0] != none) continue;
    std::fill(came_from.begin(), came_from.end(), none);
    std::vector<uint64_t> queue{p0};
    uint64_t free_pair = none;
    for (size_t q = 0; q < queue.size() && free_pair == none; ++q) {
      const uint64_t p = queue[q];
      for (int x = 0; x < 2 && free_pair == none; ++x)
        for (uint32_t t = release[x][p]; t <= last; ++t) {
          const uint64_t pair = x * uint64_t{last} + t - 1;
          if (came_from[pair] != none) continue;
          came_from[pair] = p;
          if (job_of[pair] == none) {
            free_pair = pair;
            break;
          }
          queue.push_back(job_of[pair]);
        }
    }
    if (free_pair == none) {  // no matching with this many steps: leave no entry
      match_cache_.erase(it);
      static const std::vector<int64_t> nothing;
      return nothing;
    }
    for (uint64_t pair = free_pair; pair != none;) {  // shift every job on the path along
      const uint64_t p = came_from[pair];
      const uint64_t previous = pair_of[p];
      pair_of[p] = pair;
      job_of[pair] = p;
      pair = p == p0 ? none : previous;
    }
  }
  for (int x = 0; x < 2; ++x) {
    auto& offsets = x == 0 ? offsets_a : offsets_b;
    offsets.assign(last, no_packet);
    for (uint32_t t = 1; t <= last; ++t)
      if (const uint64_t p = job_of[x * uint64_t{last} + t - 1]; p != none)
        offsets[t - 1] = static_cast<int64_t>(mod(static_cast<int64_t>(p) - static_cast<int64_t>(start[x]), n));
  }
  return first ? offsets_a : offsets_b;
}

// The first step after which every PU holds every message, each packet
// reaching a PU over the nearer side of each cycle through both.
uint32_t CycleGossip::steps_until_complete() const {
  const uint64_t nodes = torus_.node_count();
  const uint64_t messages = nodes * plan_.parts;
  std::vector<std::vector<int64_t>> position(plan_.cycles.size(), std::vector<int64_t>(nodes, -1));
  std::vector<std::vector<int64_t>> injected(plan_.cycles.size(), std::vector<int64_t>(messages, -1));
  for (size_t c = 0; c < plan_.cycles.size(); ++c)
    for (size_t i = 0; i < plan_.cycles[c].size(); ++i) {
      position[c][plan_.cycles[c][i]] = static_cast<int64_t>(i);
      injected[c][plan_.packets[c][i]] = static_cast<int64_t>(i);
    }
  uint64_t worst = 0;
  for (uint64_t v = 0; v < nodes; ++v)
    for (uint64_t m = 0; m < messages; ++m) {
      if (m / plan_.parts == v) continue;
      uint64_t best = UINT64_MAX;
      for (size_t c = 0; c < plan_.cycles.size(); ++c)
        if (position[c][v] >= 0 && injected[c][m] >= 0)
          best = std::min(best, cyclic_distance(static_cast<uint64_t>(position[c][v]),
                                                static_cast<uint64_t>(injected[c][m]), plan_.cycles[c].size()));
      if (best == UINT64_MAX) throw std::runtime_error(fmt::format("no cycle brings message {} to PU {}", m, v));
      worst = std::max(worst, best);
    }
  return static_cast<uint32_t>(worst);
}

void CycleGossip::write(ScheduleText& text) const {
  const uint64_t nodes = torus_.node_count();
  std::vector<std::string> node_names(nodes), message_names(nodes * plan_.parts);
  for (uint64_t v = 0; v < nodes; ++v) {
    node_names[v] = text.node(torus_.coord(v));
    for (uint32_t part = 0; part < plan_.parts; ++part)
      message_names[v * plan_.parts + part] =
          plan_.parts == 1 ? node_names[v] : fmt::format("{}/{}", node_names[v], part);
  }
  std::string lines;  // one step's packets, written at once
  for (uint32_t step = 1; step <= steps_; ++step) {
    text.step();
    lines.clear();
    const int64_t t = step - 1;  // hops the circulating packets have made
    for (size_t c = 0; c < plan_.cycles.size(); ++c) {
      if (step > circulation_[c]) continue;
      const auto& cycle = plan_.cycles[c];
      const auto& packets = plan_.packets[c];
      const uint64_t n = slots(static_cast<uint32_t>(c));
      const bool one_each = one_slot_each(static_cast<uint32_t>(c));
      // Position i, owning slots [s_i, e_i), sends forwards slot e_i - step
      // and backwards slot s_i - 1 + step: its own first, then what arrived
      // the step before (or earlier, behind its own). Both advance with i by
      // the number of slots, wrapping at the end.
      uint64_t forwards = mod(static_cast<int64_t>(slot_start(c, 1)) - 1 - t, n), backwards = mod(t, n);
      for (uint64_t i = 0; i < cycle.size(); ++i) {
        const uint64_t v = cycle[i];
        const uint64_t before = i == 0 ? cycle.size() - 1 : i - 1;
        ScheduleText::append_packet(lines, node_names[v], forward_direction_[c][i],
                                    message_names[packets[forwards]]);
        ScheduleText::append_packet(lines, node_names[v], forward_direction_[c][before] ^ 1U,
                                    message_names[packets[backwards]]);
        if (one_each) {
          if (++forwards == n) forwards = 0;
          if (++backwards == n) backwards = 0;
        } else if (i + 1 < cycle.size()) {
          forwards = (forwards + slot_start(c, i + 2) - slot_start(c, i + 1)) % n;
          backwards = (backwards + slot_start(c, i + 1) - slot_start(c, i)) % n;
        }
      }
    }
    for (const Feed& f : feeds_) {
      if (static_cast<size_t>(t) >= f.offsets->size() || (*f.offsets)[t] == no_packet) continue;
      const uint64_t origin = mod(static_cast<int64_t>(f.slot) + (*f.offsets)[t], slots(f.cycle));
      ScheduleText::append_packet(lines, node_names[f.feeder], f.direction,
                                  message_names[plan_.packets[f.cycle][origin]]);
    }
    text.write(lines);
  }
}

}  // namespace schedcheck::gen
