// Flit search: the tree routes, the bounds, one function per constraint family, the bisection and the witness.
//
// T_i (an integer >= 0) is the dispatch time of train i. By format.md
// section 7.1 the train holds hop k of its route (k = 0..d_i-1) in the units
// [T_i + k, T_i + k + l_i) and arrives at T_i + d_i + l_i - 1. Two trains may
// share a channel, or under one-port a sending or a receiving node, only at
// disjoint units: a disjunction of two difference constraints per shared
// hop. Nothing else constrains the dispatch: the root holds every message of
// a scatter from time 0, and in a gather every node holds its own.
#include "flit_search.hpp"

#include <algorithm>
#include <chrono>
#include <map>
#include <set>
#include <tuple>

#include <fmt/format.h>
#include <z3++.h>

#include "z3_util.hpp"

namespace schedcheck::search {

namespace {

using Clock = std::chrono::steady_clock;

// Times stay below 2^31, so that they fit Attempt::steps and Z3's int64 numerals.
constexpr uint64_t max_time = uint64_t{1} << 31;

// The distance of every node from the root along the tree (UINT32_MAX: unreached).
std::vector<uint32_t> tree_depths(const std::vector<uint32_t>& parents, uint32_t root) {
  std::vector<uint32_t> depth(parents.size(), UINT32_MAX);
  depth[root] = 0;
  // A parent may have a higher index than its child: walk up to a node of
  // known depth, then down again.
  for (uint32_t v = 0; v < parents.size(); ++v) {
    std::vector<uint32_t> chain;
    uint32_t u = v;
    while (depth[u] == UINT32_MAX && parents[u] != no_parent) chain.push_back(u), u = parents[u];
    if (depth[u] == UINT32_MAX) continue;  // not reached from the root
    for (size_t c = chain.size(); c-- > 0;) depth[chain[c]] = depth[parents[chain[c]]] + 1;
  }
  return depth;
}

class FlitEncoding {
 public:
  FlitEncoding(z3::context& ctx, z3::solver& solver, const std::vector<FlitTrain>& trains, bool one_port,
               bool strengthen)
      : ctx_(ctx), solver_(solver), trains_(trains), dispatch_(ctx) {
    for (const FlitTrain& t : trains_)
      dispatch_.push_back(ctx_.int_const(fmt::format("{}_{}", t.wake_up ? "W" : "T", t.node).c_str()));
    dispatch_times_are_not_negative();
    licences_arrive_first();
    channels_carry_one_flit_per_unit();
    if (one_port) ports_send_and_receive_one_flit_per_unit();
    if (strengthen) each_resource_holds_its_trains_end_to_end(one_port);
  }

  // The literal that, assumed, asks every train to arrive by `time`.
  z3::expr goal(uint64_t time) {
    auto [at, fresh] = goals_.try_emplace(time, ctx_.bool_const(fmt::format("goal_{}", time).c_str()));
    if (fresh) every_train_arrives_by(at->second, time);
    return at->second;
  }

  // The time of the schedule in `m`, the latest arrival: at most the time
  // asked for, and less when the solver found better.
  uint64_t arrival(const z3::model& m) const {
    uint64_t last = 0;
    for (size_t i = 0; i < trains_.size(); ++i)
      last = std::max(last, m.eval(dispatch_time(i), true).get_numeral_uint64() + trains_[i].hops() +
                                trains_[i].length - 1);
    return last;
  }

  // The body of the schedule: one line per train, in the order of dispatch.
  std::string witness(const z3::model& m) const {
    std::vector<std::pair<uint64_t, size_t>> order;
    for (size_t i = 0; i < trains_.size(); ++i)
      order.emplace_back(m.eval(dispatch_time(i), true).get_numeral_uint64(), i);
    std::sort(order.begin(), order.end());
    std::string s;
    for (const auto& [time, i] : order) {
      const FlitTrain& t = trains_[i];
      s += fmt::format("  {}", t.route.front());
      for (size_t k = 1; k < t.route.size(); ++k) s += fmt::format(" > {}", t.route[k]);
      s += t.wake_up ? fmt::format(" ! wake-{} @{}", t.node, time) : fmt::format(" : {} @{}", t.node, time);
      if (t.licence != SIZE_MAX) s += fmt::format(" after wake-{}", trains_[t.licence].node);
      s += '\n';
    }
    return s;
  }

 private:
  z3::expr dispatch_time(size_t i) const { return dispatch_[static_cast<int>(i)]; }
  z3::expr number(uint64_t n) const { return ctx_.int_val(static_cast<int64_t>(n)); }

  // Trains leave at time 0 at the earliest (format.md 7.1: time runs from 0).
  void dispatch_times_are_not_negative() {
    for (size_t i = 0; i < trains_.size(); ++i) solver_.add(dispatch_time(i) >= 0);
  }

  // A licensed train leaves no earlier than its wake-up call, dispatched at
  // T_j over d_j hops, arrives: T_i >= T_j + d_j (format.md 7.2).
  void licences_arrive_first() {
    for (size_t i = 0; i < trains_.size(); ++i)
      if (const size_t j = trains_[i].licence; j != SIZE_MAX)
        solver_.add(dispatch_time(i) >= dispatch_time(j) + number(trains_[j].hops()));
  }

  // Hop k of train i and hop k2 of train j hold one resource at disjoint
  // units: T_i + k + l_i <= T_j + k2 or T_j + k2 + l_j <= T_i + k. The
  // constraint depends on k2 - k alone, so a pair of trains sharing many
  // hops at the same offset (every channel on their common path, in a
  // scatter) is asserted once.
  void apart(size_t i, uint32_t k, size_t j, uint32_t k2) {
    if (i > j) std::swap(i, j), std::swap(k, k2);
    if (!asserted_.emplace(i, j, int64_t{k2} - int64_t{k}).second) return;
    const uint64_t li = trains_[i].length, lj = trains_[j].length;
    solver_.add(dispatch_time(i) + number(k + li) <= dispatch_time(j) + number(k2) ||
                dispatch_time(j) + number(k2 + lj) <= dispatch_time(i) + number(k));
  }

  // Every pair of hops of different trains that `same` says share a resource.
  template <class Same>
  void keep_apart_hops(Same same) {
    for (size_t i = 0; i < trains_.size(); ++i)
      for (size_t j = i + 1; j < trains_.size(); ++j)
        for (uint32_t k = 0; k < trains_[i].hops(); ++k)
          for (uint32_t k2 = 0; k2 < trains_[j].hops(); ++k2)
            if (same(trains_[i].route, k, trains_[j].route, k2)) apart(i, k, j, k2);
  }

  // Link-disjointness (properties.md 2, flit level): a directed channel
  // carries at most one flit per time unit, so two trains on one channel
  // hold it at disjoint units.
  void channels_carry_one_flit_per_unit() {
    keep_apart_hops([](const std::vector<uint32_t>& a, uint32_t k, const std::vector<uint32_t>& b, uint32_t k2) {
      return a[k] == b[k2] && a[k + 1] == b[k2 + 1];
    });
  }

  // Port limits (properties.md 3, one-port): in each unit a node sends at
  // most one flit and receives at most one, counting the flits it relays,
  // whatever the channels: hops with the same tail, and hops with the same
  // head, are held at disjoint units.
  void ports_send_and_receive_one_flit_per_unit() {
    keep_apart_hops([](const std::vector<uint32_t>& a, uint32_t k, const std::vector<uint32_t>& b, uint32_t k2) {
      return a[k] == b[k2];
    });
    keep_apart_hops([](const std::vector<uint32_t>& a, uint32_t k, const std::vector<uint32_t>& b, uint32_t k2) {
      return a[k + 1] == b[k2 + 1];
    });
  }

  // Redundant. The trains that share a resource (a channel; under one-port
  // also a node's sending or receiving side) hold it at disjoint units, so
  // of any set S of them that cannot reach it before unit a, the last leaves
  // it at a + (the total length of S) or later: OR over i in S of
  // T_i + k_i + l_i >= a + sum l. Train i reaches its hop k_i at unit k_i
  // at the earliest (T_i >= 0), and after leaving it needs d_i - k_i more
  // units to arrive; the sets taken are, for each pair of thresholds (a, q),
  // the trains with k_i >= a and d_i - k_i >= q. Against the time bound of
  // goal_K such a clause refutes a time at once where the disjunctions
  // alone must try every order of the trains (the pigeonhole of a root
  // that cannot send every deep message in time).
  void each_resource_holds_its_trains_end_to_end(bool one_port) {
    // resource -> (train, hop): kind 0 a channel (tail, head), 1 a sending
    // node (tail, tail), 2 a receiving node (head, head).
    std::map<std::tuple<int, uint32_t, uint32_t>, std::vector<std::pair<size_t, uint32_t>>> users;
    for (size_t i = 0; i < trains_.size(); ++i)
      for (uint32_t k = 0; k < trains_[i].hops(); ++k) {
        const uint32_t tail = trains_[i].route[k], head = trains_[i].route[k + 1];
        users[{0, tail, head}].emplace_back(i, k);
        if (!one_port) continue;
        users[{1, tail, tail}].emplace_back(i, k);
        users[{2, head, head}].emplace_back(i, k);
      }
    std::set<std::vector<std::pair<size_t, int64_t>>> asserted;  // (train, least end) lists
    for (const auto& [resource, hops] : users) {
      if (hops.size() < 2) continue;
      std::set<uint32_t> starts, tails;
      for (const auto& [i, k] : hops) starts.insert(k), tails.insert(trains_[i].hops() - k);
      for (uint32_t a : starts)
        for (uint32_t q : tails) {
          std::vector<std::pair<size_t, uint32_t>> set;
          uint64_t total = 0;
          for (const auto& [i, k] : hops)
            if (k >= a && trains_[i].hops() - k >= q) set.emplace_back(i, k), total += trains_[i].length;
          if (set.size() < 2) continue;
          // T_i >= a + total - k_i - l_i for some i in the set.
          std::vector<std::pair<size_t, int64_t>> least;
          for (const auto& [i, k] : set)
            least.emplace_back(i, static_cast<int64_t>(a + total) - static_cast<int64_t>(k + trains_[i].length));
          if (!asserted.insert(least).second) continue;
          z3::expr_vector some(ctx_);
          for (const auto& [i, at] : least) some.push_back(dispatch_time(i) >= ctx_.int_val(at));
          solver_.add(z3::mk_or(some));
        }
    }
  }

  // Time (properties.md 8, claim time=): under goal_K every train arrives by
  // K, T_i + d_i + l_i - 1 <= K.
  void every_train_arrives_by(const z3::expr& goal, uint64_t time) {
    for (size_t i = 0; i < trains_.size(); ++i) {
      const FlitTrain& t = trains_[i];
      solver_.add(z3::implies(goal, dispatch_time(i) + number(t.hops() + t.length - 1) <= number(time)));
    }
  }

  z3::context& ctx_;
  z3::solver& solver_;
  const std::vector<FlitTrain>& trains_;
  z3::expr_vector dispatch_;  // T_i, in the order of trains_
  std::set<std::tuple<size_t, size_t, int64_t>> asserted_;  // (i, j, k2 - k) already kept apart
  std::map<uint64_t, z3::expr> goals_;
};

}  // namespace

std::string flit_problem_error(const FlitProblem& p) {
  const size_t n = p.neighbours.size();
  if (n == 0) return "the network has no nodes";
  if (p.root >= n) return fmt::format("the root {} is not a node (0..{})", p.root, n - 1);
  if (p.lengths.size() != n) return fmt::format("{} lengths for {} nodes", p.lengths.size(), n);
  for (uint32_t v = 0; v < n; ++v)
    for (uint32_t w : p.neighbours[v])
      if (w >= n) return fmt::format("node {} has a neighbour {} that is not a node", v, w);
  const std::vector<uint32_t> depth = tree_depths(flit_spanning_tree(p), p.root);
  size_t trains = 0;
  uint64_t total = 0, farthest = 0;
  for (uint32_t v = 0; v < n; ++v) {
    if (v == p.root || p.lengths[v] == 0) continue;
    if (depth[v] == UINT32_MAX)
      return fmt::format("node {} has a non-null message but no path to the root", v);
    ++trains;
    if (p.lengths[v] >= max_time) return fmt::format("node {}: {} flits is too long for the search", v, p.lengths[v]);
    total += p.lengths[v];
    farthest = std::max<uint64_t>(farthest, depth[v]);
  }
  if (p.wake_up_chain) {
    if (p.collective != FlitCollective::gather || !p.one_port)
      return "a wake-up chain (inequality (5)) is a one-port gather's";
    std::vector<uint32_t> at_depth(n, 0);
    for (uint32_t v = 0; v < n; ++v)
      if (depth[v] != UINT32_MAX && ++at_depth[depth[v]] > 1)
        return "a wake-up chain (inequality (5)) runs along a path from the root: the network is not one";
    trains += farthest;  // one call per node up to the farthest non-null message
  }
  if (trains > max_flit_trains)
    return fmt::format("{} non-null messages: the search takes at most {}", trains, max_flit_trains);
  if (total + farthest >= max_time) return fmt::format("{} flits in all is too long for the search", total);
  return "";
}

std::vector<uint32_t> flit_spanning_tree(const FlitProblem& p) {
  std::vector<uint32_t> parent(p.neighbours.size(), no_parent);
  std::vector<bool> seen(p.neighbours.size(), false);
  std::vector<uint32_t> queue{p.root};
  seen[p.root] = true;
  for (size_t at = 0; at < queue.size(); ++at)
    for (uint32_t w : p.neighbours[queue[at]])
      if (!seen[w]) seen[w] = true, parent[w] = queue[at], queue.push_back(w);
  return parent;
}

std::vector<FlitTrain> flit_trains(const FlitProblem& p) {
  const std::vector<uint32_t> parent = flit_spanning_tree(p);
  std::vector<FlitTrain> trains;
  for (uint32_t v = 0; v < p.neighbours.size(); ++v) {
    if (v == p.root || p.lengths[v] == 0 || parent[v] == no_parent) continue;
    FlitTrain t;
    t.node = v;
    t.length = p.lengths[v];
    for (uint32_t u = v; u != no_parent; u = parent[u]) t.route.push_back(u);  // v up to the root
    if (p.collective == FlitCollective::scatter) std::reverse(t.route.begin(), t.route.end());
    trains.push_back(std::move(t));
  }
  if (!p.wake_up_chain) return trains;
  // The path by depth, and a call to each node up to the farthest message.
  const std::vector<uint32_t> depth = tree_depths(parent, p.root);
  std::vector<uint32_t> path(1, p.root);
  uint32_t farthest = 0;
  for (uint32_t v = 0; v < p.neighbours.size(); ++v) {
    if (depth[v] == UINT32_MAX) continue;
    if (path.size() <= depth[v]) path.resize(depth[v] + 1);
    path[depth[v]] = v;
    if (p.lengths[v] > 0 && v != p.root) farthest = std::max(farthest, depth[v]);
  }
  const size_t messages = trains.size();
  for (uint32_t i = 1; i <= farthest; ++i) {
    FlitTrain call;
    call.node = path[i];
    call.length = 1;
    call.route = {path[i - 1], path[i]};
    call.wake_up = true;
    call.licence = i > 1 ? trains.size() - 1 : SIZE_MAX;
    trains.push_back(std::move(call));
  }
  for (size_t k = 0; k < messages; ++k) trains[k].licence = messages + depth[trains[k].node] - 1;
  return trains;
}

FlitBound flit_lower_bound(const FlitProblem& p) {
  const std::vector<FlitTrain> trains = flit_trains(p);
  if (trains.empty()) return {0, "none"};
  uint64_t distance = 0, total = 0;
  uint32_t nearest = UINT32_MAX;
  for (const FlitTrain& t : trains) {
    if (t.wake_up) continue;  // calls go down the path, and the bounds are the messages'
    distance = std::max(distance, t.hops() + t.length - 1);
    total += t.length;
    nearest = std::min(nearest, t.hops());
  }
  // All-port: the root's tree channels, one flit each per unit.
  uint64_t ports = 1;
  if (!p.one_port) {
    const std::vector<uint32_t> parent = flit_spanning_tree(p);
    ports = static_cast<uint64_t>(std::count(parent.begin(), parent.end(), p.root));
  }
  const uint64_t stream = (total + ports - 1) / ports + nearest - 1;
  return distance >= stream ? FlitBound{distance, "flit-message-distance"} : FlitBound{stream, "flit-root-stream"};
}

uint64_t flit_gap_free_time(const FlitProblem& p) {
  // Scatter: train j leaves the root at the sum of the lengths before it and
  // arrives at prefix_j + d_j - 1, prefix_j including its own length. On
  // each shared resource two trains sit at the same hop index, so the
  // back-to-back intervals at the root stay disjoint everywhere. A gather
  // is the same stream reversed in time.
  // With a wake-up chain the stream starts once the last call has arrived.
  uint64_t prefix = 0, time = 0, calls = 0;
  for (const FlitTrain& t : flit_trains(p)) {
    if (t.wake_up) {
      ++calls;
      continue;
    }
    prefix += t.length;
    time = std::max(time, prefix + t.hops() - 1);
  }
  return time + (calls > 0 ? calls + 1 : 0);
}

FlitConclusion conclude_flit(const SearchReport& report, const FlitBound& bound, const FlitBound& tree_bound,
                             bool routes_unique) {
  FlitConclusion c;
  // Every time below an unsat one is unsat too, on the tree's routes.
  c.least = bound.time;
  for (const Attempt& a : report.attempts)
    if (a.outcome == Outcome::unsat && routes_unique) c.least = std::max<uint64_t>(c.least, a.steps + 1);
  if (!report.witness_steps) return c;
  const uint32_t time = *report.witness_steps;
  for (const Attempt& a : report.attempts)
    if (a.outcome == Outcome::unsat && a.steps + 1 == time)
      c.tree_proof = fmt::format("time {}: unsat in {:.2f} s", time - 1, a.seconds);
  const std::string below = time == 0 ? "nothing moves" : fmt::format("time {}: below the lower bound", time - 1);
  if (time == tree_bound.time) c.tree_proof = below;
  if (routes_unique) c.proof = c.tree_proof;
  if (time == bound.time) c.proof = below;
  c.kind = !c.proof.empty()        ? FlitConclusion::Kind::optimum
           : !c.tree_proof.empty() ? FlitConclusion::Kind::least_on_tree
                                   : FlitConclusion::Kind::found;
  return c;
}

std::string flit_model_line(const FlitProblem& p) {
  return p.wake_up_chain ? "flit one-port licensed" : p.one_port ? "flit one-port" : "flit all-port";
}

std::string flit_collective_line(const FlitProblem& p) {
  return fmt::format("{} root {} lengths {}", p.collective == FlitCollective::scatter ? "scatter" : "gather", p.root,
                     fmt::join(p.lengths, " "));
}

SearchReport search_flit(const FlitProblem& problem, const SearchLimits& limits) {
  SearchReport report;
  const auto start = Clock::now();
  const std::vector<FlitTrain> trains = flit_trains(problem);
  z3::context ctx;
  // Z3's simple solver (its SMT core, no tactics first): the default solver
  // spends about 5 ms before its first answer, the simple one under 1 ms,
  // and on the 24-train trees tried both took the same time.
  z3::solver solver(ctx, z3::solver::simple());
  FlitEncoding encoding(ctx, solver, trains, problem.one_port, problem.strengthen);
  // Every time below lo is impossible (the bound, or unsat), every time above
  // hi possible (the gap-free stream, or sat); the lower bound is tried
  // first, because it is most often the answer.
  uint64_t lo = flit_lower_bound(problem).time, hi = flit_gap_free_time(problem);
  bool first = true;
  while (lo <= hi) {
    const uint64_t time = first ? lo : lo + (hi - lo) / 2;
    first = false;
    const double left = limits.timeout_seconds - std::chrono::duration<double>(Clock::now() - start).count();
    if (left <= 0) {
      report.gave_up = true;
      break;
    }
    set_time_limit(solver, left);
    if (limits.trying) limits.trying(static_cast<uint32_t>(time));
    const auto t0 = Clock::now();
    z3::expr_vector assumptions(ctx);
    assumptions.push_back(encoding.goal(time));
    const z3::check_result result = solver.check(assumptions);
    const Attempt a{static_cast<uint32_t>(time), outcome_of(result),
                    std::chrono::duration<double>(Clock::now() - t0).count()};
    report.attempts.push_back(a);
    if (limits.progress) limits.progress(a);
    if (a.outcome == Outcome::unknown) {
      report.gave_up = true;
      break;
    }
    if (a.outcome == Outcome::sat) {
      // The schedule found may arrive before the time asked: the next
      // times to try are below its own.
      const z3::model model = solver.get_model();
      const uint64_t found = encoding.arrival(model);
      report.witness_steps = static_cast<uint32_t>(found);
      report.witness = encoding.witness(model);
      if (found == 0) break;
      hi = found - 1;
    } else {
      lo = time + 1;
    }
  }
  return report;
}

}  // namespace schedcheck::search
