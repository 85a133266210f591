// Shorter-way broadcast: candidate paths per pair of nodes, greedy spread steps, and an exact last step in Z3.
#include "shorter_way_broadcast.hpp"

#include <algorithm>
#include <chrono>
#include <vector>

#include <fmt/format.h>
#include <z3++.h>

#include "farthest_targets.hpp"
#include "z3_util.hpp"

namespace schedcheck::search {

namespace {

// A candidate path, with the channels it would use.
struct Path {
  uint32_t from, to;
  std::vector<uint32_t> ports;     // one a hop: 2 * dim + (negative ? 1 : 0)
  std::vector<uint32_t> channels;  // as Grid::channel numbers them
};

using Ways = std::vector<std::vector<std::pair<uint32_t, uint32_t>>>;

// Per dimension, the ways a shorter-way path from `from` to `to` goes, as
// (port, hops): the shorter way round (both at exactly half a side); on a
// mesh the one way there is.
Ways shorter_ways(const Grid& grid, uint32_t from, uint32_t to) {
  const uint32_t k = grid.dimensions();
  Ways ways(k);
  for (uint32_t d = 0; d < k; ++d) {
    const uint32_t n = grid.sizes[d], a = grid.coordinate(from, d), b = grid.coordinate(to, d);
    const uint32_t up = (b + n - a) % n, down = (a + n - b) % n;
    if (up == 0) ways[d] = {{2 * d, 0}};
    else if (!grid.wraps) ways[d] = {b > a ? std::pair{2 * d, b - a} : std::pair{2 * d + 1, a - b}};
    else if (up < down) ways[d] = {{2 * d, up}};
    else if (down < up) ways[d] = {{2 * d + 1, down}};
    else ways[d] = {{2 * d, up}, {2 * d + 1, down}};
  }
  return ways;
}

// Every shorter-way path from `from` to `to`: dimensions in order, each one
// of its ways.
std::vector<Path> shorter_way_paths(const Grid& grid, uint32_t from, uint32_t to) {
  const uint32_t k = grid.dimensions();
  const Ways ways = shorter_ways(grid, from, to);
  std::vector<Path> paths;
  std::vector<size_t> choice(k, 0);
  for (;;) {
    Path p{from, to, {}, {}};
    uint32_t at = from;
    for (uint32_t d = 0; d < k; ++d) {
      const auto [port, hops] = ways[d][choice[d]];
      for (uint32_t i = 0; i < hops; ++i) {
        p.ports.push_back(port);
        p.channels.push_back(grid.channel(at, d, port % 2 == 1));
        at = static_cast<uint32_t>(grid.neighbour(at, d, port % 2 == 1));
      }
    }
    paths.push_back(std::move(p));
    uint32_t d = 0;
    while (d < k && ++choice[d] == ways[d].size()) choice[d++] = 0;
    if (d == k) return paths;
  }
}

// A step before the last: the farthest node still reachable over unused
// channels, on its shortest such path (the lower-ranked sender on a tie),
// until the informed nodes' channels are spent or nothing is reachable.
std::vector<StepPath> spread_step(const Grid& grid, const std::vector<bool>& informed, uint32_t informed_count,
                                  const std::vector<uint32_t>& rank, std::chrono::steady_clock::time_point deadline) {
  const uint32_t P = grid.node_count();
  const uint32_t aim = std::min(P - informed_count, informed_count * 2 * grid.dimensions());
  FarthestTargets farthest(grid, informed, rank);
  std::vector<bool> used(grid.channel_count(), false), passed(P, false);
  std::vector<StepPath> step;
  while (step.size() < aim && std::chrono::steady_clock::now() < deadline) {
    const uint32_t to = farthest.next(passed);
    if (to == UINT32_MAX) break;
    std::optional<Path> best;
    for (uint32_t from = 0; from < P; ++from) {
      if (!informed[from]) continue;
      for (Path& p : shorter_way_paths(grid, from, to)) {
        const bool free = std::none_of(p.channels.begin(), p.channels.end(), [&](uint32_t c) { return used[c]; });
        if (free && (!best || p.channels.size() < best->channels.size() ||
                     (p.channels.size() == best->channels.size() && rank[from] < rank[best->from])))
          best = std::move(p);
      }
    }
    if (!best) {
      passed[to] = true;  // no free path reaches it in this step
      continue;
    }
    for (const uint32_t c : best->channels) used[c] = true;
    farthest.add(to);
    step.push_back({best->from, to, std::move(best->ports)});
  }
  return step;
}

// Above this many candidate paths the last step's encoding would take
// minutes and gigabytes to build (a 64x64 torus has millions): the try then
// gives up, as on an unknown.
constexpr uint64_t max_candidates = 1'000'000;

// The last step: a path to every uninformed node, at most one per channel,
// found by Z3; none when it answers unsat or runs out of time.
std::optional<std::vector<StepPath>> last_step(const Grid& grid, const std::vector<bool>& informed, double seconds) {
  uint64_t count = 0;
  for (uint32_t to = 0; to < grid.node_count(); ++to)
    for (uint32_t from = 0; !informed[to] && from < grid.node_count(); ++from) {
      if (!informed[from]) continue;
      uint64_t paths = 1;
      for (const auto& ways : shorter_ways(grid, from, to)) paths *= ways.size();
      count += paths;
    }
  if (count > max_candidates) return std::nullopt;
  z3::context ctx;
  z3::solver solver(ctx);
  z3::params params(ctx);
  params.set("timeout", static_cast<unsigned>(std::clamp(seconds * 1000, 1.0, 1e9)));
  solver.set(params);
  std::vector<Path> candidates;
  std::vector<z3::expr> sends;
  std::vector<z3::expr_vector> on_channel = vectors(ctx, grid.channel_count());
  for (uint32_t to = 0; to < grid.node_count(); ++to) {
    if (informed[to]) continue;
    z3::expr_vector reaching(ctx);
    for (uint32_t from = 0; from < grid.node_count(); ++from) {
      if (!informed[from]) continue;
      for (Path& p : shorter_way_paths(grid, from, to)) {
        sends.push_back(ctx.bool_const(fmt::format("path_{}", candidates.size()).c_str()));
        reaching.push_back(sends.back());
        for (const uint32_t c : p.channels) on_channel[c].push_back(sends.back());
        candidates.push_back(std::move(p));
      }
    }
    solver.add(at_least(ctx, reaching, 1));
  }
  for (const z3::expr_vector& paths : on_channel) solver.add(at_most(ctx, paths, 1));
  if (solver.check() != z3::sat) return std::nullopt;
  const z3::model model = solver.get_model();
  std::vector<StepPath> step;
  std::vector<bool> reached(grid.node_count(), false);
  for (size_t i = 0; i < candidates.size(); ++i)
    if (model.eval(sends[i], true).is_true() && !reached[candidates[i].to]) {
      reached[candidates[i].to] = true;
      step.push_back({candidates[i].from, candidates[i].to, std::move(candidates[i].ports)});
    }
  return step;
}

}  // namespace

std::optional<std::string> shorter_way_broadcast(const Grid& grid, uint32_t steps, const StepwiseLimits& limits) {
  return stepwise_broadcast(grid, steps, limits, [&](const StepRequest& r) -> std::optional<std::vector<StepPath>> {
    if (r.last) return last_step(grid, r.informed, r.seconds_left);
    const auto deadline = std::chrono::steady_clock::now() +
                          std::chrono::duration_cast<std::chrono::steady_clock::duration>(
                              std::chrono::duration<double>(std::min(r.seconds_left, 1e6)));
    return spread_step(grid, r.informed, r.informed_count, r.rank, deadline);
  });
}

}  // namespace schedcheck::search
