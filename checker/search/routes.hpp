// Routes: every path a packet or a wormhole path may take from one node to another under a routing rule.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "grid.hpp"

namespace schedcheck::search {

enum class RouteRule {
  dimension_order,          // dimensions in order, either way round in each
  dimension_order_shorter,  // the same, the shorter way round (both ways at exactly n/2)
  shortest,                 // any minimal path (free routing along shortest paths)
  single_hop,               // store-and-forward: one link
};

struct Route {
  uint32_t from = 0;
  uint32_t to = 0;
  std::vector<uint32_t> channels;
  std::string moves;  // as the format writes them: "+1*2 -2"
};

// The routing as the format's model line names it ("dimension-order",
// "dimension-order-shorter", "free"; single_hop: "free").
const char* route_rule_name(RouteRule rule);

// Every route from `from` to every other node under `rule`, by destination.
std::vector<Route> routes_from(const Grid& grid, uint32_t from, RouteRule rule);

}  // namespace schedcheck::search
