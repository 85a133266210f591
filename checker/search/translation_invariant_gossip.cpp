// Translation-invariant gossip: a depth-first enumeration of one packet's spread, fixing a side's map when the spread first arrives from it.
#include "translation_invariant_gossip.hpp"

#include <fmt/format.h>

#include <array>
#include <vector>

namespace schedcheck::search {

namespace {

constexpr uint32_t unset = UINT32_MAX;
constexpr uint32_t max_directions = 16;  // 8 dimensions

class Spread {
 public:
  Spread(const Grid& grid, uint32_t steps, const EnumerationBudget& budget)
      : grid_(grid), steps_(steps), budget_(budget), nodes_count_(grid.node_count()),
        directions_(2 * grid.dimensions()), held_(nodes_count_, 0), sends_(steps + 1) {
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
    if (assign_maps(1, 0)) return Outcome::sat;
    return out_of_budget_ ? Outcome::unknown : Outcome::unsat;
  }

  uint64_t nodes() const { return nodes_; }

  // Every origin's translate of the spread: PU o + x sends o's packet where x sends the origin's.
  std::string witness() const {
    std::string s;
    for (uint32_t t = 1; t <= steps_; ++t) {
      s += fmt::format("step {}\n", t);
      for (uint32_t o = 0; o < nodes_count_; ++o)
        for (const Send& send : sends_[t])
          s += transfer_line(grid_, translate(send.from, o), send.direction / 2, send.direction % 2 == 1, o);
    }
    return s;
  }

 private:
  // A PU `to` first reached in a step over direction `direction` from `from`.
  struct Send {
    uint32_t from, direction, to;
  };

  uint32_t translate(uint32_t x, uint32_t by) const {
    uint32_t v = 0;
    for (uint32_t d = 0; d < grid_.dimensions(); ++d)
      v += (grid_.coordinate(x, d) + grid_.coordinate(by, d)) % grid_.sizes[d] * grid_.stride(d);
    return v;
  }

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
  // Along a side of 2 both directions reach the same neighbour, so one of
  // them is enough there (the reflection takes - to +).
  bool canonical_injection(uint32_t mask) const {
    auto state = [&](uint32_t d) { return mask >> (2 * d) & 3U; };
    for (uint32_t d = 0; d < grid_.dimensions(); ++d) {
      if (state(d) == 2 || (state(d) == 3 && grid_.sizes[d] == 2)) return false;
      for (uint32_t e = d + 1; e < grid_.dimensions(); ++e)
        if (grid_.sizes[d] == grid_.sizes[e] && state(d) < state(e)) return false;
    }
    return true;
  }

  // Along a side of 2 a map holds both directions or neither: with both, each
  // use sends on one of them (each choice is tried), which covers a map with
  // one. Along the side the packet came from, neither: the neighbour there
  // sent it.
  bool useful_map(uint32_t side, uint32_t mask) const {
    for (uint32_t d = 0; d < grid_.dimensions(); ++d) {
      if (grid_.sizes[d] != 2) continue;
      const uint32_t pair = mask >> (2 * d) & 3U;
      if (pair == 1 || pair == 2 || (pair == 3 && side / 2 == d)) return false;
    }
    return true;
  }

  // Fixes the maps of the frontier's sides from its i-th PU on, then chooses the step's sends.
  bool assign_maps(uint32_t t, size_t i) {
    const std::vector<Send>& frontier = sends_[t - 1];
    if (i == frontier.size()) return choose_sends(t);
    const uint32_t side = frontier[i].direction;
    if (maps_[side] != unset) return assign_maps(t, i + 1);
    // Never straight back: the sender holds the packet.
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

  // The sends the maps make to one PU that lacks the packet: one of them sends.
  struct Group {
    uint32_t to = 0, size = 0;
    std::array<Send, max_directions> sends;
  };
  using Groups = std::array<Group, max_directions>;

  // The maps' sends to PUs that lack the packet, grouped by that PU. Each PU
  // reached takes a direction of its own (one packet per channel), so more
  // groups than directions fail at once.
  bool choose_sends(uint32_t t) {
    Groups groups;
    uint32_t count = 0;
    for (const Send& f : sends_[t - 1])
      for (uint32_t j = 0; j < directions_; ++j) {
        if (!(maps_[f.direction] >> j & 1U)) continue;
        const uint32_t to = neighbours_[size_t{f.to} * directions_ + j];
        if (held_[to]) continue;
        uint32_t g = 0;
        while (g < count && groups[g].to != to) ++g;
        if (g == count) {
          if (count == directions_) return false;
          groups[count].to = to;
          groups[count++].size = 0;
        }
        groups[g].sends[groups[g].size++] = {f.to, j, to};
      }
    sends_[t].clear();
    return pick(t, groups, count, 0, 0);
  }

  bool pick(uint32_t t, const Groups& groups, uint32_t count, uint32_t g, uint32_t used) {
    if (g == count) return commit(t);
    for (uint32_t i = 0; i < groups[g].size; ++i) {
      const Send& s = groups[g].sends[i];
      if (used >> s.direction & 1U) continue;
      if (!within_budget()) return false;
      sends_[t].push_back(s);
      if (pick(t, groups, count, g + 1, used | 1U << s.direction)) return true;
      sends_[t].pop_back();
    }
    return false;
  }

  bool commit(uint32_t t) {
    for (const Send& s : sends_[t]) held_[s.to] = 1;
    held_count_ += static_cast<uint32_t>(sends_[t].size());
    bool done = held_count_ == nodes_count_;
    if (done) {
      for (uint32_t later = t + 1; later <= steps_; ++later) sends_[later].clear();
    } else if (t < steps_ && !sends_[t].empty() &&
               uint64_t{nodes_count_ - held_count_} <= uint64_t{directions_} * (steps_ - t)) {
      done = assign_maps(t + 1, 0);  // each later step reaches at most one PU per direction
    }
    if (!done) {
      for (const Send& s : sends_[t]) held_[s.to] = 0;
      held_count_ -= static_cast<uint32_t>(sends_[t].size());
    }
    return done;
  }

  const Grid& grid_;
  uint32_t steps_;
  EnumerationBudget budget_;
  uint32_t nodes_count_, directions_;
  std::vector<uint32_t> neighbours_;  // [v * directions + j]
  std::vector<uint32_t> maps_;        // per side (and the injection): directions, or unset
  std::vector<uint8_t> held_;         // the origin's packet, relative position by position
  uint32_t held_count_ = 0;
  std::vector<std::vector<Send>> sends_;  // [t]: step t's sends of the origin's packet
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
