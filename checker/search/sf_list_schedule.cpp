// List schedule: one greedy pass per step over the messages still on their way.
#include "sf_list_schedule.hpp"

#include <algorithm>
#include <numeric>
#include <vector>

#include <fmt/format.h>

namespace schedcheck::search {

namespace {

struct Hop {
  uint32_t from, dim, message;
  bool negative;
};

// Hops left along one dimension: the shorter way round on a torus.
uint32_t offset(const Grid& grid, uint32_t a, uint32_t b, uint32_t dim) {
  const uint32_t x = grid.coordinate(a, dim), y = grid.coordinate(b, dim);
  const uint32_t d = x > y ? x - y : y - x;
  return grid.wraps ? std::min(d, grid.sizes[dim] - d) : d;
}

// The scatter from the problem's root: each step's hops.
std::optional<std::vector<std::vector<Hop>>> scatter_steps(const SfRootedProblem& p, uint32_t max_steps) {
  const Grid& grid = p.grid;
  const uint32_t n = grid.node_count(), k = grid.dimensions();
  const auto dist = hop_distances(grid);
  std::vector<uint32_t> at(n, p.root), order;
  for (uint32_t m = 0; m < n; ++m)
    if (m != p.root) order.push_back(m);
  // Each message's channel out of the root, fixed first so that every
  // channel carries its share: the messages with the fewest channels
  // closer to them choose first, each the least loaded of its own.
  auto closer = [&](uint32_t v, uint32_t m, uint32_t d, bool negative) {
    const int64_t u = grid.neighbour(v, d, negative);
    return u >= 0 && dist[static_cast<uint32_t>(u)][m] + 1 == dist[v][m];
  };
  auto ways_out = [&](uint32_t m) {
    uint32_t w = 0;
    for (uint32_t d = 0; d < k; ++d)
      for (const bool negative : {false, true}) w += closer(p.root, m, d, negative) ? 1 : 0;
    return w;
  };
  std::vector<uint32_t> by_choice = order, load(size_t{n} * 2 * k, 0), root_channel(n, 0);
  std::stable_sort(by_choice.begin(), by_choice.end(), [&](uint32_t a, uint32_t b) {
    return ways_out(a) != ways_out(b) ? ways_out(a) < ways_out(b) : dist[p.root][a] > dist[p.root][b];
  });
  for (const uint32_t m : by_choice) {
    uint32_t best = UINT32_MAX;
    for (uint32_t d = 0; d < k; ++d)
      for (const bool negative : {false, true}) {
        const uint32_t c = grid.channel(p.root, d, negative);
        if (closer(p.root, m, d, negative) && (best == UINT32_MAX || load[c] < load[best])) best = c;
      }
    root_channel[m] = best;
    ++load[best];
  }
  std::vector<std::vector<Hop>> steps;
  std::vector<uint32_t> channel_used(size_t{n} * 2 * k, 0), sent(n, 0), received(n, 0);
  std::vector<int> wanted(size_t{n} * 2 * k, 0);
  while (std::any_of(order.begin(), order.end(), [&](uint32_t m) { return at[m] != m; })) {
    if (steps.size() == max_steps) return std::nullopt;
    const auto stamp = static_cast<uint32_t>(steps.size() + 1);
    // The most hops left first; among equals, the message with the fewest
    // dimensions left to choose from, which has the fewest ways on.
    auto ways = [&](uint32_t m) {
      uint32_t w = 0;
      for (uint32_t d = 0; d < k; ++d) w += offset(grid, at[m], m, d) > 0 ? 1 : 0;
      return w;
    };
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
      const uint32_t da = dist[at[a]][a], db = dist[at[b]][b];
      return da != db ? da > db : ways(a) < ways(b);
    });
    // How many waiting messages could take each channel: a message takes
    // the channel fewest others could, so that one with a single way on
    // still finds it free.
    auto usable = [&](uint32_t m, uint32_t d, bool negative) {
      return closer(at[m], m, d, negative) &&
             (at[m] != p.root || grid.channel(p.root, d, negative) == root_channel[m]);
    };
    auto count_ways = [&](uint32_t m, int by) {
      for (uint32_t d = 0; d < k; ++d)
        for (const bool negative : {false, true})
          if (usable(m, d, negative)) wanted[grid.channel(at[m], d, negative)] += by;
    };
    for (const uint32_t m : order)
      if (at[m] != m) count_ways(m, 1);
    std::vector<Hop>& hops = steps.emplace_back();
    for (const uint32_t m : order) {
      const uint32_t v = at[m];
      if (v == m) continue;
      count_ways(m, -1);
      if (p.one_port && sent[v] == stamp) continue;
      std::optional<Hop> best;
      int best_wanted = 0;
      uint32_t best_left = 0;
      for (uint32_t d = 0; d < k; ++d) {
        for (const bool negative : {false, true}) {
          if (!usable(m, d, negative) || channel_used[grid.channel(v, d, negative)] == stamp) continue;
          const auto u = static_cast<uint32_t>(grid.neighbour(v, d, negative));
          if (p.one_port && received[u] == stamp) continue;
          const int w = wanted[grid.channel(v, d, negative)];
          const uint32_t left = offset(grid, v, m, d);
          if (!best || w < best_wanted || (w == best_wanted && left > best_left))
            best = Hop{v, d, m, negative}, best_wanted = w, best_left = left;
        }
      }
      if (!best) continue;
      const auto u = static_cast<uint32_t>(grid.neighbour(v, best->dim, best->negative));
      channel_used[grid.channel(v, best->dim, best->negative)] = stamp;
      sent[v] = received[u] = stamp;
      at[m] = u;
      hops.push_back(*best);
    }
  }
  return steps;
}

}  // namespace

std::optional<ListSchedule> sf_rooted_list_schedule(const SfRootedProblem& problem, uint32_t max_steps) {
  auto steps = scatter_steps(problem, max_steps);
  if (!steps) return std::nullopt;
  const Grid& grid = problem.grid;
  ListSchedule schedule{static_cast<uint32_t>(steps->size()), {}};
  if (problem.collective == RootedCollective::gather) {
    // Backwards in time, each hop from its head to its tail.
    std::reverse(steps->begin(), steps->end());
    for (auto& hops : *steps)
      for (Hop& hop : hops) {
        hop.from = static_cast<uint32_t>(grid.neighbour(hop.from, hop.dim, hop.negative));
        hop.negative = !hop.negative;
      }
  }
  for (size_t t = 0; t < steps->size(); ++t) {
    schedule.body += fmt::format("step {}\n", t + 1);
    for (const Hop& hop : (*steps)[t]) schedule.body += transfer_line(grid, hop.from, hop.dim, hop.negative, hop.message);
  }
  return schedule;
}

}  // namespace schedcheck::search
