// Flow broadcast: one unit-capacity maximum flow per step, split into channel-disjoint paths.
#include "flow_broadcast.hpp"

#include <algorithm>
#include <deque>
#include <vector>

#include <fmt/format.h>

#include "farthest_targets.hpp"

namespace schedcheck::search {

namespace {

// Dinic's algorithm on a graph of unit channels: few enough nodes (at most
// max_search_nodes plus two) that each flow takes milliseconds.
class UnitFlow {
 public:
  explicit UnitFlow(uint32_t nodes) : first_(nodes, none) {}

  // An arc of capacity `capacity` and its residual twin; returns the arc's index.
  uint32_t add(uint32_t from, uint32_t to, uint32_t capacity) {
    const auto index = static_cast<uint32_t>(arcs_.size());
    arcs_.push_back({to, capacity, first_[from]});
    first_[from] = index;
    arcs_.push_back({from, 0, first_[to]});
    first_[to] = index + 1;
    return index;
  }
  uint32_t max_flow(uint32_t source, uint32_t sink) {
    uint32_t flow = 0;
    while (levels(source, sink)) {
      next_ = first_;
      while (const uint32_t pushed = push(source, sink, UINT32_MAX)) flow += pushed;
    }
    return flow;
  }
  // The flow on arc `index` (an index add() returned).
  uint32_t flow(uint32_t index) const { return arcs_[index + 1].capacity; }

 private:
  static constexpr uint32_t none = UINT32_MAX;
  struct Arc {
    uint32_t to, capacity, next;
  };
  bool levels(uint32_t source, uint32_t sink) {
    level_.assign(first_.size(), none);
    std::deque<uint32_t> queue{source};
    level_[source] = 0;
    while (!queue.empty()) {
      const uint32_t v = queue.front();
      queue.pop_front();
      for (uint32_t a = first_[v]; a != none; a = arcs_[a].next)
        if (arcs_[a].capacity > 0 && level_[arcs_[a].to] == none) {
          level_[arcs_[a].to] = level_[v] + 1;
          queue.push_back(arcs_[a].to);
        }
    }
    return level_[sink] != none;
  }
  uint32_t push(uint32_t v, uint32_t sink, uint32_t limit) {
    if (v == sink) return limit;
    for (uint32_t& a = next_[v]; a != none; a = arcs_[a].next) {
      Arc& arc = arcs_[a];
      if (arc.capacity == 0 || level_[arc.to] != level_[v] + 1) continue;
      if (const uint32_t pushed = push(arc.to, sink, std::min(limit, arc.capacity))) {
        arc.capacity -= pushed;
        arcs_[a ^ 1].capacity += pushed;
        return pushed;
      }
    }
    return 0;
  }
  std::vector<Arc> arcs_;
  std::vector<uint32_t> first_, next_, level_;
};

// "+1*2 -2": a path's hops, each a port 2 * dim + (negative ? 1 : 0), a
// run of one port as one move.
std::string moves_text(const std::vector<uint32_t>& ports) {
  std::string text;
  for (size_t i = 0; i < ports.size();) {
    size_t j = i;
    while (j < ports.size() && ports[j] == ports[i]) ++j;
    text += fmt::format("{}{}{}{}", text.empty() ? "" : " ", ports[i] % 2 ? '-' : '+', ports[i] / 2 + 1,
                        j - i > 1 ? fmt::format("*{}", j - i) : "");
    i = j;
  }
  return text;
}

// Channel-disjoint paths from the informed nodes to as many of the targets
// as one step can reach, each target at most once.
std::vector<StepPath> step_paths(const Grid& grid, const std::vector<bool>& informed, const std::vector<bool>& target) {
  const uint32_t P = grid.node_count(), ports = 2 * grid.dimensions();
  const uint32_t source = P, sink = P + 1;
  UnitFlow flow(P + 2);
  std::vector<uint32_t> channel_arc(size_t{P} * ports, UINT32_MAX), head(size_t{P} * ports, 0);
  for (uint32_t v = 0; v < P; ++v)
    for (uint32_t port = 0; port < ports; ++port) {
      const int64_t w = grid.neighbour(v, port / 2, port % 2 == 1);
      if (w < 0) continue;  // off a mesh's border
      head[v * ports + port] = static_cast<uint32_t>(w);
      channel_arc[v * ports + port] = flow.add(v, static_cast<uint32_t>(w), 1);
    }
  std::vector<uint32_t> sends(P, 0), absorbs(P, 0);
  std::vector<uint32_t> send_arc(P, UINT32_MAX), absorb_arc(P, UINT32_MAX);
  for (uint32_t v = 0; v < P; ++v) {
    if (informed[v]) send_arc[v] = flow.add(source, v, ports);
    else if (target[v]) absorb_arc[v] = flow.add(v, sink, 1);
  }
  flow.max_flow(source, sink);
  std::vector<bool> used(size_t{P} * ports, false);
  for (size_t c = 0; c < used.size(); ++c) used[c] = channel_arc[c] != UINT32_MAX && flow.flow(channel_arc[c]) == 1;
  for (uint32_t v = 0; v < P; ++v) {
    if (send_arc[v] != UINT32_MAX) sends[v] = flow.flow(send_arc[v]);
    if (absorb_arc[v] != UINT32_MAX) absorbs[v] = flow.flow(absorb_arc[v]);
  }
  // Each unit leaving an informed node is followed along used channels to a
  // node that absorbs one; the flow is conserved at every node, so the walk
  // never sticks, and a cycle it closes is flow that reaches no one: cut out.
  std::vector<StepPath> paths;
  std::vector<uint32_t> place(P, UINT32_MAX);  // a node's index on the walk, or none
  for (uint32_t v = 0; v < P; ++v)
    for (; sends[v] > 0; --sends[v]) {
      std::vector<uint32_t> nodes{v}, hops;
      place[v] = 0;
      for (uint32_t at = v; !(at != v && absorbs[at] > 0);) {
        uint32_t port = 0;
        while (!used[at * ports + port]) ++port;
        used[at * ports + port] = false;
        const uint32_t next = head[at * ports + port];
        if (place[next] != UINT32_MAX) {
          for (size_t i = place[next] + 1; i < nodes.size(); ++i) place[nodes[i]] = UINT32_MAX;
          nodes.resize(place[next] + 1);
          hops.resize(place[next]);
        } else {
          place[next] = static_cast<uint32_t>(nodes.size());
          nodes.push_back(next);
          hops.push_back(port);
        }
        at = next;
      }
      --absorbs[nodes.back()];
      for (const uint32_t u : nodes) place[u] = UINT32_MAX;
      paths.push_back({v, nodes.back(), moves_text(hops)});
    }
  return paths;
}

// Up to `count` uninformed nodes, each the farthest (in hops) from the
// informed nodes and those chosen before it; ties go by `rank`.
std::vector<bool> spread_targets(const Grid& grid, const std::vector<bool>& informed, uint32_t count,
                                 const std::vector<uint32_t>& rank) {
  FarthestTargets farthest(grid, informed, rank);
  std::vector<bool> target(grid.node_count(), false);
  for (uint32_t chosen = 0; chosen < count; ++chosen) {
    const uint32_t v = farthest.next(target);
    if (v == UINT32_MAX) break;
    target[v] = true;
    farthest.add(v);
  }
  return target;
}

}  // namespace

std::optional<std::string> flow_broadcast(const Grid& grid, uint32_t steps, const StepwiseLimits& limits) {
  const uint32_t P = grid.node_count(), ports = 2 * grid.dimensions();
  return stepwise_broadcast(grid, steps, limits, [&](const StepRequest& r) -> std::optional<std::vector<StepPath>> {
    // The last step aims at everyone left; the flow then decides it exactly.
    std::vector<bool> target(P, true);
    if (!r.last) target = spread_targets(grid, r.informed, std::min(P, r.informed_count * ports), r.rank);
    return step_paths(grid, r.informed, target);
  });
}

}  // namespace schedcheck::search
