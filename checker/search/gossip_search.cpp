// Gossip search: full and translation-invariant encodings, one function per constraint family.
//
// Full encoding: y[t][c][m], channel c carries PU m's packet in step t (one
// packet per channel per step, non-combining); holds[t][v][m]. Invariant
// encoding (tori only): z[t][dir][d], every PU u sends on its channel `dir`
// the packet of PU u + d in step t; held[t][d], every PU u holds the packet
// of u + d. A solution of the invariant encoding is a schedule of the full
// one, so it may answer sat; unsat answers come only from the full encoding.
#include "gossip_search.hpp"

#include <chrono>

#include <fmt/format.h>
#include <z3++.h>

#include "deadline.hpp"
#include "z3_util.hpp"

namespace schedcheck::search {

std::string gossip_model_line(const GossipProblem& p) {
  return fmt::format("store-and-forward {} free non-combining", p.one_port ? "one-port" : "all-port");
}

namespace {

using Clock = std::chrono::steady_clock;

// u + d on the torus, coordinate by coordinate.
uint32_t translate(const Grid& grid, uint32_t u, uint32_t d) {
  uint32_t w = 0;
  for (uint32_t dim = 0; dim < grid.dimensions(); ++dim)
    w += (grid.coordinate(u, dim) + grid.coordinate(d, dim)) % grid.sizes[dim] * grid.stride(dim);
  return w;
}

// The counting bound: a PU of in-degree `degree` receives at most that many
// packets per step (one under one-port) and needs P - 1.
bool counting_bound_refutes(const GossipProblem& p, const std::vector<GridChannel>& channels, uint32_t steps) {
  const uint32_t n = p.grid.node_count();
  std::vector<uint32_t> degree(n, 0);
  for (const GridChannel& ch : channels) ++degree[ch.head];
  for (uint32_t v = 0; v < n; ++v)
    if (n - 1 > (p.one_port ? 1 : degree[v]) * steps) return true;
  return false;
}

class FullEncoding {
 public:
  FullEncoding(z3::context& ctx, z3::solver& solver, const GossipProblem& p)
      : ctx_(ctx), solver_(solver), p_(p), channels_(grid_channels(p.grid)), dist_(hop_distances(p.grid)) {
    const uint32_t n = p.grid.node_count();
    z3::expr_vector start(ctx_);
    for (uint32_t v = 0; v < n; ++v)
      for (uint32_t m = 0; m < n; ++m) start.push_back(ctx_.bool_val(v == m));
    holds_.push_back(start);
  }

  uint32_t steps() const { return static_cast<uint32_t>(sends_.size()); }

  // Past `deadline` it throws OutOfTime and leaves the step half built: the
  // encoding is then of no further use.
  void add_step(Deadline deadline) {
    deadline_ = deadline;
    const uint32_t t = steps() + 1, n = p_.grid.node_count();
    z3::expr_vector y(ctx_);
    for (size_t c = 0; c < channels_.size(); ++c)
      for (uint32_t m = 0; m < n; ++m) {
        deadline_.keep(c * n + m);
        // A packet cannot be where it cannot have arrived yet.
        const bool possible = !p_.strengthen || (dist_[m][channels_[c].tail] + 1 <= t &&
                                                 dist_[m][channels_[c].head] > 0);
        y.push_back(possible ? ctx_.bool_const(fmt::format("y_{}_{}_{}", t, c, m).c_str()) : ctx_.bool_val(false));
      }
    sends_.push_back(y);
    z3::expr_vector now(ctx_);
    for (uint32_t v = 0; v < n; ++v)
      for (uint32_t m = 0; m < n; ++m) {
        deadline_.keep(v * n + m);
        now.push_back(ctx_.bool_const(fmt::format("holds_{}_{}_{}", t, v, m).c_str()));
      }
    holds_.push_back(now);
    senders_hold_their_packets(t);
    packets_arrive_over_incoming_channels(t);
    one_packet_per_channel(t);
    if (p_.one_port) one_send_and_one_receive_per_node(t);
    if (p_.strengthen) only_new_packets_are_sent(t);
  }

  // The literal that, assumed, asks for every packet everywhere after
  // `steps()` steps. `refuted` is set when the counting bound alone rules
  // the count out (see every_node_receives_every_packet_once). Throws
  // OutOfTime past `deadline`.
  z3::expr goal(bool& refuted, Deadline deadline) {
    deadline_ = deadline;
    const uint32_t t = steps(), n = p_.grid.node_count();
    z3::expr g = ctx_.bool_const(fmt::format("goal_{}", t).c_str());
    z3::expr_vector all(ctx_);
    for (uint32_t i = 0; i < n * n; ++i) all.push_back(holds_[t][static_cast<int>(i)]);
    solver_.add(z3::implies(g, z3::mk_and(all)));
    refuted = p_.strengthen && every_node_receives_every_packet_once(g);
    return g;
  }

  std::string witness(const z3::model& model) const {
    std::string s;
    const uint32_t n = p_.grid.node_count();
    for (uint32_t t = 1; t <= steps(); ++t) {
      s += fmt::format("step {}\n", t);
      for (size_t c = 0; c < channels_.size(); ++c)
        for (uint32_t m = 0; m < n; ++m)
          if (model.eval(y(t, c, m), true).is_true())
            s += transfer_line(p_.grid, channels_[c].tail, channels_[c].dim, channels_[c].negative, m);
    }
    return s;
  }

 private:
  z3::expr y(uint32_t t, size_t c, uint32_t m) const {
    return sends_[t - 1][static_cast<int>(c * p_.grid.node_count() + m)];
  }
  z3::expr holds(uint32_t t, uint32_t v, uint32_t m) const {
    return holds_[t][static_cast<int>(v * p_.grid.node_count() + m)];
  }

  // Causality: a PU sends only packets it holds at the start of the step.
  void senders_hold_their_packets(uint32_t t) {
    for (size_t c = 0; c < channels_.size(); ++c) {
      deadline_.keep();
      for (uint32_t m = 0; m < p_.grid.node_count(); ++m)
        if (!y(t, c, m).is_false()) solver_.add(z3::implies(y(t, c, m), holds(t - 1, channels_[c].tail, m)));
    }
  }

  // Delivery: a PU holds a packet after step t iff it did, or a channel into it carried it.
  void packets_arrive_over_incoming_channels(uint32_t t) {
    const uint32_t n = p_.grid.node_count();
    std::vector<z3::expr_vector> into = vectors(ctx_, size_t{n} * n);
    for (size_t c = 0; c < channels_.size(); ++c)
      for (uint32_t m = 0; m < n; ++m)
        if (!y(t, c, m).is_false()) into[channels_[c].head * n + m].push_back(y(t, c, m));
    for (uint32_t v = 0; v < n; ++v) {
      deadline_.keep();
      for (uint32_t m = 0; m < n; ++m)
        solver_.add(holds(t, v, m) == (holds(t - 1, v, m) || z3::mk_or(into[v * n + m])));
    }
  }

  // Non-combining, link-disjoint: a channel carries at most one packet per step.
  void one_packet_per_channel(uint32_t t) {
    for (size_t c = 0; c < channels_.size(); ++c) {
      deadline_.keep();
      z3::expr_vector packets(ctx_);
      for (uint32_t m = 0; m < p_.grid.node_count(); ++m)
        if (!y(t, c, m).is_false()) packets.push_back(y(t, c, m));
      if (packets.size() > 1) solver_.add(at_most(ctx_, packets, 1));
    }
  }

  // Port limits (one-port): one packet out of and one into each PU per step.
  void one_send_and_one_receive_per_node(uint32_t t) {
    const uint32_t n = p_.grid.node_count();
    std::vector<z3::expr_vector> out = vectors(ctx_, n), in = vectors(ctx_, n);
    for (size_t c = 0; c < channels_.size(); ++c)
      for (uint32_t m = 0; m < n; ++m)
        if (!y(t, c, m).is_false()) {
          out[channels_[c].tail].push_back(y(t, c, m));
          in[channels_[c].head].push_back(y(t, c, m));
        }
    for (uint32_t v = 0; v < n; ++v) {
      deadline_.keep();
      if (out[v].size() > 1) solver_.add(at_most(ctx_, out[v], 1));
      if (in[v].size() > 1) solver_.add(at_most(ctx_, in[v], 1));
    }
  }

  // Redundant: a packet sent to a PU that holds it can be dropped from any schedule.
  void only_new_packets_are_sent(uint32_t t) {
    for (size_t c = 0; c < channels_.size(); ++c) {
      deadline_.keep();
      for (uint32_t m = 0; m < p_.grid.node_count(); ++m)
        if (!y(t, c, m).is_false()) solver_.add(z3::implies(y(t, c, m), !holds(t - 1, channels_[c].head, m)));
    }
  }

  // Redundant, under the goal: every PU receives each other PU's packet exactly
  // once, and at most (its in-degree) packets per step, so the counting bound
  // ceil((P-1)/degree) is immediate to the solver.
  bool every_node_receives_every_packet_once(const z3::expr& goal) {
    const uint32_t n = p_.grid.node_count();
    // When the steps cannot carry the packets, the cardinalities below
    // contradict each other, which the solver's watched-literal propagation
    // only finds by search: state it directly.
    if (counting_bound_refutes(p_, channels_, steps())) {
      solver_.add(!goal);
      return true;
    }
    std::vector<z3::expr_vector> into = vectors(ctx_, size_t{n} * n), all_into = vectors(ctx_, n);
    for (uint32_t t = 1; t <= steps(); ++t)
      for (size_t c = 0; c < channels_.size(); ++c)
        for (uint32_t m = 0; m < n; ++m)
          if (!y(t, c, m).is_false()) {
            into[channels_[c].head * n + m].push_back(y(t, c, m));
            all_into[channels_[c].head].push_back(y(t, c, m));
          }
    for (uint32_t v = 0; v < n; ++v) {
      deadline_.keep();
      for (uint32_t m = 0; m < n; ++m)
        if (m != v) solver_.add(z3::implies(goal, at_least(ctx_, into[v * n + m], 1) && at_most(ctx_, into[v * n + m], 1)));
      uint32_t degree = 0;
      for (const GridChannel& ch : channels_) degree += ch.head == v ? 1 : 0;
      const uint32_t per_step = p_.one_port ? 1 : degree;
      solver_.add(at_most(ctx_, all_into[v], per_step * steps()));
      solver_.add(z3::implies(goal, at_least(ctx_, all_into[v], n - 1)));
    }
    return false;
  }

  z3::context& ctx_;
  z3::solver& solver_;
  const GossipProblem& p_;
  std::vector<GridChannel> channels_;
  std::vector<std::vector<uint32_t>> dist_;
  std::vector<z3::expr_vector> sends_;  // per step: channel-major, then packet
  std::vector<z3::expr_vector> holds_;  // per step from 0: node-major, then packet
  Deadline deadline_;  // of the build under way
};

// The translation-invariant schedules of a torus, for `steps` steps.
class InvariantEncoding {
 public:
  // Throws OutOfTime past `deadline` (a count of many thousand steps).
  InvariantEncoding(z3::context& ctx, z3::solver& solver, const GossipProblem& p, uint32_t steps, Deadline deadline)
      : ctx_(ctx), solver_(solver), p_(p), steps_(steps) {
    const uint32_t n = p.grid.node_count(), dirs = 2 * p.grid.dimensions();
    const auto dist = hop_distances(p.grid);
    z3::expr_vector held(ctx_);
    for (uint32_t d = 0; d < n; ++d) held.push_back(ctx_.bool_val(d == 0));
    for (uint32_t t = 1; t <= steps; ++t) {
      deadline.keep();
      z3::expr_vector z(ctx_), now(ctx_);
      for (uint32_t dir = 0; dir < dirs; ++dir)
        for (uint32_t d = 0; d < n; ++d)
          z.push_back(dist[0][d] + 1 <= t ? ctx_.bool_const(fmt::format("z_{}_{}_{}", t, dir, d).c_str())
                                          : ctx_.bool_val(false));
      for (uint32_t d = 0; d < n; ++d) now.push_back(ctx_.bool_const(fmt::format("held_{}_{}", t, d).c_str()));
      // Causality: u sends the packet of u + d only if it holds it.
      for (uint32_t dir = 0; dir < dirs; ++dir)
        for (uint32_t d = 0; d < n; ++d)
          solver_.add(z3::implies(z[static_cast<int>(dir * n + d)], held[static_cast<int>(d)]));
      // Delivery: u receives over channel dir from u - e_dir the packet of
      // (u - e_dir) + d', which is u + d for d' = d + e_dir.
      for (uint32_t d = 0; d < n; ++d) {
        z3::expr_vector arrivals(ctx_);
        for (uint32_t dir = 0; dir < dirs; ++dir) {
          const int64_t shifted = p.grid.neighbour(d, dir / 2, dir % 2 != 0);  // d + e_dir
          arrivals.push_back(z[static_cast<int>(dir * n + static_cast<uint32_t>(shifted))]);
        }
        solver_.add(now[static_cast<int>(d)] == (held[static_cast<int>(d)] || z3::mk_or(arrivals)));
      }
      // One packet per channel and step; one-port: one channel in use per PU.
      z3::expr_vector any_dir(ctx_);
      for (uint32_t dir = 0; dir < dirs; ++dir) {
        z3::expr_vector packets(ctx_);
        for (uint32_t d = 0; d < n; ++d) packets.push_back(z[static_cast<int>(dir * n + d)]);
        solver_.add(at_most(ctx_, packets, 1));
        for (uint32_t d = 0; d < n; ++d) any_dir.push_back(z[static_cast<int>(dir * n + d)]);
      }
      if (p.one_port) solver_.add(at_most(ctx_, any_dir, 1));
      sends_.push_back(z);
      held = now;
    }
    for (uint32_t d = 0; d < n; ++d) solver_.add(held[static_cast<int>(d)]);
  }

  std::string witness(const z3::model& model) const {
    std::string s;
    const uint32_t n = p_.grid.node_count(), dirs = 2 * p_.grid.dimensions();
    for (uint32_t t = 1; t <= steps_; ++t) {
      s += fmt::format("step {}\n", t);
      for (uint32_t u = 0; u < n; ++u)
        for (uint32_t dir = 0; dir < dirs; ++dir)
          for (uint32_t d = 0; d < n; ++d)
            if (model.eval(sends_[t - 1][static_cast<int>(dir * n + d)], true).is_true())
              s += transfer_line(p_.grid, u, dir / 2, dir % 2 != 0, translate(p_.grid, u, d));
    }
    return s;
  }

 private:
  z3::context& ctx_;
  z3::solver& solver_;
  const GossipProblem& p_;
  uint32_t steps_;
  std::vector<z3::expr_vector> sends_;
};

}  // namespace

SearchReport search_gossip(const GossipProblem& problem, uint32_t first, uint32_t last, const SearchLimits& limits) {
  SearchReport report;
  const auto start = Clock::now();
  auto seconds_left = [&] {
    return limits.timeout_seconds - std::chrono::duration<double>(Clock::now() - start).count();
  };
  const std::vector<GridChannel> channels = grid_channels(problem.grid);
  // Kept with the report (SearchReport::solvers): deleting a context of
  // gigabytes takes seconds.
  struct Solvers {
    explicit Solvers(const GossipProblem& p) : problem(p), full_solver(ctx), full(ctx, full_solver, problem) {}
    GossipProblem problem;  // the encoding refers to it
    z3::context ctx;
    // Z3's default solver: on these encodings it was as fast as the
    // finite-domain (QF_FD) solver or faster (6x6 gossip: 2.6 s against 6.5 s).
    z3::solver full_solver;
    FullEncoding full;
  };
  const auto kept = std::make_shared<Solvers>(problem);
  report.solvers = kept;
  z3::context& ctx = kept->ctx;
  z3::solver& full_solver = kept->full_solver;
  FullEncoding& full = kept->full;
  bool full_cut_short = false;  // its building ran out of time: a step is half built
  for (uint32_t steps = std::max(first, 1U); steps <= last; ++steps) {
    if (seconds_left() <= 0) {
      report.gave_up = true;
      break;
    }
    if (limits.trying) limits.trying(steps);
    const auto t0 = Clock::now();
    // Counts the counting bound refutes are answered without a solver call;
    // then the invariant schedules (they find the Soch-Tvrdik-like optima
    // fast, and their encoding is small); then the full encoding, built only
    // now and within the time left (12x12 in 36 steps takes 7 GB). Each
    // solver is checked at most once per count: a check cut short by its
    // time limit is not followed by another on the same solver.
    const bool refuted = problem.strengthen && counting_bound_refutes(problem, channels, steps);
    Outcome outcome = refuted ? Outcome::unsat : Outcome::unknown;
    std::string witness;
    if (!refuted && problem.strengthen && problem.grid.wraps) {
      try {
        // Building and solving share the one share of time.
        const Deadline deadline = Deadline::in(std::min(seconds_left(), 30.0));
        z3::solver small(ctx);
        InvariantEncoding invariant(ctx, small, problem, steps, deadline);
        const double seconds = std::chrono::duration<double>(deadline.at() - Clock::now()).count();
        set_time_limit(small, seconds);
        if (small.check() == z3::sat) {
          outcome = Outcome::sat;
          witness = invariant.witness(small.get_model());
        }
      } catch (const OutOfTime&) {
        // Unknown: the full encoding may still answer within the time left.
      }
    }
    if (outcome == Outcome::unknown && seconds_left() > 0 && !full_cut_short) {
      try {
        const Deadline deadline = Deadline::in(seconds_left());
        while (full.steps() < steps) full.add_step(deadline);
        bool counted_out = false;
        z3::expr_vector assumptions(ctx);
        assumptions.push_back(full.goal(counted_out, deadline));
        set_time_limit(full_solver, seconds_left());
        outcome = outcome_of(full_solver.check(assumptions));
        if (outcome == Outcome::sat) witness = full.witness(full_solver.get_model());
      } catch (const OutOfTime&) {
        full_cut_short = true;
      }
    }
    const Attempt a{steps, outcome, std::chrono::duration<double>(Clock::now() - t0).count()};
    if (record_attempt(report, limits, a, std::move(witness))) break;
  }
  return report;
}

std::string gossip_dimacs(const GossipProblem& problem, uint32_t steps) {
  z3::context ctx;
  z3::solver solver(ctx);
  FullEncoding encoding(ctx, solver, problem);
  while (encoding.steps() < steps) encoding.add_step(Deadline());
  bool refuted = false;
  const z3::expr goal = encoding.goal(refuted, Deadline());
  return to_dimacs(ctx, solver, goal);
}

}  // namespace schedcheck::search
