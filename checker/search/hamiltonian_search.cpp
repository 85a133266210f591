// Hamiltonian search: edge colours, one orientation per colour, positions along each cycle, and the gossip.
//
// Variables: colour[e][c] (edge e belongs to cycle c); forward[e] (cycle
// runs along e from its first to its second node, else back); position[c][v]
// (an integer, node v's place on cycle c counted from node 0).
#include "hamiltonian_search.hpp"

#include <chrono>

#include <fmt/format.h>
#include <z3++.h>

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

}  // namespace

HamiltonianReport search_hamiltonian(const Grid& grid, double timeout_seconds) {
  HamiltonianReport report;
  const auto start = std::chrono::steady_clock::now();
  const uint32_t n = grid.node_count(), k = grid.dimensions();
  const std::vector<Edge> edges = edges_of(grid);
  z3::context ctx;
  z3::solver solver(ctx);
  z3::params params(ctx);
  params.set("timeout", static_cast<unsigned>(timeout_seconds * 1000) + 1);
  solver.set(params);

  std::vector<z3::expr_vector> colour = vectors(ctx, edges.size());
  z3::expr_vector forward(ctx);
  for (size_t e = 0; e < edges.size(); ++e) {
    for (uint32_t c = 0; c < k; ++c) colour[e].push_back(ctx.bool_const(fmt::format("colour_{}_{}", e, c).c_str()));
    forward.push_back(ctx.bool_const(fmt::format("forward_{}", e).c_str()));
    // Edge-disjoint cycles that together use every edge: one colour per edge.
    solver.add(at_least(ctx, colour[e], 1) && at_most(ctx, colour[e], 1));
  }
  std::vector<z3::expr_vector> position = vectors(ctx, k);
  for (uint32_t c = 0; c < k; ++c)
    for (uint32_t v = 0; v < n; ++v) {
      position[c].push_back(ctx.int_const(fmt::format("position_{}_{}", c, v).c_str()));
      solver.add(position[c][static_cast<int>(v)] >= 0 && position[c][static_cast<int>(v)] < static_cast<int>(n));
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
    }
    // Each node has one successor and one predecessor on each cycle.
    for (uint32_t v = 0; v < n; ++v) {
      solver.add(at_least(ctx, out[v], 1) && at_most(ctx, out[v], 1));
      solver.add(at_least(ctx, in[v], 1) && at_most(ctx, in[v], 1));
    }
  }
  const z3::check_result result = solver.check();
  report.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  report.outcome = outcome_of(result);
  if (report.outcome != Outcome::sat) return report;

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
  // cycle c forward carries the part that started t-1 hops before v.
  report.steps = n / 2;  // ceil((P-1)/2)
  for (uint32_t t = 1; t <= report.steps; ++t) {
    report.gossip += fmt::format("step {}\n", t);
    for (uint32_t c = 0; c < k; ++c)
      for (uint32_t v = 0; v < n; ++v) {
        uint32_t origin = v;
        for (uint32_t i = 1; i < t; ++i) origin = prev[c][origin].to;
        const Hop& f = next[c][v];
        report.gossip += fmt::format("  {} {}{} : {}/{}\n", grid.node_name(v), f.negative ? '-' : '+', f.dim + 1,
                                     grid.node_name(origin), c);
        if (t <= (n - 1) / 2) {
          uint32_t back_origin = v;
          for (uint32_t i = 1; i < t; ++i) back_origin = next[c][back_origin].to;
          const Hop& b = prev[c][v];
          report.gossip += fmt::format("  {} {}{} : {}/{}\n", grid.node_name(v), b.negative ? '-' : '+', b.dim + 1,
                                       grid.node_name(back_origin), c);
        }
      }
  }
  return report;
}

}  // namespace schedcheck::search
