// List schedule: one greedy pass per step over the messages still on their way.
#include "sf_list_schedule.hpp"

#include <algorithm>
#include <vector>

#include <fmt/format.h>

namespace schedcheck::search {

namespace {

struct Hop {
  uint32_t channel, message;
};

// The scatter from the problem's root: each step's hops.
std::optional<std::vector<std::vector<Hop>>> scatter_steps(const SfRootedProblem& p,
                                                          const std::vector<SfChannel>& channels, uint32_t max_steps) {
  const uint32_t n = sf_node_count(p);
  const auto dist = sf_distances(p);
  std::vector<std::vector<uint32_t>> out(n);  // channels by tail
  for (uint32_t c = 0; c < channels.size(); ++c) out[channels[c].tail].push_back(c);
  auto closer = [&](uint32_t c, uint32_t m) { return dist[channels[c].head][m] + 1 == dist[channels[c].tail][m]; };
  // The ways on from a node toward m: a hop to a node with more of them
  // leaves the message more choice in the steps after.
  auto ways = [&](uint32_t v, uint32_t m) {
    return static_cast<uint32_t>(std::count_if(out[v].begin(), out[v].end(), [&](uint32_t c) { return closer(c, m); }));
  };
  std::vector<uint32_t> at(n, p.root), order;
  for (uint32_t m = 0; m < n; ++m)
    if (m != p.root) order.push_back(m);

  // Each message's channel out of the root, class by class, the farthest
  // first: a message leaving the root in step j arrives in step j + dist - 1
  // at the earliest, so what each channel must be kept from is too many far
  // messages. Each class goes to the least loaded of its channels, then is
  // moved along chains of channels (a message of the class on channel a
  // that could take b) from the most loaded channel to one with two fewer,
  // while there is such a chain.
  std::vector<uint32_t> load(channels.size(), 0), root_channel(n, UINT32_MAX);
  const std::vector<uint32_t>& root_channels = out[p.root];
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
        if (closer(c, m) && (root_channel[m] == UINT32_MAX || load[c] < load[root_channel[m]])) root_channel[m] = c;
      if (root_channel[m] != UINT32_MAX) ++load[root_channel[m]];
    }
    for (bool moved = !root_channels.empty(); moved;) {
      moved = false;
      // Breadth-first from the most loaded channel over "a message of the
      // group on a could take b".
      const uint32_t top = *std::max_element(root_channels.begin(), root_channels.end(),
                                             [&](uint32_t a, uint32_t b) { return load[a] < load[b]; });
      std::vector<uint32_t> via(load.size(), UINT32_MAX);  // the message that moves into each channel reached
      std::vector<uint32_t> queue{top};
      via[top] = 0;
      for (size_t i = 0; i < queue.size() && !moved; ++i) {
        for (const uint32_t m : group) {
          if (root_channel[m] != queue[i]) continue;
          for (const uint32_t b : root_channels) {
            if (via[b] != UINT32_MAX || !closer(b, m)) continue;
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
  std::vector<uint32_t> channel_used(channels.size(), 0), sent(n, 0), received(n, 0);
  std::vector<int> wanted(channels.size(), 0);
  while (std::any_of(order.begin(), order.end(), [&](uint32_t m) { return at[m] != m; })) {
    if (steps.size() == max_steps) return std::nullopt;
    const auto stamp = static_cast<uint32_t>(steps.size() + 1);
    // The most hops left first; among equals, the message with the fewest
    // ways on.
    std::stable_sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) {
      const uint32_t da = dist[at[a]][a], db = dist[at[b]][b];
      return da != db ? da > db : ways(at[a], a) < ways(at[b], b);
    });
    // How many waiting messages could take each channel: a message takes
    // the channel fewest others could, so that one with a single way on
    // still finds it free.
    auto usable = [&](uint32_t m, uint32_t c) {
      return closer(c, m) && (at[m] != p.root || c == root_channel[m]);
    };
    auto count_ways = [&](uint32_t m, int by) {
      for (const uint32_t c : out[at[m]])
        if (usable(m, c)) wanted[c] += by;
    };
    for (const uint32_t m : order)
      if (at[m] != m) count_ways(m, 1);
    std::vector<Hop>& hops = steps.emplace_back();
    for (const uint32_t m : order) {
      const uint32_t v = at[m];
      if (v == m) continue;
      count_ways(m, -1);
      if (p.one_port && sent[v] == stamp) continue;
      uint32_t best = UINT32_MAX, best_ways = 0;
      for (const uint32_t c : out[v]) {
        const uint32_t u = channels[c].head;
        if (!usable(m, c) || channel_used[c] == stamp || (p.one_port && received[u] == stamp)) continue;
        const uint32_t w = ways(u, m);
        if (best == UINT32_MAX || wanted[c] < wanted[best] || (wanted[c] == wanted[best] && w > best_ways))
          best = c, best_ways = w;
      }
      if (best == UINT32_MAX) continue;
      channel_used[best] = stamp;
      sent[v] = received[channels[best].head] = stamp;
      at[m] = channels[best].head;
      hops.push_back({best, m});
    }
  }
  return steps;
}

}  // namespace

std::optional<ListSchedule> sf_rooted_list_schedule(const SfRootedProblem& problem, uint32_t max_steps) {
  const std::vector<SfChannel> channels = sf_channels(problem);
  auto steps = scatter_steps(problem, channels, max_steps);
  if (!steps) return std::nullopt;
  if (problem.collective == RootedCollective::gather) {
    // Backwards in time, each hop from its head to its tail.
    std::reverse(steps->begin(), steps->end());
    for (auto& hops : *steps)
      for (Hop& hop : hops) hop.channel = channels[hop.channel].reverse;
  }
  ListSchedule schedule{static_cast<uint32_t>(steps->size()), {}};
  for (size_t t = 0; t < steps->size(); ++t) {
    schedule.body += fmt::format("step {}\n", t + 1);
    for (const Hop& hop : (*steps)[t])
      schedule.body += fmt::format("  {}{} : {}\n", sf_node_name(problem, channels[hop.channel].tail),
                                   channels[hop.channel].hop, sf_node_name(problem, hop.message));
  }
  return schedule;
}

}  // namespace schedcheck::search
