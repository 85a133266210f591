// Time-independent gossip search: one constraint family per function, one solver per step count.
#include "ti_gossip_search.hpp"

#include <algorithm>
#include <chrono>
#include <numeric>
#include <optional>
#include <string>

#include <fmt/format.h>
#include <z3++.h>

#include "deadline.hpp"
#include "translation_invariant_gossip.hpp"
#include "z3_util.hpp"

namespace schedcheck::search {

namespace {

using Clock = std::chrono::steady_clock;

// The most the one-map-for-all attempt may take of each count's time.
constexpr double uniform_seconds = 10;
// The share of a count's time the translation-invariant enumeration may take
// (on 2-D tori it answers in milliseconds; 3x3x4 in 6 steps takes seconds).
constexpr double enumeration_share = 1.0 / 3;

class Encoding {
 public:
  // Throws OutOfTime past `deadline`. With `invariant`, the class of
  // schedules those translations keep (encoding.md, "The periodic class").
  Encoding(z3::context& ctx, z3::solver& solver, const Grid& grid, uint32_t steps, Deadline deadline,
           const Translations& invariant = {})
      : ctx_(ctx), solver_(solver), grid_(grid), steps_(steps), n_(grid.node_count()),
        dirs_(2 * grid.dimensions()), dist_(hop_distances(grid)), deadline_(deadline),
        representative_(least_of_orbits(grid, invariant)) {
    declare_maps();
    packets_follow_the_maps();
    one_packet_per_channel();
    goal_ = every_packet_everywhere();
    arrivals_within_the_slack();
    // The class is closed under translations but not under every turn of
    // the dimensions, so the break's argument does not carry over to it;
    // it is left out there, where only a witness is sought.
    if (representative_.empty()) least_map_at_the_origin();
  }

  // Restricts the search to one map for every PU of a torus (each PU
  // forwards and injects as its translates do); such schedules are
  // schedules of the full encoding, so `sat` stands, `unsat` proves nothing.
  void same_map_everywhere() {
    if (!grid_.wraps) return;
    for (uint32_t u = 1; u < n_; ++u)
      for (uint32_t j = 0; j < dirs_; ++j) {
        solver_.add(inject_[size_t{u} * dirs_ + j] == inject_[j]);
        for (uint32_t a = 0; a < dirs_; ++a)
          solver_.add(forward_[(size_t{u} * dirs_ + a) * dirs_ + j] == forward_[size_t{a} * dirs_ + j]);
      }
  }

  // Every PU receives every packet within the steps: asserted by the search,
  // handed separately to the DIMACS export.
  const z3::expr& goal() const { return goal_; }

  // The literals that set the maps and sends as another solver's model of
  // the exported CNF names them; empty, with `unset` naming it, when the
  // model leaves out a send (step 1's are the injections), as a model of
  // another count's or torus's CNF does.
  std::vector<z3::expr> fixed_by(const NamedValues& model, std::string& unset) const {
    FixedByModel fixed(model);
    for (const std::vector<z3::expr>* vars : {&inject_, &forward_, &sends_})
      for (const z3::expr& v : *vars)
        if (!fixed.fix(v, vars == &sends_)) {
          unset = fixed.unset();
          return {};
        }
    return fixed.literals();
  }

  std::string witness(const z3::model& model) const {
    std::string s;
    for (uint32_t t = 1; t <= steps_; ++t) {
      s += fmt::format("step {}\n", t);
      for (uint32_t u = 0; u < n_; ++u)
        for (uint32_t j = 0; j < dirs_; ++j)
          for (uint32_t o = 0; o < n_; ++o)
            if (model.eval(send(o, u, j, t), true).is_true())
              s += fmt::format("  {} {}{} : {}\n", grid_.node_name(u), j % 2 ? '-' : '+', j / 2 + 1,
                               grid_.node_name(o));
    }
    return s;
  }

 private:
  // Directions are 2*dim + (negative ? 1 : 0); a packet moving in direction
  // a arrives from the neighbour on side a^1.
  int64_t neighbour(uint32_t v, uint32_t dir) const { return grid_.neighbour(v, dir / 2, dir % 2); }

  const z3::expr& send(uint32_t o, uint32_t u, uint32_t j, uint32_t t) const {
    return sends_[((size_t{t} - 1) * n_ + o) * n_ * dirs_ + size_t{u} * dirs_ + j];
  }

  // forward_[u][a][j]: what arrives at u moving in direction a goes on in
  // direction j. Straight back too: the sender holds the packet, so the map
  // never has to send it there, but a packet sent back arrives at the sender
  // from that side, and its map then sends it on, a step later (property 9
  // reads such a schedule as time-independent).
  void declare_maps() {
    for (uint32_t u = 0; u < n_; ++u) {
      if (const uint32_t r = representative(u); r != u) {  // declared before u: the least of u's orbit
        for (uint32_t j = 0; j < dirs_; ++j) inject_.push_back(z3::expr(inject_[size_t{r} * dirs_ + j]));
        for (uint32_t b = 0; b < dirs_ * dirs_; ++b) forward_.push_back(z3::expr(forward_[size_t{r} * dirs_ * dirs_ + b]));
        continue;
      }
      for (uint32_t j = 0; j < dirs_; ++j)
        inject_.push_back(neighbour(u, j) >= 0 ? ctx_.bool_const(fmt::format("inject_{}_{}", u, j).c_str())
                                                : ctx_.bool_val(false));
      for (uint32_t a = 0; a < dirs_; ++a)
        for (uint32_t j = 0; j < dirs_; ++j)
          forward_.push_back(neighbour(u, j) >= 0
                                 ? ctx_.bool_const(fmt::format("forward_{}_{}_{}", u, a, j).c_str())
                                 : ctx_.bool_val(false));
    }
  }

  // The PU whose maps u's are: u itself, or in a class the least PU that
  // its translations move u onto (with periods, the PU of u's coordinates
  // modulo them).
  uint32_t representative(uint32_t u) const { return representative_.empty() ? u : representative_[u]; }

  // Per PU the least PU of its orbit under the group the translations
  // generate; empty without translations.
  static std::vector<uint32_t> least_of_orbits(const Grid& grid, const Translations& translations) {
    if (translations.empty()) return {};
    std::vector<uint32_t> generators;
    for (const std::vector<uint32_t>& t : translations) generators.push_back(grid.node_at(t));
    const std::vector<bool> group = translation_group(grid, generators);
    std::vector<uint32_t> least(grid.node_count());
    for (uint32_t v = 0; v < grid.node_count(); ++v) {
      least[v] = v;
      for (uint32_t g = 0; g < grid.node_count(); ++g)
        if (group[g]) least[v] = std::min(least[v], grid.translate(v, g));
    }
    return least;
  }

  // Step 1 sends the own packet in the injection directions; step t sends on
  // what arrived in step t-1, through the map. As property 9 has it, a map
  // may leave out a direction whose neighbour holds the packet at the end of
  // the step (sending there would be waste), so a send is one the map makes,
  // and a send the map makes is left out only there. Packets farther than
  // t-1 hops cannot be at a PU in step t.
  void packets_follow_the_maps() {
    for (uint32_t t = 1; t <= steps_; ++t) {
      struct MapSend {
        z3::expr mapped;  // the map makes this send
        uint32_t o, u, j;
      };
      std::vector<MapSend> map_sends;
      for (uint32_t o = 0; o < n_; ++o)
        for (uint32_t u = 0; u < n_; ++u)
          for (uint32_t j = 0; j < dirs_; ++j) {
            deadline_.keep((size_t{o} * n_ + u) * dirs_ + j);
            if (neighbour(u, j) < 0 || dist_[o][u] > t - 1 || (t == 1 && o != u) || (t > 1 && o == u)) {
              sends_.push_back(ctx_.bool_val(false));
              continue;
            }
            if (t == 1) {
              sends_.push_back(inject_[size_t{u} * dirs_ + j]);
              continue;
            }
            z3::expr_vector arrivals(ctx_);
            for (uint32_t a = 0; a < dirs_; ++a) {
              const int64_t from = neighbour(u, a ^ 1U);  // the sender of a packet moving in direction a
              if (from < 0) continue;
              const z3::expr& arrived = send(o, static_cast<uint32_t>(from), a, t - 1);
              if (arrived.is_false()) continue;
              arrivals.push_back(arrived && forward_[(size_t{u} * dirs_ + a) * dirs_ + j]);
            }
            if (arrivals.empty()) {
              sends_.push_back(ctx_.bool_val(false));
              continue;
            }
            const z3::expr s = ctx_.bool_const(fmt::format("send_{}_{}_{}_{}", t, o, u, j).c_str());
            const z3::expr mapped = z3::mk_or(arrivals);
            solver_.add(z3::implies(s, mapped));
            sends_.push_back(s);
            map_sends.push_back({mapped, o, u, j});
          }
      // Whether the neighbour holds the packet at the end of step t needs
      // every send of step t, so these come once the step is declared.
      holds_after_step(t);
      for (const MapSend& m : map_sends) {
        const auto there = static_cast<uint32_t>(neighbour(m.u, m.j));
        solver_.add(z3::implies(m.mapped && !holds(m.o, there, t), send(m.o, m.u, m.j, t)));
      }
    }
  }

  // holds_[t][o][v]: PU v holds packet o at the end of step t (t = 0: its
  // own), step by step, so each is a short formula over the one before.
  void holds_after_step(uint32_t t) {
    if (t == 1)
      for (uint32_t o = 0; o < n_; ++o)
        for (uint32_t v = 0; v < n_; ++v) holds_.push_back(ctx_.bool_val(o == v));
    for (uint32_t o = 0; o < n_; ++o)
      for (uint32_t v = 0; v < n_; ++v) {
        deadline_.keep(v);
        if (holds(o, v, t - 1).is_true()) {
          holds_.push_back(ctx_.bool_val(true));
          continue;
        }
        z3::expr_vector either(ctx_);
        if (!holds(o, v, t - 1).is_false()) either.push_back(holds(o, v, t - 1));
        for (uint32_t a = 0; a < dirs_; ++a)
          if (const int64_t from = neighbour(v, a ^ 1U); from >= 0) {
            const z3::expr& s = send(o, static_cast<uint32_t>(from), a, t);
            if (!s.is_false()) either.push_back(s);
          }
        if (either.empty()) {
          holds_.push_back(ctx_.bool_val(false));
        } else if (either.size() == 1) {
          holds_.push_back(either[0]);
        } else {
          const z3::expr h = ctx_.bool_const(fmt::format("holds_{}_{}_{}", t, o, v).c_str());
          solver_.add(h == z3::mk_or(either));
          holds_.push_back(h);
        }
      }
  }
  const z3::expr& holds(uint32_t o, uint32_t v, uint32_t t) const {
    return holds_[(size_t{t} * n_ + o) * n_ + v];
  }

  void one_packet_per_channel() {
    for (uint32_t t = 1; t <= steps_; ++t)
      for (uint32_t u = 0; u < n_; ++u)
        for (uint32_t j = 0; j < dirs_; ++j) {
          deadline_.keep();
          z3::expr_vector packets(ctx_);
          for (uint32_t o = 0; o < n_; ++o)
            if (!send(o, u, j, t).is_false()) packets.push_back(send(o, u, j, t));
          if (packets.size() > 1) solver_.add(at_most(ctx_, packets, 1));
        }
  }

  // Redundant, under the goal. A PU has dirs * steps (incoming channel,
  // step) slots for its P-1 packets: at least P-1 of them are busy, and at
  // slack = dirs * steps - (P-1) = 0 every slot is busy and no packet
  // arrives twice.
  void arrivals_within_the_slack() {
    const int64_t slack = int64_t{dirs_} * steps_ - (int64_t{n_} - 1);
    if (slack < 0 || !grid_.wraps) return;  // the counting bound refutes it; a mesh's border has fewer slots
    for (uint32_t v = 0; v < n_; ++v) {
      deadline_.keep();
      z3::expr_vector busy(ctx_);
      for (uint32_t t = 1; t <= steps_; ++t)
        for (uint32_t a = 0; a < dirs_; ++a) {
          const auto from = static_cast<uint32_t>(neighbour(v, a ^ 1U));
          z3::expr_vector packets(ctx_);
          for (uint32_t o = 0; o < n_; ++o)
            if (!send(o, from, a, t).is_false()) packets.push_back(send(o, from, a, t));
          busy.push_back(packets.empty() ? ctx_.bool_val(false) : z3::mk_or(packets));
        }
      if (slack > 0) {
        solver_.add(z3::implies(goal_, at_least(ctx_, busy, n_ - 1)));
        continue;
      }
      for (const z3::expr& b : busy) solver_.add(z3::implies(goal_, b));
      for (uint32_t o = 0; o < n_; ++o)
        if (o != v) solver_.add(z3::implies(goal_, at_most(ctx_, arrivals_of(o, v), 1)));
    }
  }

  // A symmetry break. An automorphism of a torus maps PUs, channels,
  // distances and maps onto their like, so it maps every schedule of this
  // encoding to one; the translations and the automorphisms that fix PU 0
  // (signed permutations of equal-sized dimensions) together take any PU to
  // PU 0 in every way. So each schedule has an image in which PU 0's map,
  // its bits in a fixed order, is the least of every PU's map carried to
  // PU 0 by any of them: only such images are asked for. Unsat stands.
  void least_map_at_the_origin() {
    if (!grid_.wraps) return;
    const auto bit = [&](uint32_t u, uint32_t a, uint32_t j) -> const z3::expr& {
      return forward_[(size_t{u} * dirs_ + a) * dirs_ + j];
    };
    for (const std::vector<uint32_t>& turn : direction_maps()) {
      const bool identity = std::is_sorted(turn.begin(), turn.end());
      for (uint32_t v = identity ? 1 : 0; v < n_; ++v) {
        deadline_.keep();
        // PU 0's bits, in the order (a, j), are not above those of PU v's
        // map turned; built from the last bit back. The turns are a group,
        // so taking bit (turn[a], turn[j]) turns by the inverse, which is
        // among them too.
        z3::expr not_above = ctx_.bool_val(true);
        for (uint32_t a = dirs_; a-- > 0;)
          for (uint32_t j = dirs_; j-- > 0;) {
            // A bit straight back is free wherever a send back would be
            // waste: compared, it would let most schedules pass at it.
            if (j == (a ^ 1U)) continue;
            const z3::expr& mine = bit(0, a, j);
            const z3::expr& image = bit(v, turn[a], turn[j]);
            not_above = (!mine && image) || (mine == image && not_above);
          }
        solver_.add(not_above);
      }
    }
  }

  // The automorphisms of the torus that fix PU 0, each as what it does to
  // the directions: dimension d goes to perm[d] (of the same size),
  // reflected when bit d of `flips` is set.
  std::vector<std::vector<uint32_t>> direction_maps() const {
    const uint32_t k = grid_.dimensions();
    std::vector<uint32_t> perm(k);
    std::iota(perm.begin(), perm.end(), 0U);
    std::vector<std::vector<uint32_t>> maps;
    do {
      bool sizes_kept = true;
      for (uint32_t d = 0; d < k; ++d) sizes_kept = sizes_kept && grid_.sizes[perm[d]] == grid_.sizes[d];
      if (!sizes_kept) continue;
      for (uint32_t flips = 0; flips < (1U << k); ++flips) {
        std::vector<uint32_t> turn(dirs_);
        for (uint32_t dir = 0; dir < dirs_; ++dir) turn[dir] = 2 * perm[dir / 2] + ((dir & 1U) ^ (flips >> (dir / 2) & 1U));
        maps.push_back(std::move(turn));
      }
    } while (std::next_permutation(perm.begin(), perm.end()));
    return maps;
  }

  // The sends that bring packet o to PU v, over all steps and sides.
  z3::expr_vector arrivals_of(uint32_t o, uint32_t v) const {
    z3::expr_vector arrivals(ctx_);
    for (uint32_t t = 1; t <= steps_; ++t)
      for (uint32_t a = 0; a < dirs_; ++a)
        if (const int64_t from = neighbour(v, a ^ 1U); from >= 0) {
          const z3::expr& s = send(o, static_cast<uint32_t>(from), a, t);
          if (!s.is_false()) arrivals.push_back(s);
        }
    return arrivals;
  }

  z3::expr every_packet_everywhere() {
    z3::expr_vector all(ctx_);
    for (uint32_t v = 0; v < n_; ++v)
      for (uint32_t o = 0; o < n_; ++o) {
        deadline_.keep(o);
        if (o == v) continue;
        const z3::expr_vector arrivals = arrivals_of(o, v);
        all.push_back(arrivals.empty() ? ctx_.bool_val(false) : z3::mk_or(arrivals));
      }
    return z3::mk_and(all);
  }

  z3::context& ctx_;
  z3::solver& solver_;
  const Grid& grid_;
  uint32_t steps_, n_, dirs_;
  std::vector<std::vector<uint32_t>> dist_;
  Deadline deadline_;
  std::vector<uint32_t> representative_;  // least_of_orbits
  std::vector<z3::expr> inject_, forward_, sends_, holds_;
  z3::expr goal_{ctx_};
};

struct Solved {
  Outcome outcome = Outcome::unknown;
  std::string witness;
};

// One solver call on a fresh encoding of `steps` steps, optionally with one
// map for every PU, given `seconds` for building the encoding and solving.
Solved solve(const Grid& grid, uint32_t steps, bool same_map, double seconds) {
  const auto start = Clock::now();
  z3::context ctx;
  z3::solver solver(ctx);
  std::optional<Encoding> encoding;
  try {
    encoding.emplace(ctx, solver, grid, steps, Deadline::in(seconds));
  } catch (const OutOfTime&) {
    return {};
  }
  if (same_map) encoding->same_map_everywhere();
  solver.add(encoding->goal());
  const double left = seconds - seconds_since(start);
  if (left <= 0) return {};
  set_time_limit(solver, left);
  Solved s;
  s.outcome = outcome_of(solver.check());
  if (s.outcome == Outcome::sat) s.witness = encoding->witness(solver.get_model());
  return s;
}

}  // namespace

SearchReport search_time_independent_gossip(const Grid& grid, uint32_t first, uint32_t last,
                                            const SearchLimits& limits, bool structured_first) {
  SearchReport report;
  const auto start = Clock::now();
  for (uint32_t steps = std::max(first, 1U); steps <= last; ++steps) {
    const std::optional<double> count_seconds = begin_count(report, limits, start, steps);
    if (!count_seconds) break;
    const auto count_start = Clock::now();
    auto seconds_left = [&] { return *count_seconds - seconds_since(count_start); };
    // One map for all PUs first: by enumeration the translation-invariant
    // schedules, then with Z3 those whose PUs may leave out differently.
    Solved solved;
    const bool same_maps_first = structured_first && grid.wraps;
    if (same_maps_first) {
      EnumerationBudget budget;
      budget.deadline = Deadline::in(seconds_left() * enumeration_share).at();
      TranslationInvariantResult r = translation_invariant_gossip(grid, steps, budget);
      if (r.outcome == Outcome::sat) solved = {Outcome::sat, std::move(r.witness)};
    }
    if (same_maps_first && solved.outcome != Outcome::sat)
      solved = solve(grid, steps, true, std::min(seconds_left(), uniform_seconds));
    if (solved.outcome != Outcome::sat) solved = solve(grid, steps, false, seconds_left());
    const Attempt a{steps, solved.outcome, seconds_since(count_start)};
    // With a limit per count, an unknown count is reported and the climb goes on.
    if (record_attempt(report, limits, a, solved.witness, static_cast<bool>(limits.count_timeout))) break;
  }
  return report;
}

SearchReport search_time_independent_gossip_from_model(const Grid& grid, uint32_t steps, const NamedValues& model,
                                                       const SearchLimits& limits, std::string& unset,
                                                       const Translations& invariant) {
  SearchReport report;
  const auto start = Clock::now();
  z3::context ctx;
  z3::solver solver(ctx);
  const Encoding encoding(ctx, solver, grid, steps, Deadline(), invariant);
  const std::vector<z3::expr> fixed = encoding.fixed_by(model, unset);
  if (!unset.empty()) return report;
  solver.add(encoding.goal());
  for (const z3::expr& literal : fixed) solver.add(literal);
  set_time_limit(solver, limits.timeout_seconds);
  const Outcome outcome = outcome_of(solver.check());
  record_attempt(report, limits, {steps, outcome, seconds_since(start)},
                 outcome == Outcome::sat ? encoding.witness(solver.get_model()) : std::string());
  return report;
}

Translations periodic_translations(const std::vector<uint32_t>& periods) {
  Translations translations;
  for (size_t d = 0; d < periods.size(); ++d) {
    translations.emplace_back(periods.size(), 0);
    translations.back()[d] = periods[d];
  }
  return translations;
}

std::string time_independent_gossip_dimacs(const Grid& grid, uint32_t steps, const Translations& invariant) {
  z3::context ctx;
  z3::solver solver(ctx);
  Encoding encoding(ctx, solver, grid, steps, Deadline(), invariant);
  return to_dimacs(ctx, solver, encoding.goal());
}

}  // namespace schedcheck::search
