// Translation-invariant gossip: a depth-first enumeration of one packet's spread, fixing a side's map when the spread first arrives from it.
#include "translation_invariant_gossip.hpp"

#include <array>
#include <vector>

#include <fmt/format.h>

namespace schedcheck::search {

namespace {

constexpr uint32_t unset = UINT32_MAX;
constexpr uint32_t max_directions = 16;  // 8 dimensions

class Spread {
 public:
  Spread(const Grid& grid, uint32_t steps, const EnumerationBudget& budget)
      : grid_(grid), steps_(steps), budget_(budget), nodes_count_(grid.node_count()),
        directions_(2 * grid.dimensions()), held_(nodes_count_, 0), sends_(steps + 1),
        // A step sends at most once in each direction, so its senders make at
        // most directions^2 candidate sends, to as many PUs.
        groups_(steps + 1, std::vector<Group>(directions_ * directions_)), group_count_(steps + 1, 0) {
    // Side `directions_` stands for the origin's own packet: its map is the injection.
    maps_.assign(directions_ + 1, unset);
    for (uint32_t v = 0; v < nodes_count_; ++v)
      for (uint32_t j = 0; j < directions_; ++j)
        neighbours_.push_back(static_cast<uint32_t>(grid.neighbour(v, j / 2, j % 2 == 1)));
  }

  Outcome run() {
    held_[0] = 1;
    held_count_ = 1;
    sends_[0] = {{0, directions_, 0}};  // step 1's frontier: the origin, holding its own packet
    if (held_count_ == nodes_count_) return Outcome::sat;
    if (steps_ == 0) return Outcome::unsat;
    // Without duplicates first: a far smaller search that finds most of the
    // class's schedules (3x7 in 6 steps is one that needs them).
    for (const bool duplicates : {false, true}) {
      duplicates_ = duplicates;
      if (assign_maps(1, 0)) return Outcome::sat;
      if (out_of_budget_) return Outcome::unknown;
    }
    return Outcome::unsat;
  }

  uint64_t nodes() const { return nodes_; }

  // Every origin's translate of the spread: PU o + x sends o's packet where x sends the origin's.
  std::string witness() const {
    std::string s;
    for (uint32_t t = 1; t <= steps_; ++t) {
      s += fmt::format("step {}\n", t);
      for (uint32_t o = 0; o < nodes_count_; ++o)
        for (const Send& send : sends_[t])
          s += transfer_line(grid_, grid_.translate(send.from, o), send.direction / 2, send.direction % 2 == 1, o);
    }
    return s;
  }

 private:
  // One send of the origin's packet, from `from` over direction `direction` to `to`.
  struct Send {
    uint32_t from, direction, to;
  };

  bool within_budget() {
    ++nodes_;
    if (out_of_budget_) return false;
    if (nodes_ > budget_.max_nodes ||
        ((nodes_ & 0xfff) == 0 && std::chrono::steady_clock::now() > budget_.deadline))
      out_of_budget_ = true;
    return !out_of_budget_;
  }

  // The torus's symmetries that fix the origin (a reflection of each
  // dimension; a permutation of dimensions of the same size) carry a
  // schedule of the class to another, so one injection of each orbit is
  // enough: none only in the - direction of a dimension, and along sides of
  // one size, dimensions in order of non-increasing (none < + < both).
  // Along a side of 2 both directions reach the same neighbour: without
  // duplicates one of them is enough there (the reflection takes - to +);
  // with them, both (each non-empty subset is tried) cover one.
  bool canonical_injection(uint32_t mask) const {
    auto state = [&](uint32_t d) { return mask >> (2 * d) & 3U; };
    for (uint32_t d = 0; d < grid_.dimensions(); ++d) {
      if (state(d) == 2 || (grid_.sizes[d] == 2 && state(d) == (duplicates_ ? 1U : 3U))) return false;
      for (uint32_t e = d + 1; e < grid_.dimensions(); ++e)
        if (grid_.sizes[d] == grid_.sizes[e] && state(d) < state(e)) return false;
    }
    return true;
  }

  // Along a side of 2 a map holds both directions or neither: with both, each
  // use sends on one of them or (with duplicates) both, each choice tried,
  // which covers a map with one. Along the side of 2 the packet came from,
  // both lead back to the sender, which holds it: nothing, or with
  // duplicates the other parallel link.
  bool useful_map(uint32_t side, uint32_t mask) const {
    for (uint32_t d = 0; d < grid_.dimensions(); ++d) {
      if (grid_.sizes[d] != 2) continue;
      const uint32_t pair = mask >> (2 * d) & 3U;
      if (side / 2 == d ? pair != 0 && !duplicates_ : pair == 1 || pair == 2) return false;
    }
    return true;
  }

  // Fixes the maps of the frontier's sides from its i-th PU on, then chooses the step's sends.
  bool assign_maps(uint32_t t, size_t i) {
    const std::vector<Send>& frontier = sends_[t - 1];
    if (i == frontier.size()) return choose_sends(t);
    const uint32_t side = frontier[i].direction;
    if (maps_[side] != unset) return assign_maps(t, i + 1);
    // Never straight back over the link the packet came by: the class leaves
    // it out (with it, 6x6 in 11 steps takes 2.3e9 choices, and no torus it
    // was tried on had a schedule of fewer steps).
    const uint32_t back = side == directions_ ? 0 : 1U << (side ^ 1U);
    for (uint32_t mask = 0; mask < (1U << directions_); ++mask) {
      if (mask & back) continue;
      if (side == directions_ ? mask == 0 || !canonical_injection(mask) : !useful_map(side, mask)) continue;
      if (!within_budget()) break;
      maps_[side] = mask;
      if (assign_maps(t, i + 1)) return true;
    }
    maps_[side] = unset;
    return false;
  }

  // The sends the maps make to one PU. If it lacks the packet, at least one
  // of them sends (without duplicates, exactly one); if it holds it, any of
  // them may (without duplicates, none is a candidate).
  struct Group {
    uint32_t to = 0, size = 0;
    bool held = false;
    std::array<Send, max_directions> sends;
  };

  // Each PU reached takes a direction of its own (one packet per channel), so
  // more PUs to reach than directions fail at once.
  bool choose_sends(uint32_t t) {
    std::vector<Group>& groups = groups_[t];
    uint32_t& count = group_count_[t];
    count = 0;
    uint32_t to_reach = 0;
    for (const Send& f : sends_[t - 1])
      for (uint32_t j = 0; j < directions_; ++j) {
        if (!(maps_[f.direction] >> j & 1U)) continue;
        const uint32_t to = neighbours_[size_t{f.to} * directions_ + j];
        // Never back to the origin: it holds the packet, and sending its own
        // packet on after step 1 would be holding it back (property 9).
        if ((held_[to] && !duplicates_) || to == 0) continue;
        uint32_t g = 0;
        while (g < count && groups[g].to != to) ++g;
        if (g == count) {
          if (!held_[to] && ++to_reach > directions_) return false;
          groups[g].to = to;
          groups[g].size = 0;
          groups[g].held = held_[to] != 0;
          ++count;
        }
        bool listed = false;  // a PU that arrived from two sides in the last step may list a send twice
        for (uint32_t k = 0; k < groups[g].size; ++k)
          listed = listed || (groups[g].sends[k].from == f.to && groups[g].sends[k].direction == j);
        if (!listed) groups[g].sends[groups[g].size++] = {f.to, j, to};
      }
    sends_[t].clear();
    return pick(t, 0, 0, 0, false);
  }

  // Send k of group g, and the rest: leaving a send out is tried first where
  // the group needs no more, so that schedules with fewer duplicates come first.
  bool pick(uint32_t t, uint32_t g, uint32_t k, uint32_t used, bool sent) {
    const std::vector<Group>& groups = groups_[t];
    if (g == group_count_[t]) return commit(t);
    const Group& group = groups[g];
    if (k == group.size) return (sent || group.held) && pick(t, g + 1, 0, used, false);
    const Send& s = group.sends[k];
    const bool may_send = !(used >> s.direction & 1U) && (duplicates_ || !sent);
    const bool leave_first = sent || group.held;
    if (leave_first && within_budget() && pick(t, g, k + 1, used, sent)) return true;
    if (may_send && within_budget()) {
      sends_[t].push_back(s);
      if (pick(t, g, k + 1, used | 1U << s.direction, true)) return true;
      sends_[t].pop_back();
    }
    return !leave_first && within_budget() && pick(t, g, k + 1, used, sent);
  }

  bool commit(uint32_t t) {
    uint32_t reached = 0;
    for (const Send& s : sends_[t])
      if (!held_[s.to]) held_[s.to] = t + 1, ++reached;
    held_count_ += reached;
    bool done = held_count_ == nodes_count_;
    if (done) {
      for (uint32_t later = t + 1; later <= steps_; ++later) sends_[later].clear();
    } else if (t < steps_ && !sends_[t].empty() &&
               uint64_t{nodes_count_ - held_count_} <= uint64_t{directions_} * (steps_ - t)) {
      done = assign_maps(t + 1, 0);  // each later step reaches at most one PU per direction
    }
    if (!done) {
      for (const Send& s : sends_[t])
        if (held_[s.to] == t + 1) held_[s.to] = 0;
      held_count_ -= reached;
    }
    return done;
  }

  const Grid& grid_;
  uint32_t steps_;
  EnumerationBudget budget_;
  uint32_t nodes_count_, directions_;
  std::vector<uint32_t> neighbours_;  // [v * directions + j]
  std::vector<uint32_t> maps_;        // per side (and the injection): directions, or unset
  // Per PU (as a position relative to the origin): the step it first holds
  // the origin's packet in, plus 1; 0 while it lacks it.
  std::vector<uint32_t> held_;
  uint32_t held_count_ = 0;
  std::vector<std::vector<Send>> sends_;  // [t]: step t's sends of the origin's packet
  std::vector<std::vector<Group>> groups_;  // [t]: step t's candidate sends, by the PU they go to
  std::vector<uint32_t> group_count_;       // [t]: how many of groups_[t] are in use
  bool duplicates_ = false;  // whether a packet may reach a PU again (the second pass)
  uint64_t nodes_ = 0;
  bool out_of_budget_ = false;
};

}  // namespace

TranslationInvariantResult translation_invariant_gossip(const Grid& grid, uint32_t steps,
                                                        const EnumerationBudget& budget) {
  TranslationInvariantResult result;
  if (!grid.wraps || grid.dimensions() == 0 || grid.dimensions() > 8) return result;
  Spread spread(grid, steps, budget);
  result.outcome = spread.run();
  result.nodes = spread.nodes();
  if (result.outcome == Outcome::sat) result.witness = spread.witness();
  return result;
}

}  // namespace schedcheck::search
