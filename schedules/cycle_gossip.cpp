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

uint64_t CycleGossip::neighbour(uint64_t v, uint32_t direction) const {
  Coord c = torus_.coord(v);
  c[direction / 2] += direction % 2 ? -1 : 1;
  return torus_.index(c);
}

CycleGossip::CycleGossip(Torus torus, CyclePlan plan, Supply supply)
    : torus_(std::move(torus)), plan_(std::move(plan)), supply_(supply) {
  check_cycles();
  choose_feeds();
}

// The cycles must be simple and share no link: each carries a packet each
// way on each of its links in every step.
void CycleGossip::check_cycles() {
  const uint32_t directions = 2 * torus_.dimensions();
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
      if (neighbour(v, d) != u) throw std::runtime_error(fmt::format("cycle {} does not step from {} to {}", c, v, u));
      if (used[v * directions + d] || used[u * directions + (d ^ 1U)])
        throw std::runtime_error(fmt::format("cycle {} uses the link {} -> {} another cycle uses", c, v, u));
      used[v * directions + d] = used[u * directions + (d ^ 1U)] = 1;
      forward_direction_[c].push_back(d);
    }
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
        const uint64_t u = neighbour(v, d);
        const uint32_t back = d ^ 1U;  // the channel u -> v
        if (busy[u * directions + back]) continue;
        for (auto& [cu, position] : on[u])
          if (cu == c && std::none_of(candidates.begin(), candidates.end(), [&](const Feed& f) { return f.feeder == u; }))
            candidates.push_back({u, back, c, position, nullptr});
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

  // Circulation: half the cycle suffices with switching; without it, the
  // feeders' two streams must overlap all round the cycle.
  circulation_.assign(plan_.cycles.size(), 0);
  for (size_t c = 0; c < plan_.cycles.size(); ++c) circulation_[c] = plan_.cycles[c].size() / 2;
  if (supply_ == Supply::time_independent) {
    uint32_t longest = 0;
    for (const Pending& p : pending) {
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
  steps_ = *std::max_element(circulation_.begin(), circulation_.end()) + (pending.empty() ? 0 : 1);

  for (const Pending& p : pending) {
    const uint64_t length = plan_.cycles[p.first.cycle].size();
    Feed a = p.first, b = p.second;
    a.choice = &choices(length, p.separation, true);
    b.choice = &choices(length, p.separation, false);
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
const std::vector<int8_t>& CycleGossip::choices(uint64_t length, uint64_t separation, bool first) {
  auto [it, inserted] = choice_cache_.try_emplace({length, separation});
  auto& [choice_a, choice_b] = it->second;
  if (!inserted) return first ? choice_a : choice_b;

  const uint64_t a_pos = separation, b_pos = 0;
  if (supply_ == Supply::time_independent) {
    // The feeder ahead passes on what comes from behind (the stretch between
    // them first), the one behind what comes from ahead.
    const bool a_ahead = separation <= length - separation;
    const uint32_t t_max = steps_ - 1;
    choice_a.assign(t_max + 1, a_ahead ? 1 : -1);
    choice_b.assign(t_max + 1, a_ahead ? -1 : 1);
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

  choice_a.assign(h + 1, 0);
  choice_b.assign(h + 1, 0);
  for (uint64_t t = 0; t <= h; ++t) {
    if (uint64_t p = packet_of[t]; p != none) choice_a[t] = p == mod(static_cast<int64_t>(a_pos) - int64_t(t), length) ? 1 : -1;
    if (uint64_t p = packet_of[h + 1 + t]; p != none) choice_b[t] = p == mod(-int64_t(t), length) ? 1 : -1;
  }
  return first ? choice_a : choice_b;
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
      const uint64_t length = cycle.size();
      // The packets at cycle position i came from positions i - t (forwards)
      // and i + t (backwards); both advance with i, wrapping at the end.
      uint64_t forwards = mod(-t, length), backwards = mod(t, length);
      for (uint64_t i = 0; i < length; ++i) {
        const uint64_t v = cycle[i];
        const uint64_t before = i == 0 ? length - 1 : i - 1;
        ScheduleText::append_packet(lines, node_names[v], forward_direction_[c][i],
                                    message_names[packets[forwards]]);
        ScheduleText::append_packet(lines, node_names[v], forward_direction_[c][before] ^ 1U,
                                    message_names[packets[backwards]]);
        if (++forwards == length) forwards = 0;
        if (++backwards == length) backwards = 0;
      }
    }
    for (const Feed& f : feeds_) {
      if (static_cast<size_t>(t) >= f.choice->size() || (*f.choice)[t] == 0) continue;
      const uint64_t length = plan_.cycles[f.cycle].size();
      const int64_t p = static_cast<int64_t>(f.position);
      const uint64_t origin = t == 0 ? f.position : mod((*f.choice)[t] > 0 ? p - t : p + t, length);
      ScheduleText::append_packet(lines, node_names[f.feeder], f.direction,
                                  message_names[plan_.packets[f.cycle][origin]]);
    }
    text.write(lines);
  }
}

}  // namespace schedcheck::gen
