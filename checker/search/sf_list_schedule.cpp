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
  // Each message's channel out of the root is fixed first (below).
  auto closer = [&](uint32_t v, uint32_t m, uint32_t d, bool negative) {
    const int64_t u = grid.neighbour(v, d, negative);
    return u >= 0 && dist[static_cast<uint32_t>(u)][m] + 1 == dist[v][m];
  };
  // Class by class, the farthest first: a message leaving the root in step
  // j arrives in step j + dist - 1 at the earliest, so what each channel must
  // be kept from is too many far messages. Each class goes to the least
  // loaded of its channels, then is moved along chains of channels (a
  // message of the class on channel a that could take b) from the most
  // loaded channel to one with two fewer, while there is such a chain.
  std::vector<uint32_t> load(size_t{n} * 2 * k, 0), root_channel(n, UINT32_MAX), root_channels;
  for (uint32_t d = 0; d < k; ++d)
    for (const bool negative : {false, true})
      if (grid.neighbour(p.root, d, negative) >= 0) root_channels.push_back(grid.channel(p.root, d, negative));
  auto can_take = [&](uint32_t m, uint32_t c) {
    const uint32_t port = c % (2 * k);
    return closer(p.root, m, port / 2, port % 2 != 0);
  };
  std::vector<uint32_t> by_distance = order;
  std::stable_sort(by_distance.begin(), by_distance.end(),
                   [&](uint32_t a, uint32_t b) { return dist[p.root][a] > dist[p.root][b]; });
  for (size_t first = 0; first < by_distance.size();) {
    size_t last = first;
    while (last < by_distance.size() && dist[p.root][by_distance[last]] == dist[p.root][by_distance[first]]) ++last;
    const std::vector<uint32_t> group(by_distance.begin() + static_cast<std::ptrdiff_t>(first),
                                      by_distance.begin() + static_cast<std::ptrdiff_t>(last));
    for (const uint32_t m : group) {
      for (const uint32_t c : root_channels)
        if (can_take(m, c) && (root_channel[m] == UINT32_MAX || load[c] < load[root_channel[m]])) root_channel[m] = c;
      ++load[root_channel[m]];
    }
    for (bool moved = true; moved;) {
      moved = false;
      // Breadth-first from the most loaded channel over "a message of the
      // group on a could take b".
      const uint32_t top = *std::max_element(root_channels.begin(), root_channels.end(),
                                             [&](uint32_t a, uint32_t b) { return load[a] < load[b]; });
      std::vector<uint32_t> via(load.size(), UINT32_MAX);  // the message that moves into each channel reached
      std::vector<uint32_t> queue{top};
      via[top] = 0;
      for (size_t i = 0; i < queue.size() && !moved; ++i) {
        const uint32_t a = queue[i];
        for (const uint32_t m : group) {
          if (root_channel[m] != a) continue;
          for (const uint32_t b : root_channels) {
            if (via[b] != UINT32_MAX || !can_take(m, b)) continue;
            via[b] = m;
            queue.push_back(b);
            if (load[b] + 2 > load[top]) continue;
            // Shift one message along the chain back to the top.
            for (uint32_t c = b; c != top;) {
              const uint32_t mover = via[c], from = root_channel[mover];
              --load[from];
              ++load[c];
              root_channel[mover] = c;
              c = from;
            }
            moved = true;
            break;
          }
          if (moved) break;
        }
      }
    }
    first = last;
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
