// Tests of lower_bounds.hpp's cost bounds: gossip-ring-dissemination on hand-computed cases, and which bound wins.
#include <cmath>
#include <numbers>
#include <optional>

#include "lower_bounds.hpp"
#include "support.hpp"

namespace schedcheck {
namespace {

using test::collective;
using test::grid;

Model wormhole_combining(Ports ports = Ports::all_port) {
  Model m;
  m.switching = Switching::wormhole;
  m.ports = ports;
  m.combining = Combining::combining;
  return m;
}

// The named cost bound, or nullopt when it does not apply.
std::optional<double> cost_bound(const Topology& t, const Collective& c, std::string_view name, double ts, double tl,
                                 const Model& m = wormhole_combining()) {
  for (const CostBound& b : cost_lower_bounds(t, m, c, 0, ts, tl))
    if (b.name == name) return b.cost;
  return std::nullopt;
}

// n ln n (t_s + M l t_l) / (x ln(2en/x)) at the minimising M, worked out by hand.
double potential_ratio(double n, double ts, double per_message, double m, double x) {
  return n * std::log(n) * (ts + m * per_message) / (x * std::log(2 * std::numbers::e * n / x));
}

// The bound is shaved below its exact value, never above, and by a hair.
void check_value(std::optional<double> bound, double exact) {
  REQUIRE(bound.has_value());
  CHECK(*bound <= exact);
  CHECK(*bound == doctest::Approx(exact).epsilon(1e-11));
}

TEST_CASE("gossip-ring-dissemination: hand-computed minima over M") {
  const Collective gossip = collective(CollectiveKind::gossip);
  // ring 3, t_s = 0: M = 1 (x = 2) beats M = 2 (x = 3): 3 ln 3 / (2 (1 + ln 3)) = 0.785...
  const double ring3 = 3 * std::log(3.0) / (2 * (1 + std::log(3.0)));
  check_value(cost_bound(grid(TopologyKind::ring, {3}), gossip, "gossip-ring-dissemination", 0, 1), ring3);
  CHECK(ring3 == doctest::Approx(0.78524196));
  // ring 729, r = 10: the minimum is at M = 31, x = 62.
  check_value(cost_bound(grid(TopologyKind::ring, {729}), gossip, "gossip-ring-dissemination", 10, 1),
              potential_ratio(729, 10, 1, 31, 62));
  CHECK(potential_ratio(729, 10, 1, 31, 62) == doctest::Approx(764.29964));
  CHECK(potential_ratio(729, 10, 1, 30, 60) > potential_ratio(729, 10, 1, 31, 62));
  CHECK(potential_ratio(729, 10, 1, 32, 64) > potential_ratio(729, 10, 1, 31, 62));
  // parts 2 on a ring of 4, t_s = t_l = 1: M = 2, x = 2M/parts = 2.
  check_value(cost_bound(grid(TopologyKind::ring, {4}), collective(CollectiveKind::gossip, 0, 2),
                         "gossip-ring-dissemination", 1, 1),
              potential_ratio(4, 1, 1, 2, 2));
  // Messages of 2 flits, t_s = 3, t_l = 0.5 (r = 3): M = 3, x = 6, one message costing l t_l = 1.
  Collective two_flits = gossip;
  two_flits.length = 2;
  check_value(cost_bound(grid(TopologyKind::ring, {10}), two_flits, "gossip-ring-dissemination", 3, 0.5),
              potential_ratio(10, 3, 1, 3, 6));
}

TEST_CASE("gossip-ring-dissemination: where it applies") {
  const Collective gossip = collective(CollectiveKind::gossip);
  const auto applies = [](const Topology& t, const Collective& c, double tl = 1,
                          const Model& m = wormhole_combining()) {
    return cost_bound(t, c, "gossip-ring-dissemination", 10, tl, m).has_value();
  };
  // A path is a ring with two channels unused: the same bound. So are 1-D tori and meshes.
  CHECK(cost_bound(grid(TopologyKind::path, {81}), gossip, "gossip-ring-dissemination", 10, 1) ==
        cost_bound(grid(TopologyKind::ring, {81}), gossip, "gossip-ring-dissemination", 10, 1));
  CHECK(applies(grid(TopologyKind::torus, {81}), gossip));
  CHECK(applies(grid(TopologyKind::mesh, {81}), gossip));
  // Every step-synchronous model: one-port, non-combining and store-and-forward schedules are wormhole schedules.
  CHECK(applies(grid(TopologyKind::ring, {81}), gossip, 1, wormhole_combining(Ports::one_port)));
  Model saf = wormhole_combining();
  saf.switching = Switching::store_and_forward;
  saf.combining = Combining::non_combining;
  CHECK(applies(grid(TopologyKind::ring, {81}), gossip, 1, saf));
  // Not: two dimensions, other collectives, free flits, unequal or empty messages.
  CHECK_FALSE(applies(grid(TopologyKind::torus, {9, 9}), gossip));
  CHECK_FALSE(applies(grid(TopologyKind::ring, {81}), collective(CollectiveKind::broadcast)));
  CHECK_FALSE(applies(grid(TopologyKind::ring, {81}), collective(CollectiveKind::concentration)));
  CHECK_FALSE(applies(grid(TopologyKind::ring, {81}), gossip, 0));
  Collective unequal = gossip;
  unequal.lengths = {1, 1, 2, 1};
  CHECK_FALSE(applies(grid(TopologyKind::ring, {4}), unequal));
  Collective equal = gossip;
  equal.lengths = {2, 2, 2, 2};
  CHECK(applies(grid(TopologyKind::ring, {4}), equal));
  Collective empty = gossip;
  empty.length = 0;
  CHECK_FALSE(applies(grid(TopologyKind::ring, {4}), empty));
}

TEST_CASE("best_cost_bound: the larger of cost-volume and gossip-ring-dissemination") {
  const Collective gossip = collective(CollectiveKind::gossip);
  const Model m = wormhole_combining();
  // ring 729, r = 10, 6 steps: cost-volume 60 + 364 = 424, the potential 764.3.
  const Topology ring729 = grid(TopologyKind::ring, {729});
  const std::vector<CostBound> both = cost_lower_bounds(ring729, m, gossip, 6, 10, 1);
  REQUIRE(both.size() == 2);
  CHECK(both[0].name == "cost-volume");
  CHECK(both[0].cost == 424);
  CHECK(both[1].name == "gossip-ring-dissemination");
  CHECK(best_cost_bound(both) == &both[1]);
  // ring 9, r = 10, 2 steps: cost-volume 20 + 4 = 24 beats the potential's 19.1.
  const Topology ring9 = grid(TopologyKind::ring, {9});
  CHECK(best_cost_bound(cost_lower_bounds(ring9, m, gossip, 2, 10, 1))->name == "cost-volume");
  CHECK(cost_bound(ring9, gossip, "gossip-ring-dissemination", 10, 1) == doctest::Approx(19.1096746));
  CHECK(best_cost_bound({}) == nullptr);
}

}  // namespace
}  // namespace schedcheck
