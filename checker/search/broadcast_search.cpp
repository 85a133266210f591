// Broadcast search: variables, one function per constraint family, the incremental climb and the witness.
//
// x[t][r]: route r carries the message in step t. informed[t][v]: v holds
// it after step t. The source is node 0: the torus is node-symmetric, and a
// schedule from another source is a translate. Each step count T is tried
// under the assumption goal_T, so the solver keeps what it learnt from the
// counts below.
#include "broadcast_search.hpp"

#include <algorithm>
#include <chrono>
#include <memory>
#include <vector>

#include <fmt/format.h>
#include <z3++.h>

#include "deadline.hpp"
#include "flow_broadcast.hpp"
#include "layer_counts.hpp"
#include "shorter_way_broadcast.hpp"
#include "symmetry.hpp"
#include "z3_util.hpp"

namespace schedcheck::search {

std::string broadcast_model_line(const BroadcastProblem& p) {
  const char* ports = p.one_port ? "one-port" : "all-port";
  if (p.rule == RouteRule::single_hop) return fmt::format("store-and-forward {} free non-combining", ports);
  const char* routing = p.rule == RouteRule::dimension_order          ? "dimension-order"
                        : p.rule == RouteRule::dimension_order_shorter ? "dimension-order-shorter"
                                                                       : "free";
  return fmt::format("wormhole {} {} non-combining", ports, routing);
}

namespace {

using Clock = std::chrono::steady_clock;

// The routes from the source (node 0) that leave by each of its first
// `ports` ports, as indices into `routes`.
std::vector<std::vector<size_t>> source_routes_by_port(const Grid& grid, const std::vector<Route>& routes,
                                                       uint32_t ports) {
  std::vector<std::vector<size_t>> by_port(ports);
  const uint32_t fan = 2 * grid.dimensions();
  for (size_t r = 0; r < routes.size(); ++r) {
    const uint32_t port = routes[r].channels.front() % fan;
    if (routes[r].from == 0 && port < ports) by_port[port].push_back(r);
  }
  return by_port;
}

class BroadcastEncoding {
 public:
  // Throws OutOfTime past `deadline`, as add_step and goal do.
  BroadcastEncoding(z3::context& ctx, z3::solver& solver, const BroadcastProblem& p, Deadline deadline)
      : ctx_(ctx), solver_(solver), p_(p), deadline_(deadline) {
    if (p.code_last_step) code_ = perfect_lee_code(p.grid);
    // Under the code's try only its nodes are informed before the last step.
    auto kept = [&](uint32_t v) { return code_.empty() || code_[v]; };
    for (uint32_t u = 0; u < p.grid.node_count(); ++u) {
      keep_time();
      if (!kept(u)) continue;
      for (Route& r : routes_from(p.grid, u, p.rule))
        if (kept(r.to)) routes_.push_back(std::move(r));
    }
    for (uint32_t v = 0; v < p.grid.node_count(); ++v) goal_nodes_ += kept(v) ? 1 : 0;
    // The lex-leader of the first step assumes a class that every symmetry
    // keeps; an automorphism may move the code.
    if ((p.strengthen && !p.code_last_step && !p.code_anchored) || p.symmetric_only)
      symmetries_ = source_symmetries(p.grid, routes_, p.symmetric_only.value_or(SymmetryGroup::all),
                                      [this] { keep_time(); });
    split_routes_ = source_routes_by_port(p.grid, routes_, p.split_ports);
    z3::expr_vector start(ctx_);
    for (uint32_t v = 0; v < p.grid.node_count(); ++v) start.push_back(ctx_.bool_val(v == 0));
    informed_.push_back(start);
  }

  // Adds the variables and constraints of the next step. Past `deadline` it
  // throws OutOfTime and leaves the step half built: the encoding is then
  // of no further use.
  void add_step(Deadline deadline) {
    deadline_ = deadline;
    const uint32_t t = static_cast<uint32_t>(sends_.size()) + 1;
    // A symmetric schedule is one variable per orbit: a route, or a node,
    // shares the variable of the least index in its orbit, which comes first.
    z3::expr_vector x(ctx_);
    for (size_t r = 0; r < routes_.size(); ++r) {
      keep_time(r);
      const uint32_t orbit = p_.symmetric_only ? symmetries_.route_orbit[r] : static_cast<uint32_t>(r);
      x.push_back(orbit < r ? x[static_cast<int>(orbit)] : ctx_.bool_const(fmt::format("x_{}_{}", t, r).c_str()));
    }
    sends_.push_back(x);
    z3::expr_vector now(ctx_);
    for (uint32_t v = 0; v < p_.grid.node_count(); ++v) {
      const uint32_t orbit = p_.symmetric_only ? symmetries_.node_orbit[v] : v;
      now.push_back(orbit < v ? now[static_cast<int>(orbit)]
                              : ctx_.bool_const(fmt::format("informed_{}_{}", t, v).c_str()));
    }
    informed_.push_back(now);
    senders_hold_the_message(t);
    informed_grows_by_receptions(t);
    one_path_per_channel(t);
    if (p_.one_port) one_send_and_one_receive_per_node(t);
    if (p_.strengthen) {
      only_uninformed_nodes_receive(t);
      each_node_receives_once(t);
      informed_set_grows_at_most_by_fan_out(t);
      if (t == 1 && !p_.symmetric_only) symmetries_of_the_first_step();
    }
  }

  uint32_t steps() const { return static_cast<uint32_t>(sends_.size()); }

  // The literals that, assumed, keep the schedules of one cube: the
  // source's path on each split port in step 1, or none there. Paths out of
  // one port share its channel, so at most one is taken. The cubes cover
  // every first step, so with the lex-leader of the first step some cube
  // holds a schedule whenever the count has one.
  std::vector<z3::expr> cube(uint64_t index) const {
    std::vector<z3::expr> literals;
    uint64_t rest = index;
    for (const std::vector<size_t>& on_port : split_routes_) {
      const uint64_t choice = rest % (on_port.size() + 1);
      rest /= on_port.size() + 1;
      if (choice < on_port.size()) {
        literals.push_back(x(1, on_port[choice]));
        continue;
      }
      for (size_t r : on_port) literals.push_back(!x(1, r));
    }
    return literals;
  }
  // How many automorphisms other than the identity fix the source and keep the routing.
  size_t symmetry_count() const { return symmetries_.node_images.size(); }

  // The literal that, assumed, asks for every node informed after `steps()`
  // steps. Throws OutOfTime past `deadline`.
  z3::expr goal(Deadline deadline) {
    deadline_ = deadline;
    const uint32_t t = steps();
    z3::expr g = ctx_.bool_const(fmt::format("goal_{}", t).c_str());
    z3::expr_vector all(ctx_);
    for (uint32_t v = 0; v < p_.grid.node_count(); ++v)
      if (code_.empty() || code_[v]) all.push_back(informed_[t][static_cast<int>(v)]);
    solver_.add(z3::implies(g, z3::mk_and(all)));
    if (p_.strengthen) idle_ports_within_the_slack(g);
    const bool dimension_ordered =
        p_.rule == RouteRule::dimension_order || p_.rule == RouteRule::dimension_order_shorter;
    if (p_.strengthen && p_.layer_counts && dimension_ordered && !p_.one_port && code_.empty())
      layer_counts_of_every_chain(g);
    if (p_.code_anchored) the_code_informed_before_the_last_step(g);
    const uint32_t hops = p_.code_anchored ? 2 : p_.last_step_hops;
    if (hops > 0) a_last_step_of_short_paths(g, hops);
    return g;
  }

  // The assumptions that set every send and informed variable of the
  // encoding as `model` names them. Empty when the model leaves a send
  // unset (it is of another encoding), with `unset` naming it.
  std::vector<z3::expr> fixed_by(const NamedValues& model, std::string& unset) const {
    FixedByModel fixed(model);
    for (const std::vector<z3::expr_vector>* vars : {&sends_, &informed_})
      for (const z3::expr_vector& step : *vars)
        for (unsigned i = 0; i < step.size(); ++i)
          if (!fixed.fix(step[static_cast<int>(i)], vars == &sends_)) {  // a constant (step 0's informed) is no variable
            unset = fixed.unset();
            return {};
          }
    return fixed.literals();
  }

  std::string witness(const z3::model& m) const {
    std::string s;
    for (size_t t = 0; t < sends_.size(); ++t) {
      s += fmt::format("step {}\n", t + 1);
      for (size_t r = 0; r < routes_.size(); ++r)
        if (m.eval(sends_[t][static_cast<int>(r)], true).is_true())
          s += fmt::format("  {} {}\n", p_.grid.node_name(routes_[r].from), routes_[r].moves);
    }
    if (code_.empty()) return s;
    s += fmt::format("step {}\n", sends_.size() + 1);
    for (uint32_t v = 0; v < p_.grid.node_count(); ++v)
      for (uint32_t d = 0; code_[v] && d < p_.grid.dimensions(); ++d)
        s += fmt::format("  {} +{}\n  {} -{}\n", p_.grid.node_name(v), d + 1, p_.grid.node_name(v), d + 1);
    return s;
  }

 private:
  // In the loops that build the encoding (Deadline::keep).
  void keep_time(size_t i = 0) const { deadline_.keep(i); }
  z3::expr x(uint32_t t, size_t r) const { return sends_[t - 1][static_cast<int>(r)]; }
  z3::expr informed(uint32_t t, uint32_t v) const { return informed_[t][static_cast<int>(v)]; }

  // The code-anchored class, under the goal `g`: the Lee code's nodes are
  // informed before the last step (whose paths have at most 2 hops).
  void the_code_informed_before_the_last_step(const z3::expr& g) {
    const std::vector<bool> code = lee_code(p_.grid);
    for (uint32_t v = 0; v < code.size(); ++v)
      if (code[v]) solver_.add(z3::implies(g, informed(steps() - 1, v)));
  }

  // The last-hops class, under the goal `g`: no path of the last step has more than `hops` hops.
  void a_last_step_of_short_paths(const z3::expr& g, uint32_t hops) {
    for (size_t r = 0; r < routes_.size(); ++r) {
      keep_time(r);
      if (routes_[r].channels.size() > hops) solver_.add(z3::implies(g, !x(steps(), r)));
    }
  }

  // Causality: a node sends only what it held at the start of the step.
  void senders_hold_the_message(uint32_t t) {
    for (size_t r = 0; r < routes_.size(); ++r) {
      keep_time(r);
      solver_.add(z3::implies(x(t, r), informed(t - 1, routes_[r].from)));
    }
  }

  // Delivery: after step t a node is informed iff it was, or a path ends at it.
  void informed_grows_by_receptions(uint32_t t) {
    std::vector<z3::expr_vector> into = vectors(ctx_, p_.grid.node_count());
    for (size_t r = 0; r < routes_.size(); ++r) keep_time(r), into[routes_[r].to].push_back(x(t, r));
    for (uint32_t v = 0; v < p_.grid.node_count(); ++v) {
      keep_time();
      solver_.add(informed(t, v) == (informed(t - 1, v) || z3::mk_or(into[v])));
    }
  }

  // Link-disjointness: a directed channel carries at most one path per step.
  void one_path_per_channel(uint32_t t) {
    std::vector<z3::expr_vector> users = vectors(ctx_, p_.grid.channel_count());
    for (size_t r = 0; r < routes_.size(); ++r) {
      keep_time(r);
      for (uint32_t c : routes_[r].channels) users[c].push_back(x(t, r));
    }
    for (size_t c = 0; c < users.size(); ++c) {
      keep_time();  // each at-most can take milliseconds: 32x32 has thousands of paths through a channel
      if (users[c].size() > 1) solver_.add(at_most(ctx_, users[c], 1));
    }
  }

  // Port limits (one-port): one send and one reception per node per step.
  void one_send_and_one_receive_per_node(uint32_t t) {
    std::vector<z3::expr_vector> out = vectors(ctx_, p_.grid.node_count());
    std::vector<z3::expr_vector> in = vectors(ctx_, p_.grid.node_count());
    for (size_t r = 0; r < routes_.size(); ++r) {
      out[routes_[r].from].push_back(x(t, r));
      in[routes_[r].to].push_back(x(t, r));
    }
    for (uint32_t v = 0; v < p_.grid.node_count(); ++v) {
      keep_time();
      if (out[v].size() > 1) solver_.add(at_most(ctx_, out[v], 1));
      if (in[v].size() > 1) solver_.add(at_most(ctx_, in[v], 1));
    }
  }

  // Redundant: a path to a node that already holds the message can be
  // dropped from any schedule, so none is needed.
  void only_uninformed_nodes_receive(uint32_t t) {
    for (size_t r = 0; r < routes_.size(); ++r) {
      keep_time(r);
      solver_.add(z3::implies(x(t, r), !informed(t - 1, routes_[r].to)));
    }
  }

  // Redundant: likewise a second path to a node in any step up to t.
  void each_node_receives_once(uint32_t t) {
    std::vector<z3::expr_vector> into = vectors(ctx_, p_.grid.node_count());
    for (uint32_t s = 1; s <= t; ++s)
      for (size_t r = 0; r < routes_.size(); ++r) keep_time(r), into[routes_[r].to].push_back(x(s, r));
    for (uint32_t v = 0; v < p_.grid.node_count(); ++v) {
      keep_time();
      if (into[v].size() > 1) solver_.add(at_most(ctx_, into[v], 1));
    }
  }

  // Redundant: each informed node informs at most D others per step (one
  // under one-port), so at most (D+1)^t nodes are informed after t steps.
  void informed_set_grows_at_most_by_fan_out(uint32_t t) {
    const uint64_t fan = p_.one_port ? 2 : 2ULL * p_.grid.dimensions() + 1;
    uint64_t bound = 1;
    for (uint32_t s = 0; s < t && bound < p_.grid.node_count(); ++s) bound *= fan;
    if (bound >= p_.grid.node_count()) return;
    z3::expr_vector now(ctx_);
    for (uint32_t v = 0; v < p_.grid.node_count(); ++v) now.push_back(informed(t, v));
    solver_.add(at_most(ctx_, now, static_cast<unsigned>(bound)));
  }

  // Redundant, under the goal. Receptions only by uninformed nodes, once
  // each, make every path a newly informed node, and the paths from one
  // node leave by distinct ports (D of them; one under one-port). So
  // I_t = (D+1) * I_{t-1} - w_t, where w_t counts the ports that nodes
  // informed before step t leave idle in it, and
  // I_T = (D+1)^T - sum over t of (D+1)^(T-t) * w_t. Informing all P nodes
  // (all the code's, under its try) leaves the weighted idle ports a budget
  // of (D+1)^T - P: a port whose weight exceeds it is never idle (at budget
  // 0 every sender is saturated), and the rest share it in one
  // pseudo-Boolean constraint.
  void idle_ports_within_the_slack(const z3::expr& goal) {
    const uint32_t T = steps(), nodes = goal_nodes_;
    if (!p_.grid.wraps) return;  // a mesh's border nodes have fewer ports
    const uint64_t fan = p_.one_port ? 1 : 2ULL * p_.grid.dimensions();
    // weight[t] = (D+1)^(T-t), capped where no budget binds.
    constexpr uint64_t loose = uint64_t{1} << 24;
    std::vector<uint64_t> weight(T + 1, 1);
    for (uint32_t t = T; t-- > 1;) weight[t] = std::min(weight[t + 1] * (fan + 1), loose);
    const uint64_t reach = std::min(weight[1] * (fan + 1), loose);
    if (reach < nodes) return;  // the fan-out bound refutes the goal already
    const uint64_t slack = reach - nodes;
    // A budget above half the node count binds little and, measured on the
    // tables, slows the solver down on counts that are satisfiable
    // (6x6 shorter-way routing, 3 steps: 0.3 s without, no answer in 60 s with).
    if (2 * slack > nodes) return;
    z3::expr_vector shared(ctx_);
    std::vector<int> coefficients;
    for (uint32_t t = 1; t <= T; ++t) {
      // ports[u][p]: the paths from u leaving by its p-th port in step t.
      std::vector<std::vector<z3::expr_vector>> ports(p_.grid.node_count());
      for (uint32_t u = 0; u < p_.grid.node_count(); ++u) ports[u] = vectors(ctx_, fan);
      for (size_t r = 0; r < routes_.size(); ++r) {
        keep_time(r);
        const uint32_t port = p_.one_port ? 0 : routes_[r].channels.front() % static_cast<uint32_t>(fan);
        ports[routes_[r].from][port].push_back(x(t, r));
      }
      for (uint32_t u = 0; u < p_.grid.node_count(); ++u)
        for (const z3::expr_vector& paths : ports[u]) {
          keep_time();
          if (!code_.empty() && !code_[u]) continue;  // never informed under the code's try
          const z3::expr idle = informed(t - 1, u) && !z3::mk_or(paths);
          if (weight[t] > slack) {
            solver_.add(z3::implies(goal, !idle));
          } else {
            shared.push_back(idle);
            coefficients.push_back(static_cast<int>(weight[t]));
          }
        }
    }
    if (!shared.empty()) solver_.add(z3::implies(goal, z3::pble(shared, coefficients.data(), static_cast<int>(slack))));
  }

  // Redundant, under the goal, for all-port dimension-ordered routing: the
  // counts the layer recursion allows after each step (layer_counts.hpp),
  // and in each step at most its loss of the ports that could inform a new
  // node of a part and do not. With each node informed once, by one path a
  // channel, a part's new nodes are the paths into it, and those leave by
  // the ports the recursion counts: a node of the source's layer reaches the
  // rest only through its two dimension-1 ports and its own layer through
  // the others; a node of the rest reaches the source's layer only through
  // its dimension-1 ports, and the rest through any port (but those when
  // n1 = 2, where they lead to the source's layer).
  void layer_counts_of_every_chain(const z3::expr& g) {
    const uint32_t T = steps(), P = p_.grid.node_count(), fan = 2 * p_.grid.dimensions();
    const std::vector<LayerStep> chain = layer_count_steps(p_.grid, T, deadline_);
    if (chain.empty()) {
      if (p_.grid.dimensions() >= 2) solver_.add(!g);  // no chain of counts informs every node
      return;
    }
    auto in_layer = [&](uint32_t v) { return p_.grid.coordinate(v, 0) == 0; };
    auto add_at_most = [&](const z3::expr_vector& terms, uint32_t bound) {
      if (bound == 0) {
        for (const z3::expr& term : terms) solver_.add(z3::implies(g, !term));
      } else {
        solver_.add(z3::implies(g, at_most(ctx_, terms, bound)));
      }
    };
    for (uint32_t t = 1; t < T; ++t) {
      z3::expr_vector layer(ctx_), rest(ctx_);
      for (uint32_t v = 0; v < P; ++v) (in_layer(v) ? layer : rest).push_back(informed(t, v));
      const LayerStep& c = chain[t];
      solver_.add(z3::implies(g, at_least(ctx_, layer, c.layer_min) && at_least(ctx_, rest, c.rest_min)));
      add_at_most(layer, c.layer_max);
      add_at_most(rest, c.rest_max);
    }
    for (uint32_t t = 1; t <= T; ++t) {
      // The paths of step t out of each (node, port), by the part they end in.
      std::vector<z3::expr_vector> into_layer = vectors(ctx_, size_t{P} * fan), into_rest = vectors(ctx_, size_t{P} * fan);
      for (size_t r = 0; r < routes_.size(); ++r) {
        keep_time(r);
        const size_t out = size_t{routes_[r].from} * fan + routes_[r].channels.front() % fan;
        (in_layer(routes_[r].to) ? into_layer : into_rest)[out].push_back(x(t, r));
      }
      z3::expr_vector lost_layer(ctx_), lost_rest(ctx_);
      for (uint32_t u = 0; u < P; ++u) {
        keep_time();
        const z3::expr held = informed(t - 1, u);
        if (held.is_false()) continue;
        for (uint32_t port = 0; port < fan; ++port) {
          const size_t out = size_t{u} * fan + port;
          const bool dimension_1 = port < 2;
          const bool feeds_layer = in_layer(u) ? !dimension_1 : dimension_1;
          const bool feeds_rest = in_layer(u) ? dimension_1 : !dimension_1 || p_.grid.sizes[0] > 2;
          if (feeds_layer) lost_layer.push_back(held && !z3::mk_or(into_layer[out]));
          if (feeds_rest) lost_rest.push_back(held && !z3::mk_or(into_rest[out]));
        }
      }
      add_at_most(lost_layer, chain[t].layer_loss);
      add_at_most(lost_rest, chain[t].rest_loss);
    }
  }

  // Symmetry: each automorphism of source_symmetries maps the source to
  // itself and a schedule to a schedule under the same routing. So some
  // optimal schedule informs, in step 1, a set that is not lexicographically
  // above its own images: the informed vector after step 1 is <= each image
  // of it (lex-leader). The automorphisms form a group, so the least of an
  // orbit's vectors meets every one of these constraints.
  void symmetries_of_the_first_step() {
    const uint32_t nodes = p_.grid.node_count();
    for (const std::vector<uint32_t>& image : symmetries_.node_images) {
      keep_time();
      // Lex-leader: informed <= informed o image, as a chain of "equal so far" literals.
      z3::expr equal_so_far = ctx_.bool_val(true);
      for (uint32_t v = 0; v < nodes; ++v) {
        const z3::expr a = informed(1, v), b = informed(1, image[v]);
        solver_.add(z3::implies(equal_so_far, z3::implies(a, b)));
        equal_so_far = equal_so_far && (a == b);
      }
    }
  }

  z3::context& ctx_;
  z3::solver& solver_;
  const BroadcastProblem& p_;
  std::vector<Route> routes_;
  std::vector<bool> code_;  // under the code's try, its nodes; else empty
  Deadline deadline_;  // of the build under way
  uint32_t goal_nodes_ = 0;  // the nodes the goal informs
  std::vector<std::vector<size_t>> split_routes_;  // per split port, the source's routes out of it
  SourceSymmetries symmetries_;
  std::vector<z3::expr_vector> sends_;     // per step
  std::vector<z3::expr_vector> informed_;  // per step, from step 0
};

}  // namespace

std::optional<RouteRule> stricter_routing(const BroadcastProblem& problem) {
  if (problem.rule == RouteRule::shortest) return RouteRule::dimension_order_shorter;
  if (problem.rule == RouteRule::dimension_order && problem.grid.wraps) return RouteRule::dimension_order_shorter;
  return std::nullopt;
}

namespace {

// One routing's incremental solver: each count is checked under its goal
// assumption, so what it learnt on the counts below carries over. Its
// encoding is built when first needed, within the time of the call that
// needs it.
class Run {
 public:
  explicit Run(const BroadcastProblem& problem) : problem_(problem), solver_(ctx_) {}

  // `assumed`: literals that narrow the count (a cube of the problem's
  // split, or the values of fix()), none for the whole count. The steps'
  // constraints are built within the time: on a large torus that takes
  // seconds, or minutes.
  Attempt check(uint32_t steps, double seconds, const std::vector<z3::expr>& assumed = {}) {
    const auto t0 = Clock::now();
    if (!build(steps, Deadline::in(seconds))) return Attempt{steps, Outcome::unknown, seconds_since(t0)};
    const double left = seconds - seconds_since(t0);
    if (left <= 0) return Attempt{steps, Outcome::unknown, seconds_since(t0)};
    set_time_limit(solver_, left);
    z3::expr_vector assumptions(ctx_);
    for (const z3::expr& a : assumed) assumptions.push_back(a);
    assumptions.push_back(*goal_);
    const z3::check_result result = solver_.check(assumptions);
    cut_short_ = result == z3::unknown;
    return Attempt{steps, outcome_of(result), seconds_since(t0)};
  }
  // The last check ran out of time, in the solver or in building its
  // encoding: the run is of no further use (see search_broadcast's built).
  bool cut_short() const { return cut_short_; }

  // The literals of cube `index` of the problem's split, in step 1.
  std::vector<z3::expr> cube(uint64_t index) {
    build(1, Deadline());
    return encoding_->cube(index);
  }
  // The literals that set the variables of `steps` steps as `model` names them (BroadcastEncoding::fixed_by).
  std::vector<z3::expr> fix(uint32_t steps, const NamedValues& model, std::string& unset) {
    build(steps, Deadline());
    return encoding_->fixed_by(model, unset);
  }
  std::string witness() { return encoding_->witness(solver_.get_model()); }
  const BroadcastProblem& problem() const { return problem_; }
  // How many automorphisms the encoding uses; none when its routes could not be found by `deadline`.
  std::optional<size_t> symmetry_count(Deadline deadline) {
    if (!encoding_ && !build(0, deadline)) return std::nullopt;
    return encoding_->symmetry_count();
  }

 private:
  // The encoding of at least `steps` steps and, from one step on, the goal
  // of `steps` when the encoding has no more (a cube asks for step 1 of a
  // longer one, and the goal of the count it is checked for stands); false
  // when the deadline came first.
  bool build(uint32_t steps, Deadline deadline) {
    try {
      if (!encoding_) encoding_.emplace(ctx_, solver_, problem_, deadline);
      while (encoding_->steps() < steps) encoding_->add_step(deadline);
      if (steps > 0 && steps == encoding_->steps() && (!goal_ || goal_steps_ != steps))
        goal_ = encoding_->goal(deadline), goal_steps_ = steps;
      return true;
    } catch (const OutOfTime&) {
      cut_short_ = true;
      return false;
    }
  }

  // Declared in this order: the encoding holds references to the three above.
  BroadcastProblem problem_;
  z3::context ctx_;
  // Z3's default solver: on these encodings it beat the finite-domain (QF_FD)
  // solver by one to two orders of magnitude (5x5, 2 steps: 1.1 s against 64 s).
  z3::solver solver_;
  std::optional<BroadcastEncoding> encoding_;
  std::optional<z3::expr> goal_;  // of goal_steps_ steps, kept for the cubes of one count
  uint32_t goal_steps_ = 0;
  bool cut_short_ = false;
};

// Keeps and reports one run's answer; true when it is the witness. `run`
// answered it (null when no run was built: no time was left).
bool record(SearchReport& report, const SearchLimits& limits, const Attempt& a, Run* run) {
  report.attempts.push_back(a);
  if (limits.progress) limits.progress(a);
  if (a.outcome == Outcome::unknown && !a.stricter_routing) report.gave_up = true;
  if (a.outcome != Outcome::sat) return false;
  report.witness_steps = a.steps;
  report.witness = run->witness();
  return true;
}

// A run tried first (symmetric schedules, a stricter routing) that answers
// unsat leaves the count to the routing asked, so it may spend only part of
// the time left to the count.
constexpr double first_try_share = 1.0 / 3;

}  // namespace

SearchReport search_broadcast(const BroadcastProblem& problem, uint32_t first, uint32_t last,
                              const SearchLimits& limits) {
  SearchReport report;
  const auto start = Clock::now();
  // Every run stays with the report (SearchReport::solvers).
  auto solvers = std::make_shared<std::vector<std::unique_ptr<Run>>>();
  // A run is built when it first checks a count, so that a try that
  // settles the count spares the larger encodings after it (7x7x7 under
  // minimal paths has 14 M routes a step: no run of them could be built).
  struct Try {
    BroadcastProblem problem;
    std::string name;           // for the attempts; empty: the routing asked alone
    uint32_t fixed_steps = 0;   // the last steps, fixed: not in the run's encoding
    Run* run = nullptr;
  };
  // After a check cut short by its time limit, Z3 has answered a later check
  // of the same solver with a model that breaks the solver's own constraints
  // (5x5 under dimension order, 2 steps given 1 ms, then a 3-step "witness"
  // whose senders do not hold the message, or that sends nothing): such a
  // run is built anew before its next check. Not sooner: on 7x7x7 a rebuild
  // takes seconds, which a search that then stops would spend past its time.
  auto built = [&](Try& t) -> Run& {
    if (!t.run || t.run->cut_short()) {
      solvers->push_back(std::make_unique<Run>(t.problem));
      t.run = solvers->back().get();
    }
    return *t.run;
  };
  Try asked{problem, ""};
  std::optional<Try> stricter;
  if (const auto rule = stricter_routing(problem); rule && problem.stricter_routing_first) {
    BroadcastProblem p = problem;
    p.rule = *rule;
    stricter = Try{p, route_rule_name(*rule)};
  }
  auto paths_name = [](RouteRule rule) -> std::string {
    return rule == RouteRule::shortest ? "minimal paths" : route_rule_name(rule);
  };
  // The structured tries, smallest encoding first: the code's last step
  // (under the routing asked), then the schedules that every symmetry
  // keeps, then the larger class that the point reflection keeps.
  std::vector<Try> structured;
  if (problem.symmetric_first) {
    // Its last step is single hops under every routing; all-port wormhole only.
    if (!problem.one_port && problem.rule != RouteRule::single_hop && !perfect_lee_code(problem.grid).empty()) {
      BroadcastProblem p = problem;
      p.code_last_step = true;
      structured.push_back({p, "perfect-code " + paths_name(p.rule), 1});
    }
    BroadcastProblem p = stricter ? stricter->problem : problem;
    p.symmetric_only = SymmetryGroup::all;
    structured.push_back({p, "symmetric " + paths_name(p.rule)});
    p.symmetric_only = SymmetryGroup::point_reflection;
    structured.push_back({p, "point-symmetric " + paths_name(p.rule)});
  }
  // Without an automorphism (a path, a mesh under dimension order) the
  // symmetric schedules are all schedules, and where the point reflection
  // is the only one (a ring) its class is the whole group's: such a try
  // would repeat another, as its run shows once built. A run cut short
  // keeps its symmetries: it is not rebuilt only to be asked them. A try
  // whose routes cannot be found in its time is not known to repeat.
  auto symmetries = [&](Try& t, Deadline deadline) {
    return (t.run ? *t.run : built(t)).symmetry_count(deadline);
  };
  auto repeats = [&](Try& t, Deadline deadline) {
    if (!t.problem.symmetric_only) return false;
    const std::optional<size_t> own = symmetries(t, deadline);
    if (own == size_t{0}) return true;
    if (!own || *t.problem.symmetric_only != SymmetryGroup::point_reflection) return false;
    for (Try& whole : structured) {
      if (whole.problem.symmetric_only != SymmetryGroup::all) continue;
      const std::optional<size_t> all = symmetries(whole, deadline);
      return all && *all <= 1;
    }
    return false;
  };
  // A run whose unsat leaves the count open: it may answer only with a witness.
  auto try_first = [&](Try& t, uint32_t steps, double seconds) {
    if (steps <= t.fixed_steps) return false;
    Attempt a = seconds > 0 ? built(t).check(steps - t.fixed_steps, seconds) : Attempt{steps, Outcome::unknown, 0};
    a.steps = steps;
    a.routing = t.name;
    a.stricter_routing = true;
    return record(report, limits, a, t.run);
  };
  // The tries with no run of their own: the flows (flow_broadcast.hpp: no
  // solver, so before every other try) and the shorter way's spread steps
  // (shorter_way_broadcast.hpp: after the symmetric tries).
  const bool flow_first = problem.flow_first && !problem.one_port && problem.rule == RouteRule::shortest;
  const bool spread = problem.shorter_way_spread && !problem.one_port &&
                      (problem.rule == RouteRule::dimension_order || problem.rule == RouteRule::dimension_order_shorter);
  // Its witness, if it finds one, is recorded as the count's.
  auto try_without_run = [&](uint32_t steps, double seconds, const char* routing, auto&& find) {
    const auto try_start = Clock::now();
    std::optional<std::string> body = find(Deadline::in(seconds).at());
    if (!body) return false;
    const Attempt a{steps, Outcome::sat, seconds_since(try_start), routing, true};
    report.attempts.push_back(a);
    if (limits.progress) limits.progress(a);
    report.witness_steps = steps;
    report.witness = std::move(*body);
    return true;
  };
  for (uint32_t steps = std::max(first, 1U); steps <= last; ++steps) {
    const std::optional<double> count_seconds = begin_count(report, limits, start, steps);
    if (!count_seconds) break;
    const double budget = *count_seconds;
    const auto count_start = Clock::now();
    if (flow_first && try_without_run(steps, budget * first_try_share, "max-flow paths", [&](Clock::time_point end) {
          return flow_broadcast(problem.grid, steps, StepwiseLimits{64, end});
        }))
      break;
    bool settled = false, structured_tried = false;
    for (Try& t : structured) {
      auto share = [&] { return (budget - seconds_since(count_start)) * first_try_share; };
      if (settled || repeats(t, Deadline::in(share()))) continue;
      structured_tried = true;
      settled = try_first(t, steps, share());
    }
    if (settled) break;
    if (spread && try_without_run(steps, (budget - seconds_since(count_start)) * first_try_share,
                                  "spread dimension-order-shorter", [&](Clock::time_point end) {
                                    return shorter_way_broadcast(problem.grid, steps, StepwiseLimits{8, end});
                                  }))
      break;
    if (stricter && try_first(*stricter, steps, (budget - seconds_since(count_start)) * first_try_share)) break;
    const double rest = budget - seconds_since(count_start);
    Attempt a = rest > 0 ? built(asked).check(steps, rest) : Attempt{steps, Outcome::unknown, 0};
    if (stricter || structured_tried) a.routing = route_rule_name(problem.rule);
    if (problem.rule == RouteRule::shortest) {
      // The search's free routes are the minimal paths, and the format's free
      // routing allows any path: an unsat answer here refutes only the
      // schedules on minimal paths, so it refutes no count.
      a.routing = "minimal paths";
      a.stricter_routing = true;
    }
    if (record(report, limits, a, asked.run)) break;
  }
  report.solvers = solvers;
  return report;
}

SearchReport search_broadcast_cubes(const BroadcastProblem& problem, uint32_t steps, uint64_t first, uint64_t last,
                                    const SearchLimits& limits) {
  SearchReport report;
  const auto start = Clock::now();
  const auto kept = std::make_shared<Run>(problem);
  report.solvers = kept;
  Run& run = *kept;
  for (uint64_t cube = first; cube <= last; ++cube) {
    const double left = limits.timeout_seconds - seconds_since(start);
    Attempt a = left > 0 ? run.check(steps, left, run.cube(cube)) : Attempt{steps, Outcome::unknown, 0};
    if (a.outcome == Outcome::unsat && cube < last) continue;
    a.seconds = seconds_since(start);
    if (problem.rule == RouteRule::shortest) {
      a.routing = "minimal paths";  // as search_broadcast: an unsat on minimal paths refutes no count
      a.stricter_routing = true;
    }
    record(report, limits, a, &run);
    report.cubes_refuted = cube - first + (a.outcome == Outcome::unsat ? 1 : 0);
    break;
  }
  return report;
}

SearchReport search_broadcast_from_model(const BroadcastProblem& problem, uint32_t steps, const NamedValues& model,
                                        const SearchLimits& limits, std::string& unset) {
  SearchReport report;
  const auto kept = std::make_shared<Run>(problem);
  report.solvers = kept;
  Run& run = *kept;
  const std::vector<z3::expr> fixed = run.fix(steps, model, unset);
  if (unset.empty()) record(report, limits, run.check(steps, limits.timeout_seconds, fixed), &run);
  return report;
}

uint64_t broadcast_cube_count(const BroadcastProblem& problem) {
  const std::vector<Route> routes = routes_from(problem.grid, 0, problem.rule);
  uint64_t count = 1;
  for (const std::vector<size_t>& on_port : source_routes_by_port(problem.grid, routes, problem.split_ports))
    count *= on_port.size() + 1;
  return count;
}

std::string broadcast_dimacs(const BroadcastProblem& problem, uint32_t steps) {
  z3::context ctx;
  z3::solver solver(ctx);
  BroadcastEncoding encoding(ctx, solver, problem, Deadline());
  while (encoding.steps() < steps) encoding.add_step(Deadline());
  const z3::expr goal = encoding.goal(Deadline());
  return to_dimacs(ctx, solver, goal);
}

}  // namespace schedcheck::search
