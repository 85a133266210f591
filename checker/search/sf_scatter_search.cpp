// Store-and-forward scatter and gather search: each message's walk from its source to its destination, one function per constraint family.
//
// Variables, for a fixed count T: at[t][v][i], message i is at node v after
// step t (t = 0..T); y[t][c][i], channel c carries message i in step t.
// Non-combining: a packet is one message, and a channel carries one packet
// per step. A schedule that copies a message keeps a schedule when every copy
// off the walk that reaches the destination is dropped, so each message is
// one walk: one node per step, moving one hop or waiting. The walk's nodes
// hold the message at the start of the step they send it in (causality).
#include "sf_scatter_search.hpp"

#include <chrono>
#include <map>

#include <fmt/format.h>
#include <z3++.h>

#include "sf_list_schedule.hpp"
#include "z3_util.hpp"

namespace schedcheck::search {

uint32_t message_source(const SfRootedProblem& p, uint32_t m) {
  return p.collective == RootedCollective::scatter ? p.root : m;
}

uint32_t message_destination(const SfRootedProblem& p, uint32_t m) {
  return p.collective == RootedCollective::scatter ? m : p.root;
}

uint32_t sf_node_count(const SfRootedProblem& p) {
  return p.neighbours.empty() ? p.grid.node_count() : static_cast<uint32_t>(p.neighbours.size());
}

std::string sf_node_name(const SfRootedProblem& p, uint32_t v) {
  return p.neighbours.empty() ? p.grid.node_name(v) : std::to_string(v);
}

std::vector<SfChannel> sf_channels(const SfRootedProblem& p) {
  std::vector<SfChannel> out;
  // Each channel with the hop of its reverse, found below by (tail, hop).
  std::vector<std::string> back;
  if (p.neighbours.empty()) {
    for (const GridChannel& c : grid_channels(p.grid)) {
      out.push_back({c.tail, c.head, fmt::format(" {}{}", c.negative ? '-' : '+', c.dim + 1), 0});
      back.push_back(fmt::format(" {}{}", c.negative ? '+' : '-', c.dim + 1));
    }
  } else {
    for (uint32_t v = 0; v < p.neighbours.size(); ++v)
      for (const uint32_t u : p.neighbours[v]) {
        out.push_back({v, u, fmt::format(" > {}", u), 0});
        back.push_back(fmt::format(" > {}", v));
      }
  }
  std::map<std::pair<uint32_t, std::string>, uint32_t> index;
  for (uint32_t c = 0; c < out.size(); ++c) index[{out[c].tail, out[c].hop}] = c;
  for (uint32_t c = 0; c < out.size(); ++c) out[c].reverse = index.at({out[c].head, back[c]});
  return out;
}

std::vector<std::vector<uint32_t>> sf_distances(const SfRootedProblem& p) {
  if (p.neighbours.empty()) return hop_distances(p.grid);
  // Breadth-first from every node; UINT32_MAX where a node is not reached.
  const auto n = static_cast<uint32_t>(p.neighbours.size());
  std::vector<std::vector<uint32_t>> dist(n, std::vector<uint32_t>(n, UINT32_MAX));
  for (uint32_t s = 0; s < n; ++s) {
    std::vector<uint32_t> queue{s};
    dist[s][s] = 0;
    for (size_t i = 0; i < queue.size(); ++i)
      for (const uint32_t u : p.neighbours[queue[i]])
        if (dist[s][u] == UINT32_MAX) dist[s][u] = dist[s][queue[i]] + 1, queue.push_back(u);
  }
  return dist;
}

std::string sf_rooted_model_line(const SfRootedProblem& p) {
  return fmt::format("store-and-forward {} free non-combining", p.one_port ? "one-port" : "all-port");
}

std::string sf_rooted_collective_line(const SfRootedProblem& p) {
  return fmt::format("{} root {}", p.collective == RootedCollective::scatter ? "scatter" : "gather",
                     sf_node_name(p, p.root));
}

namespace {

using Clock = std::chrono::steady_clock;

// The run over nonstop schedules only, and its share of each count's time.
constexpr const char* nonstop_run_name = "nonstop shortest paths";
constexpr double nonstop_share = 1.0 / 3;
constexpr uint64_t max_sf_moves = 4'000'000;
constexpr const char* list_run_name = "farthest-first shortest paths";

class Encoding {
 public:
  // `nonstop`: only the schedules whose messages, once they leave their
  // source, move one hop closer to their destination in every step.
  Encoding(z3::context& ctx, z3::solver& solver, const SfRootedProblem& p, uint32_t steps, bool nonstop = false)
      : ctx_(ctx), solver_(solver), p_(p), steps_(steps), nonstop_(nonstop), n_(sf_node_count(p)),
        channels_(sf_channels(p)), dist_(sf_distances(p)), at_(ctx), moves_(ctx) {
    for (uint32_t m = 0; m < n_; ++m)
      if (m != p.root) messages_.push_back(m);
    declare_positions();
    declare_moves();
    a_message_is_at_one_node();
    moves_start_where_the_message_is();
    moves_end_where_the_message_goes();
    a_message_stays_unless_it_moves();
    one_message_per_channel();
    if (p.one_port) one_send_and_one_receive_per_node();
    every_message_ends_at_its_destination();
    if (p.strengthen) {
      a_message_enters_each_node_once();
      the_root_ports_meet_the_deadlines();
    }
    if (nonstop) relays_forward_at_once();
  }

  std::string witness(const z3::model& model) const {
    std::string s;
    for (uint32_t t = 1; t <= steps_; ++t) {
      s += fmt::format("step {}\n", t);
      for (size_t c = 0; c < channels_.size(); ++c)
        for (size_t i = 0; i < messages_.size(); ++i)
          if (!y(t, c, i).is_false() && model.eval(y(t, c, i), true).is_true())
            s += fmt::format("  {}{} : {}\n", sf_node_name(p_, channels_[c].tail), channels_[c].hop,
                             sf_node_name(p_, messages_[i]));
    }
    return s;
  }

 private:
  uint32_t source(size_t i) const { return message_source(p_, messages_[i]); }
  uint32_t destination(size_t i) const { return message_destination(p_, messages_[i]); }

  // Distance pruning (strengthened): a message is at v after step t only if
  // it can have got there, dist(source, v) <= t, and can still reach its
  // destination in the steps left, dist(v, destination) <= T - t. Every walk
  // of a schedule in T steps obeys both, so nothing is lost.
  bool reachable(uint32_t t, uint32_t v, size_t i) const {
    if (t == 0) return v == source(i);
    return !p_.strengthen || (dist_[source(i)][v] <= t && dist_[v][destination(i)] <= steps_ - t);
  }

  z3::expr at(uint32_t t, uint32_t v, size_t i) const {
    return at_[static_cast<int>((size_t{t} * n_ + v) * messages_.size() + i)];
  }
  z3::expr y(uint32_t t, size_t c, size_t i) const {
    return moves_[static_cast<int>(((t - 1) * channels_.size() + c) * messages_.size() + i)];
  }

  void declare_positions() {
    for (uint32_t t = 0; t <= steps_; ++t)
      for (uint32_t v = 0; v < n_; ++v)
        for (size_t i = 0; i < messages_.size(); ++i)
          at_.push_back(t == 0               ? ctx_.bool_val(v == source(i))
                        : reachable(t, v, i) ? ctx_.bool_const(fmt::format("at_{}_{}_{}", t, v, i).c_str())
                                             : ctx_.bool_val(false));
  }

  // A move exists only between two nodes where the message may be. Strength-
  // ened, a message never leaves its destination and never returns to its
  // source: cutting the walk at its first arrival, or after its last visit to
  // the source, frees channels and keeps a schedule.
  void declare_moves() {
    for (uint32_t t = 1; t <= steps_; ++t)
      for (size_t c = 0; c < channels_.size(); ++c)
        for (size_t i = 0; i < messages_.size(); ++i) {
          const SfChannel& ch = channels_[c];
          bool possible = !at(t - 1, ch.tail, i).is_false() && !at(t, ch.head, i).is_false();
          if (p_.strengthen) possible = possible && ch.tail != destination(i) && ch.head != source(i);
          if (nonstop_) possible = possible && dist_[ch.head][destination(i)] + 1 == dist_[ch.tail][destination(i)];
          moves_.push_back(possible ? ctx_.bool_const(fmt::format("y_{}_{}_{}", t, c, i).c_str())
                                    : ctx_.bool_val(false));
        }
  }

  // One walk: after each step a message is at one node at most (no copies).
  // Strengthened, at exactly one: a walk is always somewhere.
  void a_message_is_at_one_node() {
    for (uint32_t t = 1; t <= steps_; ++t)
      for (size_t i = 0; i < messages_.size(); ++i) {
        z3::expr_vector where(ctx_);
        for (uint32_t v = 0; v < n_; ++v)
          if (!at(t, v, i).is_false()) where.push_back(at(t, v, i));
        if (where.size() > 1) solver_.add(at_most(ctx_, where, 1));
        if (p_.strengthen) solver_.add(at_least(ctx_, where, 1));
      }
  }

  // Causality: a node sends only a message it holds at the start of the step.
  void moves_start_where_the_message_is() {
    for (uint32_t t = 1; t <= steps_; ++t)
      for (size_t c = 0; c < channels_.size(); ++c)
        for (size_t i = 0; i < messages_.size(); ++i)
          if (!y(t, c, i).is_false()) solver_.add(z3::implies(y(t, c, i), at(t - 1, channels_[c].tail, i)));
  }

  // Delivery: the receiver holds the message after the step.
  void moves_end_where_the_message_goes() {
    for (uint32_t t = 1; t <= steps_; ++t)
      for (size_t c = 0; c < channels_.size(); ++c)
        for (size_t i = 0; i < messages_.size(); ++i)
          if (!y(t, c, i).is_false()) solver_.add(z3::implies(y(t, c, i), at(t, channels_[c].head, i)));
  }

  // Delivery: a message is at v after step t only if it was there before, or
  // a channel into v carried it in step t. Strengthened, also the converse
  // (conservation): a message at v before step t is there after it, or a
  // channel out of v carries it.
  void a_message_stays_unless_it_moves() {
    const size_t count = messages_.size();
    for (uint32_t t = 1; t <= steps_; ++t) {
      std::vector<z3::expr_vector> into = vectors(ctx_, n_ * count), out = vectors(ctx_, n_ * count);
      for (size_t c = 0; c < channels_.size(); ++c)
        for (size_t i = 0; i < count; ++i)
          if (!y(t, c, i).is_false()) {
            into[channels_[c].head * count + i].push_back(y(t, c, i));
            out[channels_[c].tail * count + i].push_back(y(t, c, i));
          }
      for (uint32_t v = 0; v < n_; ++v)
        for (size_t i = 0; i < count; ++i) {
          if (!at(t, v, i).is_false())
            solver_.add(z3::implies(at(t, v, i), at(t - 1, v, i) || z3::mk_or(into[v * count + i])));
          if (p_.strengthen && !at(t - 1, v, i).is_false())
            solver_.add(z3::implies(at(t - 1, v, i), at(t, v, i) || z3::mk_or(out[v * count + i])));
        }
    }
  }

  // Non-combining, link-disjoint: a channel carries at most one message per step.
  void one_message_per_channel() {
    for (uint32_t t = 1; t <= steps_; ++t)
      for (size_t c = 0; c < channels_.size(); ++c) {
        z3::expr_vector packets(ctx_);
        for (size_t i = 0; i < messages_.size(); ++i)
          if (!y(t, c, i).is_false()) packets.push_back(y(t, c, i));
        if (packets.size() > 1) solver_.add(at_most(ctx_, packets, 1));
      }
  }

  // Port limits (one-port): one packet out of and one into each node per step.
  void one_send_and_one_receive_per_node() {
    for (uint32_t t = 1; t <= steps_; ++t) {
      std::vector<z3::expr_vector> out = vectors(ctx_, n_), in = vectors(ctx_, n_);
      for (size_t c = 0; c < channels_.size(); ++c)
        for (size_t i = 0; i < messages_.size(); ++i)
          if (!y(t, c, i).is_false()) {
            out[channels_[c].tail].push_back(y(t, c, i));
            in[channels_[c].head].push_back(y(t, c, i));
          }
      for (uint32_t v = 0; v < n_; ++v) {
        if (out[v].size() > 1) solver_.add(at_most(ctx_, out[v], 1));
        if (in[v].size() > 1) solver_.add(at_most(ctx_, in[v], 1));
      }
    }
  }

  // Delivery at the end: every message is at its destination after step T.
  void every_message_ends_at_its_destination() {
    for (size_t i = 0; i < messages_.size(); ++i) solver_.add(at(steps_, destination(i), i));
  }

  // Redundant: a walk that comes back to a node can wait there instead, which
  // frees channels, so some optimal schedule enters each node with each
  // message at most once over all steps.
  void a_message_enters_each_node_once() {
    const size_t count = messages_.size();
    std::vector<z3::expr_vector> into = vectors(ctx_, n_ * count);
    for (uint32_t t = 1; t <= steps_; ++t)
      for (size_t c = 0; c < channels_.size(); ++c)
        for (size_t i = 0; i < count; ++i)
          if (!y(t, c, i).is_false()) into[channels_[c].head * count + i].push_back(y(t, c, i));
    for (size_t k = 0; k < into.size(); ++k)
      if (into[k].size() > 1) solver_.add(at_most(ctx_, into[k], 1));
  }

  // Redundant: the root's channels as a pigeonhole. A scatter's message m
  // leaves the root by step T - dist(root, m) + 1; a gather's arrives there
  // in step dist(m, root) or later. So the k first steps of a scatter (the k
  // last of a gather) pass every message at least T - k + 1 hops from the
  // root, through at most `ports` channels per step (one-port: 1). Counts
  // that cannot are refuted before the solver starts, and otherwise each
  // step's root channels carry at most `ports` messages, all steps together
  // at least P - 1 (stated as cardinalities over the same literals, so the
  // solver compares them without search).
  void the_root_ports_meet_the_deadlines() {
    const bool scatter = p_.collective == RootedCollective::scatter;
    uint32_t degree = 0;
    for (const SfChannel& ch : channels_) degree += (scatter ? ch.tail : ch.head) == p_.root ? 1 : 0;
    const uint32_t ports = p_.one_port ? 1 : degree;
    for (uint32_t k = 1; k <= steps_; ++k) {
      uint32_t due = 0;
      for (uint32_t m : messages_) due += dist_[p_.root][m] + k >= steps_ + 1 ? 1 : 0;
      if (due > ports * k) {
        solver_.add(ctx_.bool_val(false));
        return;
      }
    }
    z3::expr_vector all(ctx_);
    for (uint32_t t = 1; t <= steps_; ++t) {
      z3::expr_vector step(ctx_);
      for (size_t c = 0; c < channels_.size(); ++c)
        if ((scatter ? channels_[c].tail : channels_[c].head) == p_.root)
          for (size_t i = 0; i < messages_.size(); ++i)
            if (!y(t, c, i).is_false()) {
              step.push_back(y(t, c, i));
              all.push_back(y(t, c, i));
            }
      if (step.size() > ports) solver_.add(at_most(ctx_, step, ports));
    }
    solver_.add(at_least(ctx_, all, static_cast<unsigned>(messages_.size())));
  }

  // Nonstop schedules only (moves along shortest paths, declare_moves): a
  // message that has left its source and is not at its destination moves on
  // in the next step. Such a schedule is a schedule; the restriction cuts the
  // choices to the step each message leaves its source and its path.
  void relays_forward_at_once() {
    const size_t count = messages_.size();
    for (uint32_t t = 1; t < steps_; ++t) {
      std::vector<z3::expr_vector> out = vectors(ctx_, n_ * count);
      for (size_t c = 0; c < channels_.size(); ++c)
        for (size_t i = 0; i < count; ++i)
          if (!y(t + 1, c, i).is_false()) out[channels_[c].tail * count + i].push_back(y(t + 1, c, i));
      for (uint32_t v = 0; v < n_; ++v)
        for (size_t i = 0; i < count; ++i)
          if (v != source(i) && v != destination(i) && !at(t, v, i).is_false())
            solver_.add(z3::implies(at(t, v, i), z3::mk_or(out[v * count + i])));
    }
  }

  z3::context& ctx_;
  z3::solver& solver_;
  const SfRootedProblem& p_;
  uint32_t steps_;
  bool nonstop_;
  uint32_t n_;
  std::vector<SfChannel> channels_;
  std::vector<std::vector<uint32_t>> dist_;
  std::vector<uint32_t> messages_;  // every node but the root, in index order
  z3::expr_vector at_;              // step-major, then node, then message
  z3::expr_vector moves_;           // step-major (from step 1), then channel, then message
};

}  // namespace

namespace {

// One count under one encoding, in at most `seconds`.
Attempt solve(const SfRootedProblem& problem, uint32_t steps, bool nonstop, double seconds, std::string& witness) {
  const auto t0 = Clock::now();
  z3::context ctx;
  z3::solver solver(ctx);
  set_time_limit(solver, seconds);
  const Encoding encoding(ctx, solver, problem, steps, nonstop);
  const Outcome outcome = outcome_of(solver.check());
  if (outcome == Outcome::sat) witness = encoding.witness(solver.get_model());
  return Attempt{steps, outcome, std::chrono::duration<double>(Clock::now() - t0).count(),
                 nonstop ? nonstop_run_name : "", nonstop};
}

}  // namespace

SearchReport search_sf_rooted(const SfRootedProblem& problem, uint32_t first, uint32_t last,
                              const SearchLimits& limits) {
  SearchReport report;
  const auto start = Clock::now();
  const size_t channel_count = sf_channels(problem).size();
  // The list schedule first: at the first count it settles the search, and
  // above it the solver climbs only to the count below its count.
  std::optional<ListSchedule> listed;
  if (problem.strengthen && problem.list_schedule_first) listed = sf_rooted_list_schedule(problem, last);
  if (listed && listed->steps < first) listed.reset();  // a count asked above it is the solver's to answer
  const double list_seconds = seconds_since(start);
  auto record_listed = [&] {
    record_attempt(report, limits, Attempt{listed->steps, Outcome::sat, list_seconds, list_run_name, true},
                   std::move(listed->body));
  };
  if (listed && listed->steps <= std::max(first, 1U)) {
    record_listed();
    return report;
  }
  if (listed) last = listed->steps - 1;
  for (uint32_t steps = std::max(first, 1U); steps <= last; ++steps) {
    const std::optional<double> count_seconds = begin_count(report, limits, start, steps);
    if (!count_seconds) break;
    // Z3 takes a few hundred bytes per variable: a count past the limit is
    // left unknown rather than built into more memory than the machine has.
    const uint64_t moves = uint64_t{channel_count} * (sf_node_count(problem) - 1) * steps;
    if (moves > max_sf_moves) {
      record_attempt(report, limits,
                     Attempt{steps, Outcome::unknown, 0, fmt::format("an encoding too large ({} moves)", moves)},
                     "", true);
      continue;
    }
    const double budget = *count_seconds;
    const auto count_start = Clock::now();
    std::string witness;
    // Nonstop schedules first, in a third of the count's time: their
    // witness settles the count; their unsat proves nothing.
    if (problem.strengthen) {
      const Attempt a = solve(problem, steps, true, budget * nonstop_share, witness);
      if (record_attempt(report, limits, a, std::move(witness))) break;
    }
    const double rest = budget - seconds_since(count_start);
    const Attempt a = rest > 0 ? solve(problem, steps, false, rest, witness) : Attempt{steps, Outcome::unknown, 0};
    if (record_attempt(report, limits, a, std::move(witness), true)) break;
  }
  if (listed && !report.witness_steps) record_listed();
  return report;
}

std::string sf_rooted_dimacs(const SfRootedProblem& problem, uint32_t steps) {
  z3::context ctx;
  z3::solver solver(ctx);
  const Encoding encoding(ctx, solver, problem, steps);
  return to_dimacs(ctx, solver, ctx.bool_val(true));
}

}  // namespace schedcheck::search
