// Routes: enumeration of dimension-ordered, shorter-way, shortest and single-hop routes.
#include "routes.hpp"

#include <algorithm>
#include <functional>

#include <fmt/format.h>

namespace schedcheck::search {

namespace {

struct Leg {
  uint32_t dim;
  bool negative;
  uint32_t hops;
};

// Appends the route of `legs` (taken in order) from `from`, if every hop is a link.
void add_route(const Grid& grid, uint32_t from, const std::vector<Leg>& legs, std::vector<Route>& out) {
  Route r;
  r.from = from;
  uint32_t at = from;
  for (const Leg& leg : legs) {
    if (leg.hops == 0) continue;
    for (uint32_t i = 0; i < leg.hops; ++i) {
      const int64_t next = grid.neighbour(at, leg.dim, leg.negative);
      if (next < 0) return;
      r.channels.push_back(grid.channel(at, leg.dim, leg.negative));
      at = static_cast<uint32_t>(next);
    }
    if (!r.moves.empty()) r.moves += ' ';
    r.moves += fmt::format("{}{}", leg.negative ? '-' : '+', leg.dim + 1);
    if (leg.hops > 1) r.moves += fmt::format("*{}", leg.hops);
  }
  r.to = at;
  out.push_back(std::move(r));
}

// The ways along one dimension from coordinate a to b: (negative, hops).
std::vector<std::pair<bool, uint32_t>> ways(const Grid& grid, uint32_t dim, uint32_t a, uint32_t b, RouteRule rule) {
  const uint32_t n = grid.sizes[dim];
  if (a == b) return {{false, 0}};
  if (!grid.wraps) return {{b < a, b < a ? a - b : b - a}};
  const uint32_t up = (b + n - a) % n, down = n - up;
  if (rule == RouteRule::dimension_order) return {{false, up}, {true, down}};
  if (up < down) return {{false, up}};
  if (down < up) return {{true, down}};
  return {{false, up}, {true, down}};
}

}  // namespace

const char* route_rule_name(RouteRule rule) {
  switch (rule) {
    case RouteRule::dimension_order: return "dimension-order";
    case RouteRule::dimension_order_shorter: return "dimension-order-shorter";
    case RouteRule::shortest:
    case RouteRule::single_hop: return "free";
  }
  return "?";
}

std::vector<Route> routes_from(const Grid& grid, uint32_t from, RouteRule rule) {
  std::vector<Route> out;
  const uint32_t k = grid.dimensions();
  if (rule == RouteRule::single_hop) {
    for (uint32_t d = 0; d < k; ++d)
      for (bool negative : {false, true}) add_route(grid, from, {{d, negative, 1}}, out);
    return out;
  }
  for (uint32_t to = 0; to < grid.node_count(); ++to) {
    if (to == from) continue;
    // One choice of way per dimension, then the order of the legs.
    std::vector<std::vector<std::pair<bool, uint32_t>>> per_dim;
    for (uint32_t d = 0; d < k; ++d)
      per_dim.push_back(ways(grid, d, grid.coordinate(from, d), grid.coordinate(to, d), rule));
    std::vector<Leg> legs(k);
    std::function<void(uint32_t)> choose = [&](uint32_t d) {
      if (d == k) {
        if (rule != RouteRule::shortest) {
          add_route(grid, from, legs, out);
          return;
        }
        // Every interleaving of the unit hops: all minimal paths.
        std::vector<Leg> hops;
        for (const Leg& leg : legs)
          for (uint32_t i = 0; i < leg.hops; ++i) hops.push_back({leg.dim, leg.negative, 1});
        std::sort(hops.begin(), hops.end(), [](const Leg& a, const Leg& b) { return a.dim < b.dim; });
        do {
          std::vector<Leg> merged;
          for (const Leg& h : hops) {
            if (!merged.empty() && merged.back().dim == h.dim) ++merged.back().hops;
            else merged.push_back(h);
          }
          add_route(grid, from, merged, out);
        } while (std::next_permutation(hops.begin(), hops.end(),
                                       [](const Leg& a, const Leg& b) { return a.dim < b.dim; }));
        return;
      }
      for (auto [negative, hops] : per_dim[d]) {
        legs[d] = {d, negative, hops};
        choose(d + 1);
      }
    };
    choose(0);
  }
  return out;
}

}  // namespace schedcheck::search
