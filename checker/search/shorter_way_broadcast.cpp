// Shorter-way broadcast: the routes out of the informed nodes, greedy spread steps, and an exact last step in Z3.
#include "shorter_way_broadcast.hpp"

#include <algorithm>
#include <chrono>
#include <vector>

#include <fmt/format.h>
#include <z3++.h>

#include "deadline.hpp"
#include "farthest_targets.hpp"
#include "routes.hpp"
#include "z3_util.hpp"

namespace schedcheck::search {

namespace {

// Above this many candidate routes a step's encoding would take minutes and
// gigabytes to build (a 64x64 torus has millions): the try then gives up,
// as on an unknown.
constexpr uint64_t max_candidates = 1'000'000;

using Clock = std::chrono::steady_clock;

// The shorter-way routes out of the informed nodes into the uninformed ones,
// by destination; none when there are more than max_candidates or the
// deadline comes first.
std::optional<std::vector<std::vector<Route>>> routes_into(const Grid& grid, const std::vector<bool>& informed,
                                                           Clock::time_point deadline) {
  std::vector<std::vector<Route>> into(grid.node_count());
  uint64_t count = 0;
  for (uint32_t from = 0; from < grid.node_count(); ++from) {
    if (!informed[from]) continue;
    if (Clock::now() > deadline) return std::nullopt;
    for (Route& r : routes_from(grid, from, RouteRule::dimension_order_shorter)) {
      if (informed[r.to]) continue;
      if (++count > max_candidates) return std::nullopt;
      into[r.to].push_back(std::move(r));
    }
  }
  return into;
}

// A step before the last: the farthest node still reachable over unused
// channels, on its shortest such route (the lower-ranked sender on a tie),
// until the informed nodes' channels are spent or nothing is reachable.
std::vector<StepPath> spread_step(const Grid& grid, const std::vector<std::vector<Route>>& into,
                                  const StepRequest& r, Clock::time_point deadline) {
  const uint32_t P = grid.node_count();
  const uint32_t aim = std::min(P - r.informed_count, r.informed_count * 2 * grid.dimensions());
  FarthestTargets farthest(grid, r.informed, r.rank);
  std::vector<bool> used(grid.channel_count(), false), passed(P, false);
  std::vector<StepPath> step;
  while (step.size() < aim && Clock::now() < deadline) {
    const uint32_t to = farthest.next(passed);
    if (to == UINT32_MAX) break;
    const Route* best = nullptr;
    for (const Route& route : into[to]) {
      const bool free =
          std::none_of(route.channels.begin(), route.channels.end(), [&](uint32_t c) { return used[c]; });
      if (free && (!best || route.channels.size() < best->channels.size() ||
                   (route.channels.size() == best->channels.size() && r.rank[route.from] < r.rank[best->from])))
        best = &route;
    }
    if (!best) {
      passed[to] = true;  // no free route reaches it in this step
      continue;
    }
    for (const uint32_t c : best->channels) used[c] = true;
    farthest.add(to);
    step.push_back({best->from, to, best->moves});
  }
  return step;
}

// The last step: a route to every uninformed node, at most one per channel,
// found by Z3; none when it answers unsat or runs out of time, in building
// the constraints (a channel can carry thousands of candidates) or in solving.
std::optional<std::vector<StepPath>> last_step(const Grid& grid, const std::vector<std::vector<Route>>& into,
                                               const std::vector<bool>& informed, Clock::time_point deadline) {
  z3::context ctx;
  z3::solver solver(ctx);
  std::vector<const Route*> candidates;
  std::vector<z3::expr> sends;
  std::vector<z3::expr_vector> on_channel = vectors(ctx, grid.channel_count());
  for (uint32_t to = 0; to < grid.node_count(); ++to) {
    if (informed[to]) continue;
    if (Clock::now() > deadline) return std::nullopt;
    z3::expr_vector reaching(ctx);
    for (const Route& route : into[to]) {
      sends.push_back(ctx.bool_const(fmt::format("route_{}", candidates.size()).c_str()));
      reaching.push_back(sends.back());
      for (const uint32_t c : route.channels) on_channel[c].push_back(sends.back());
      candidates.push_back(&route);
    }
    solver.add(at_least(ctx, reaching, 1));
  }
  for (const z3::expr_vector& routes : on_channel) {
    if (Clock::now() > deadline) return std::nullopt;
    solver.add(at_most(ctx, routes, 1));
  }
  const double seconds = std::chrono::duration<double>(deadline - Clock::now()).count();
  if (seconds <= 0) return std::nullopt;
  set_time_limit(solver, seconds);
  if (solver.check() != z3::sat) return std::nullopt;
  const z3::model model = solver.get_model();
  std::vector<StepPath> step;
  std::vector<bool> reached(grid.node_count(), false);
  for (size_t i = 0; i < candidates.size(); ++i)
    if (model.eval(sends[i], true).is_true() && !reached[candidates[i]->to]) {
      reached[candidates[i]->to] = true;
      step.push_back({candidates[i]->from, candidates[i]->to, candidates[i]->moves});
    }
  return step;
}

}  // namespace

std::optional<std::string> shorter_way_broadcast(const Grid& grid, uint32_t steps, const StepwiseLimits& limits) {
  return stepwise_broadcast(grid, steps, limits, [&](const StepRequest& r) -> std::optional<std::vector<StepPath>> {
    const Clock::time_point deadline = Deadline::in(r.seconds_left).at();
    const std::optional<std::vector<std::vector<Route>>> into = routes_into(grid, r.informed, deadline);
    if (!into) return std::nullopt;
    if (r.last) return last_step(grid, *into, r.informed, deadline);
    return spread_step(grid, *into, r, deadline);
  });
}

}  // namespace schedcheck::search
