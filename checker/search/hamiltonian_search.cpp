// Hamiltonian search: edge colours, one orientation per colour, positions along each cycle, and the gossip.
//
// Variables: colour[e][c] (edge e belongs to cycle c); forward[e] (cycle
// runs along e from its first to its second node, else back); position[c][v]
// (an integer, node v's place on cycle c counted from node 0).
#include "hamiltonian_search.hpp"

#include <chrono>

#include <fmt/format.h>
#include <z3++.h>

#include "deadline.hpp"
#include "z3_util.hpp"

namespace schedcheck::search {

namespace {

struct Edge {
  uint32_t a, b, dim;  // b = a + e_dim; parallel edges on a side of size 2 are distinct
};

std::vector<Edge> edges_of(const Grid& grid) {
  std::vector<Edge> out;
  for (uint32_t v = 0; v < grid.node_count(); ++v)
    for (uint32_t d = 0; d < grid.dimensions(); ++d)
      out.push_back({v, static_cast<uint32_t>(grid.neighbour(v, d, false)), d});
  return out;
}

// Builds and solves; throws OutOfTime past `deadline`.
void solve_hamiltonian(const Grid& grid, const Deadline& deadline, HamiltonianReport& report) {
  const uint32_t n = grid.node_count(), k = grid.dimensions();
  const std::vector<Edge> edges = edges_of(grid);
  z3::context ctx;
  z3::solver solver(ctx);

  std::vector<z3::expr_vector> colour = vectors(ctx, edges.size());
  z3::expr_vector forward(ctx);
  for (size_t e = 0; e < edges.size(); ++e) {
    for (uint32_t c = 0; c < k; ++c) colour[e].push_back(ctx.bool_const(fmt::format("colour_{}_{}", e, c).c_str()));
    forward.push_back(ctx.bool_const(fmt::format("forward_{}", e).c_str()));
    // Edge-disjoint cycles that together use every edge: one colour per edge.
    solver.add(at_least(ctx, colour[e], 1) && at_most(ctx, colour[e], 1));
    deadline.keep(e);
  }
  std::vector<z3::expr_vector> position = vectors(ctx, k);
  for (uint32_t c = 0; c < k; ++c)
    for (uint32_t v = 0; v < n; ++v) {
      position[c].push_back(ctx.int_const(fmt::format("position_{}_{}", c, v).c_str()));
      solver.add(position[c][static_cast<int>(v)] >= 0 && position[c][static_cast<int>(v)] < static_cast<int>(n));
      deadline.keep(v);
    }
  for (uint32_t c = 0; c < k; ++c) {
    solver.add(position[c][0] == 0);
    std::vector<z3::expr_vector> out = vectors(ctx, n), in = vectors(ctx, n);
    for (size_t e = 0; e < edges.size(); ++e) {
      const Edge& ed = edges[e];
      const z3::expr on = colour[e][static_cast<int>(c)];
      const z3::expr fwd = forward[static_cast<int>(e)];
      out[ed.a].push_back(on && fwd);
      in[ed.b].push_back(on && fwd);
      out[ed.b].push_back(on && !fwd);
      in[ed.a].push_back(on && !fwd);
      // Along the cycle the position grows by one, except into node 0:
      // so the colour class is one cycle through every node, not several.
      if (ed.b != 0)
        solver.add(z3::implies(on && fwd, position[c][static_cast<int>(ed.b)] ==
                                              position[c][static_cast<int>(ed.a)] + 1));
      if (ed.a != 0)
        solver.add(z3::implies(on && !fwd, position[c][static_cast<int>(ed.a)] ==
                                               position[c][static_cast<int>(ed.b)] + 1));
      deadline.keep(e);
    }
    // Each node has one successor and one predecessor on each cycle.
    for (uint32_t v = 0; v < n; ++v) {
      solver.add(at_least(ctx, out[v], 1) && at_most(ctx, out[v], 1));
      solver.add(at_least(ctx, in[v], 1) && at_most(ctx, in[v], 1));
      deadline.keep(v);
    }
  }
  // Z3 has what is left of the time.
  const double left = std::chrono::duration<double>(deadline.at() - Deadline::Clock::now()).count();
  if (!(left > 0)) throw OutOfTime{};
  set_time_limit(solver, left);
  report.outcome = outcome_of(solver.check());
  if (report.outcome != Outcome::sat) return;

  // Successor and predecessor on each cycle, as (node, dimension, negative).
  const z3::model m = solver.get_model();
  struct Hop {
    uint32_t to, dim;
    bool negative;
  };
  std::vector<std::vector<Hop>> next(k, std::vector<Hop>(n)), prev(k, std::vector<Hop>(n));
  for (size_t e = 0; e < edges.size(); ++e) {
    uint32_t c = 0;
    while (!m.eval(colour[e][static_cast<int>(c)], true).is_true()) ++c;
    const Edge& ed = edges[e];
    const bool fwd = m.eval(forward[static_cast<int>(e)], true).is_true();
    const uint32_t from = fwd ? ed.a : ed.b, to = fwd ? ed.b : ed.a;
    next[c][from] = {to, ed.dim, !fwd};  // from a to b is the + direction
    prev[c][to] = {from, ed.dim, fwd};
  }
  for (uint32_t c = 0; c < k; ++c) {
    std::vector<uint32_t> order{0};
    for (uint32_t v = next[c][0].to; v != 0; v = next[c][v].to) order.push_back(v);
    report.cycles.push_back(order);
  }
  // The gossip: part c of PU u goes round cycle c forward ceil((P-1)/2) hops
  // and backward floor((P-1)/2) hops; in step t the channel out of v along
  // cycle c forward carries the part that started t-1 hops before v, and
  // the one back the part that started t-1 hops after it.
  std::vector<std::vector<uint32_t>> place(k, std::vector<uint32_t>(n));  // v's index on each cycle
  for (uint32_t c = 0; c < k; ++c)
    for (uint32_t i = 0; i < n; ++i) place[c][report.cycles[c][i]] = i;
  report.steps = n / 2;  // ceil((P-1)/2)
  for (uint32_t t = 1; t <= report.steps; ++t) {
    report.gossip += fmt::format("step {}\n", t);
    for (uint32_t c = 0; c < k; ++c)
      for (uint32_t v = 0; v < n; ++v) {
        const std::vector<uint32_t>& order = report.cycles[c];
        const Hop& f = next[c][v];
        report.gossip += fmt::format("  {} {}{} : {}/{}\n", grid.node_name(v), f.negative ? '-' : '+', f.dim + 1,
                                     grid.node_name(order[(place[c][v] + n - (t - 1)) % n]), c);
        if (t <= (n - 1) / 2) {
          const Hop& b = prev[c][v];
          report.gossip += fmt::format("  {} {}{} : {}/{}\n", grid.node_name(v), b.negative ? '-' : '+', b.dim + 1,
                                       grid.node_name(order[(place[c][v] + t - 1) % n]), c);
        }
      }
  }
}

}  // namespace

HamiltonianReport search_hamiltonian(const Grid& grid, double timeout_seconds) {
  HamiltonianReport report;
  const auto start = std::chrono::steady_clock::now();
  // The time limit covers building the constraints too: on a large torus
  // that alone takes seconds.
  const Deadline deadline = Deadline::in(timeout_seconds);
  try {
    solve_hamiltonian(grid, deadline, report);
  } catch (const OutOfTime&) {
    report.outcome = Outcome::unknown;
  }
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return report;
}

}  // namespace schedcheck::search
