// Tests of lower_bounds.hpp: each bound's value on concrete sizes, which bounds apply, and ceil_log.
#include "lower_bounds.hpp"

#include <optional>

#include "support.hpp"

namespace schedcheck {
namespace {

using test::collective;

using test::grid;
using test::must;

Model model(Switching s, Ports p, Combining c = Combining::non_combining) {
  Model m;
  m.switching = s;
  m.ports = p;
  m.combining = c;
  return m;
}

const Model wormhole_all = model(Switching::wormhole, Ports::all_port);
const Model wormhole_one = model(Switching::wormhole, Ports::one_port);
const Model saf_all = model(Switching::store_and_forward, Ports::all_port);
const Model saf_one = model(Switching::store_and_forward, Ports::one_port);

// The named bound's steps, or nullopt when it does not apply.
std::optional<uint64_t> bound(const Topology& t, const Model& m, const Collective& c, std::string_view name) {
  for (const LowerBound& b : lower_bounds(t, m, c))
    if (b.name == name) return b.steps;
  return std::nullopt;
}

std::vector<std::string> names(const Topology& t, const Model& m, const Collective& c) {
  std::vector<std::string> out;
  for (const LowerBound& b : lower_bounds(t, m, c)) out.push_back(b.name);
  return out;
}

TEST_CASE("ceil_log: smallest s with base^s >= n") {
  CHECK(ceil_log(2, 0) == 0);
  CHECK(ceil_log(2, 1) == 0);
  CHECK(ceil_log(2, 2) == 1);
  CHECK(ceil_log(2, 3) == 2);
  CHECK(ceil_log(2, 16) == 4);
  CHECK(ceil_log(2, 17) == 5);
  CHECK(ceil_log(3, 9) == 2);
  CHECK(ceil_log(3, 10) == 3);
  CHECK(ceil_log(7, 343) == 3);
  CHECK(ceil_log(7, 344) == 4);
  CHECK(ceil_log(5, 25) == 2);
  CHECK(ceil_log(1000, 999) == 1);
  // No overflow near the top of the range.
  CHECK(ceil_log(2, UINT64_MAX) == 64);
  CHECK(ceil_log(2, uint64_t{1} << 63) == 63);
  CHECK(ceil_log(2, (uint64_t{1} << 63) + 1) == 64);
  CHECK(ceil_log(UINT64_MAX, UINT64_MAX) == 1);
  CHECK(ceil_log(10, 10000000000000000000u) == 19);
}

TEST_CASE("broadcast-all-port: ceil(log_{D+1} P)") {
  const Collective b = collective(CollectiveKind::broadcast);
  CHECK(bound(grid(TopologyKind::torus, {7, 7, 7}), wormhole_all, b, "broadcast-all-port") == 3u);
  CHECK(bound(grid(TopologyKind::torus, {5, 5}), wormhole_all, b, "broadcast-all-port") == 2u);
  CHECK(bound(grid(TopologyKind::torus, {6, 6}), wormhole_all, b, "broadcast-all-port") == 3u);  // 5^2 < 36
  CHECK(bound(grid(TopologyKind::ring, {8}), wormhole_all, b, "broadcast-all-port") == 2u);
  CHECK(bound(grid(TopologyKind::ring, {10}), wormhole_all, b, "broadcast-all-port") == 3u);
  // Meshes use their largest degree: 4 on a 3x3 mesh, 3 on a 2x5 mesh.
  CHECK(bound(grid(TopologyKind::mesh, {3, 3}), wormhole_all, b, "broadcast-all-port") == 2u);
  CHECK(bound(grid(TopologyKind::mesh, {2, 5}), wormhole_all, b, "broadcast-all-port") == 2u);
  CHECK(bound(grid(TopologyKind::mesh, {2, 9}), wormhole_all, b, "broadcast-all-port") == 3u);  // 4^2 < 18
  // A star of 5 nodes: D = 4, one step.
  CHECK(bound(must(Topology::tree({no_node, 0, 0, 0, 0})), wormhole_all, b, "broadcast-all-port") == 1u);
  // A path of 3 in store-and-forward: the same bound applies to every switching.
  CHECK(bound(grid(TopologyKind::path, {3}), saf_all, b, "broadcast-all-port") == 1u);
  CHECK_FALSE(bound(grid(TopologyKind::ring, {8}), wormhole_one, b, "broadcast-all-port"));
}

TEST_CASE("broadcast-dimension-order-layers: dimension 1's two ports carry all that leaves a layer") {
  const Collective b = collective(CollectiveKind::broadcast);
  Model ordered = wormhole_all, shorter = wormhole_all;
  ordered.routing = Routing::dimension_order;
  shorter.routing = Routing::dimension_order_shorter;
  auto layers = [&](std::vector<uint32_t> sizes, const Model& m) {
    return bound(grid(TopologyKind::torus, std::move(sizes)), m, b, "broadcast-dimension-order-layers");
  };
  // 2x3x7, (a, b, total): (1, 0, 1), (5, 2, 7), (21, 20, 41): the second layer's 21 nodes need a third
  // step, where Lemma 1 gives 2.
  CHECK(layers({2, 3, 7}, ordered) == 3u);
  CHECK(layers({2, 3, 7}, shorter) == 3u);
  CHECK(layers({2, 3, 6}, ordered) == 2u);  // 18 and 18: (5, 2) then (18, 18)
  // 5x5: the source's row holds 5 nodes, the rest 20; after two steps at most 2*3 + 5*2 = 16 of them.
  CHECK(layers({5, 5}, ordered) == 3u);
  CHECK(layers({25, 25}, ordered) == 5u);  // Lemma 1: 4
  CHECK(layers({7, 7, 7}, ordered) == 4u);  // Lemma 1: 3
  CHECK(layers({3, 8}, ordered) == 2u);
  // The total's bound counts too: 10x11 and 8x15 need 4 steps (Lemma 1: 3), 8x14 3.
  CHECK(layers({10, 11}, ordered) == 4u);
  CHECK(layers({8, 15}, ordered) == 4u);
  CHECK(layers({8, 14}, ordered) == 3u);  // 8 and 16: (3, 2) then (8, 16), Lemma 1's 2 as well
  CHECK(layers({2, 2}, ordered) == 1u);
  // Under free routing a path may change x1 anywhere; one-port and gossip have bounds of their own.
  CHECK_FALSE(layers({5, 5}, wormhole_all));
  Model one_port = wormhole_one;
  one_port.routing = Routing::dimension_order;
  CHECK_FALSE(layers({5, 5}, one_port));
  CHECK_FALSE(bound(grid(TopologyKind::torus, {5, 5}), ordered, collective(CollectiveKind::gossip),
                    "broadcast-dimension-order-layers"));
  CHECK_FALSE(bound(grid(TopologyKind::ring, {9}), ordered, b, "broadcast-dimension-order-layers"));
  // The verdict's bound is the larger; on a tie Lemma 1, which comes first.
  const std::vector<LowerBound> bounds_5x5 = lower_bounds(grid(TopologyKind::torus, {5, 5}), ordered, b);
  CHECK(best_bound(bounds_5x5)->name == "broadcast-dimension-order-layers");
  const std::vector<LowerBound> bounds_3x8 = lower_bounds(grid(TopologyKind::torus, {3, 8}), ordered, b);
  CHECK(best_bound(bounds_3x8)->name == "broadcast-all-port");
  // The largest tori: the counts stay within 64 bits, the loop ends, and the total's bound is Lemma 1's.
  CHECK(layers({8192, 8192}, ordered) == bound(grid(TopologyKind::torus, {8192, 8192}), ordered, b, "broadcast-all-port"));
}

TEST_CASE("broadcast-one-port: ceil(log_2 P)") {
  const Collective b = collective(CollectiveKind::broadcast);
  CHECK(bound(grid(TopologyKind::torus, {4, 4}), wormhole_one, b, "broadcast-one-port") == 4u);
  CHECK(bound(grid(TopologyKind::ring, {17}), wormhole_one, b, "broadcast-one-port") == 5u);
  CHECK(bound(grid(TopologyKind::ring, {2}), wormhole_one, b, "broadcast-one-port") == 1u);
  CHECK_FALSE(bound(grid(TopologyKind::ring, {8}), wormhole_all, b, "broadcast-one-port"));
}

TEST_CASE("store-and-forward-distance: the root's eccentricity") {
  const Topology mesh = grid(TopologyKind::mesh, {4, 6});
  // Corners are farthest from the opposite corner: 3 + 5.
  for (auto corner : {std::vector<uint32_t>{0, 0}, {3, 0}, {0, 5}, {3, 5}}) {
    CAPTURE(corner[0]);
    CAPTURE(corner[1]);
    CHECK(bound(mesh, saf_all, collective(CollectiveKind::broadcast, test::node_at(mesh, corner)),
                "store-and-forward-distance") == 8u);
  }
  CHECK(bound(mesh, saf_all, collective(CollectiveKind::broadcast, test::node_at(mesh, {1, 2})),
              "store-and-forward-distance") == 5u);
  CHECK(bound(mesh, saf_all, collective(CollectiveKind::scatter, test::node_at(mesh, {2, 3})),
              "store-and-forward-distance") == 5u);
  const Topology torus = grid(TopologyKind::torus, {5, 5});
  CHECK(bound(torus, saf_one, collective(CollectiveKind::gather, 7), "store-and-forward-distance") == 4u);
  const Topology tree = must(Topology::tree({no_node, 0, 1, 2}));
  CHECK(bound(tree, saf_one, collective(CollectiveKind::gather, 3), "store-and-forward-distance") == 3u);
  CHECK(bound(tree, saf_one, collective(CollectiveKind::gather, 1), "store-and-forward-distance") == 2u);
  // Wormhole paths cross many links in a step: no distance bound.
  CHECK_FALSE(bound(mesh, wormhole_all, collective(CollectiveKind::broadcast), "store-and-forward-distance"));
}

TEST_CASE("store-and-forward-distance: the diameter for gossip") {
  const Collective g = collective(CollectiveKind::gossip);
  const Model combining = model(Switching::store_and_forward, Ports::all_port, Combining::combining);
  CHECK(bound(grid(TopologyKind::mesh, {4, 6}), combining, g, "store-and-forward-distance") == 8u);
  CHECK(bound(grid(TopologyKind::torus, {5, 4}), combining, g, "store-and-forward-distance") == 4u);
  CHECK(bound(grid(TopologyKind::ring, {7}), combining, g, "store-and-forward-distance") == 3u);
  CHECK(bound(must(Topology::tree({no_node, 0, 0, 1, 3})), combining, g, "store-and-forward-distance") == 4u);
  CHECK(bound(must(Topology::graph(5, {{0, 1}, {1, 2}, {2, 3}, {3, 4}, {4, 0}})), combining, g,
              "store-and-forward-distance") == 2u);
  // A disconnected graph has no finite diameter: the bound is left out.
  CHECK_FALSE(bound(must(Topology::graph(4, {{0, 1}, {2, 3}})), combining, g, "store-and-forward-distance"));
}

TEST_CASE("gossip-all-port-non-combining: ceil(parts*(P-1)/delta)") {
  const Collective g = collective(CollectiveKind::gossip);
  CHECK(bound(grid(TopologyKind::torus, {3, 3}), saf_all, g, "gossip-all-port-non-combining") == 2u);
  CHECK(bound(grid(TopologyKind::torus, {4, 4}), saf_all, g, "gossip-all-port-non-combining") == 4u);
  CHECK(bound(grid(TopologyKind::torus, {6, 6}), saf_all, g, "gossip-all-port-non-combining") == 9u);
  CHECK(bound(grid(TopologyKind::torus, {6, 6}), wormhole_all, g, "gossip-all-port-non-combining") == 9u);
  CHECK(bound(grid(TopologyKind::torus, {3, 3}), saf_all, collective(CollectiveKind::gossip, 0, 2),
              "gossip-all-port-non-combining") == 4u);
  // 3-D torus: delta = 6; a mesh's corner has degree k.
  CHECK(bound(grid(TopologyKind::torus, {3, 3, 3}), saf_all, g, "gossip-all-port-non-combining") == 5u);
  CHECK(bound(grid(TopologyKind::mesh, {3, 3}), saf_all, g, "gossip-all-port-non-combining") == 4u);
  CHECK(bound(grid(TopologyKind::ring, {8}), saf_all, g, "gossip-all-port-non-combining") == 4u);
  const Model combining = model(Switching::store_and_forward, Ports::all_port, Combining::combining);
  CHECK_FALSE(bound(grid(TopologyKind::torus, {3, 3}), combining, g, "gossip-all-port-non-combining"));
}

TEST_CASE("gossip-one-port-non-combining: parts*(P-1)") {
  CHECK(bound(grid(TopologyKind::torus, {3, 3}), saf_one, collective(CollectiveKind::gossip),
              "gossip-one-port-non-combining") == 8u);
  CHECK(bound(grid(TopologyKind::ring, {5}), wormhole_one, collective(CollectiveKind::gossip, 0, 3),
              "gossip-one-port-non-combining") == 12u);
  CHECK_FALSE(bound(grid(TopologyKind::ring, {5}), wormhole_one, collective(CollectiveKind::gossip),
                    "gossip-all-port-non-combining"));
}

TEST_CASE("root-ports-non-combining: P-1 packets through the root's channels") {
  const Topology star = must(Topology::tree({no_node, 0, 0, 0, 0}));
  CHECK(bound(star, wormhole_all, collective(CollectiveKind::scatter, 0), "root-ports-non-combining") == 1u);
  CHECK(bound(star, wormhole_all, collective(CollectiveKind::scatter, 3), "root-ports-non-combining") == 4u);
  CHECK(bound(star, wormhole_one, collective(CollectiveKind::scatter, 0), "root-ports-non-combining") == 4u);
  CHECK(bound(star, saf_all, collective(CollectiveKind::gather, 0), "root-ports-non-combining") == 1u);
  CHECK(bound(star, saf_one, collective(CollectiveKind::gather, 0), "root-ports-non-combining") == 4u);
  CHECK(bound(grid(TopologyKind::torus, {3, 3}), saf_all, collective(CollectiveKind::concentration, 4),
              "root-ports-non-combining") == 2u);
  CHECK(bound(grid(TopologyKind::mesh, {3, 3}), saf_all, collective(CollectiveKind::gather, 0),
              "root-ports-non-combining") == 4u);  // a corner has 2 channels
  const Model combining = model(Switching::store_and_forward, Ports::one_port, Combining::combining);
  CHECK_FALSE(bound(star, combining, collective(CollectiveKind::gather, 0), "root-ports-non-combining"));
}

TEST_CASE("which bounds apply, in the order of specs/lemmas.md") {
  CHECK(names(grid(TopologyKind::torus, {3, 3}), saf_all, collective(CollectiveKind::gossip)) ==
        std::vector<std::string>{"broadcast-all-port", "store-and-forward-distance", "gossip-all-port-non-combining"});
  CHECK(names(grid(TopologyKind::torus, {3, 3}), wormhole_all, collective(CollectiveKind::broadcast)) ==
        std::vector<std::string>{"broadcast-all-port"});
  CHECK(names(grid(TopologyKind::path, {4}), saf_one, collective(CollectiveKind::scatter)) ==
        std::vector<std::string>{"broadcast-one-port", "store-and-forward-distance", "root-ports-non-combining"});
  CHECK(names(grid(TopologyKind::torus, {3, 3}), model(Switching::wormhole, Ports::all_port, Combining::combining),
              collective(CollectiveKind::gossip)) == std::vector<std::string>{"broadcast-all-port"});
  // The flit model's bounds count time units.
  CHECK(names(grid(TopologyKind::path, {4}), model(Switching::flit, Ports::one_port),
              collective(CollectiveKind::scatter)) ==
        std::vector<std::string>{"flit-message-distance", "flit-root-stream"});
  CHECK(names(grid(TopologyKind::path, {4}), model(Switching::flit, Ports::one_port),
              collective(CollectiveKind::broadcast)) == std::vector<std::string>{"flit-message-distance"});
}

TEST_CASE("flit model: Proposition 1's lower bound and the farthest train, on a tree with null messages") {
  // Root 0 with children 1 and 2; 3 under 1. Lengths 0 2 0 3: only 1 and 3 move.
  const Topology tree = must(Topology::tree({no_node, 0, 0, 1}));
  Collective scatter = collective(CollectiveKind::scatter, 0);
  scatter.lengths = {0, 2, 0, 3};
  const auto one_port = lower_bounds(tree, model(Switching::flit, Ports::one_port), scatter);
  REQUIRE(one_port.size() == 2);
  CHECK(one_port[0].steps == 4);  // node 3: delta 2 + l 3 - 1
  CHECK(one_port[1].steps == 5);  // L = 5, min delta = 1: 5 + 1 - 1
  // All-port: the root's two ports pass two flits per unit: ceil(5/2) + 1 - 1.
  const auto all_port = lower_bounds(tree, model(Switching::flit, Ports::all_port), scatter);
  CHECK(all_port[1].steps == 3);
  // The gather mirrors it; with every message null nothing moves and no bound applies.
  Collective gather = collective(CollectiveKind::gather, 0);
  gather.lengths = {0, 2, 0, 3};
  CHECK(lower_bounds(tree, model(Switching::flit, Ports::one_port), gather)[1].steps == 5);
  gather.lengths = {7, 0, 0, 0};
  CHECK(lower_bounds(tree, model(Switching::flit, Ports::one_port), gather).empty());
}

TEST_CASE("the degree bounds hold for every collective") {
  const Topology torus = grid(TopologyKind::torus, {7, 7, 7});
  for (CollectiveKind kind : {CollectiveKind::gossip, CollectiveKind::scatter, CollectiveKind::gather,
                              CollectiveKind::concentration}) {
    CAPTURE(collective_kind_name(kind));
    CHECK(bound(torus, wormhole_all, collective(kind), "broadcast-all-port") == 3u);
    CHECK(bound(torus, wormhole_one, collective(kind), "broadcast-one-port") == 9u);
  }
}

TEST_CASE("the Soch-Tvrdik optimum is named only where it is proven") {
  auto source = [](const Topology& t, const Model& m, uint32_t parts) {
    for (const LowerBound& b : lower_bounds(t, m, collective(CollectiveKind::gossip, 0, parts)))
      if (b.name == "gossip-all-port-non-combining") return b.source;
    return std::string("none");
  };
  const Topology t44 = grid(TopologyKind::torus, {4, 4});
  CHECK(source(t44, saf_all, 1).find("Soch-Tvrdik") != std::string::npos);
  CHECK(source(t44, wormhole_all, 1) == "in-degree bound");
  CHECK(source(t44, saf_all, 2) == "in-degree bound");
  CHECK(source(grid(TopologyKind::torus, {2, 4}), saf_all, 1) == "in-degree bound");
  CHECK(source(grid(TopologyKind::torus, {3, 3, 3}), saf_all, 1) == "in-degree bound");
}

TEST_CASE("best_bound: the largest, or none") {
  const auto bounds = lower_bounds(grid(TopologyKind::torus, {6, 6}), saf_all, collective(CollectiveKind::gossip));
  const LowerBound* best = best_bound(bounds);
  REQUIRE(best != nullptr);
  CHECK(best->name == "gossip-all-port-non-combining");
  CHECK(best->steps == 9);
  // Scatter from node 0 of a tree with a long branch: distance 4 beats ceil(5/2).
  const auto far = lower_bounds(must(Topology::tree({no_node, 0, 1, 2, 3, 0})), saf_all,
                                collective(CollectiveKind::scatter, 0));
  REQUIRE(best_bound(far) != nullptr);
  CHECK(best_bound(far)->name == "store-and-forward-distance");
  CHECK(best_bound(far)->steps == 4);
  // A tie keeps the first in the order of specs/lemmas.md: distance and
  // in-degree are both 9 on a 2x9 mesh.
  const auto tie = lower_bounds(grid(TopologyKind::mesh, {2, 9}), saf_all, collective(CollectiveKind::gossip));
  REQUIRE(tie.size() == 3);
  CHECK(tie[1].steps == 9);
  CHECK(tie[2].steps == 9);
  CHECK(best_bound(tie) == &tie[1]);
  CHECK(best_bound({}) == nullptr);
}

TEST_CASE("every bound states its formula and argument with this instance's numbers") {
  const auto bounds = lower_bounds(grid(TopologyKind::torus, {7, 7, 7}), wormhole_all,
                                   collective(CollectiveKind::broadcast));
  REQUIRE(bounds.size() == 1);
  CHECK(bounds[0].formula == "ceil(log_{2k+1} P), P = n1*...*nk");
  CHECK(bounds[0].argument.find("P = 343") != std::string::npos);
  CHECK(bounds[0].argument.find("D = 2k = 6") != std::string::npos);
  CHECK_FALSE(bounds[0].source.empty());
}

TEST_CASE("no degree bound without links; no in-degree bound with a node of degree 0") {
  // A graph whose nodes have no links gets no all-port degree bound (the
  // logarithm to base D+1 = 1 does not exist).
  const Topology empty = must(Topology::graph(2, {}));
  CHECK_FALSE(bound(empty, wormhole_all, collective(CollectiveKind::broadcast), "broadcast-all-port"));
  CHECK(bound(empty, wormhole_one, collective(CollectiveKind::broadcast), "broadcast-one-port") == 1u);
  // An isolated node receives nothing: no finite in-degree bound.
  const Topology isolated = must(Topology::graph(3, {{0, 1}}));
  CHECK_FALSE(bound(isolated, wormhole_all, collective(CollectiveKind::gossip), "gossip-all-port-non-combining"));
  CHECK(bound(isolated, wormhole_all, collective(CollectiveKind::gossip), "broadcast-all-port") == 2u);
  // A one-node network needs no step.
  const Topology single = must(Topology::tree({no_node}));
  for (const LowerBound& b : lower_bounds(single, saf_one, collective(CollectiveKind::gossip))) CHECK(b.steps == 0);
  CHECK(lower_bounds(single, wormhole_all, collective(CollectiveKind::gossip)).empty());
}

}  // namespace
}  // namespace schedcheck
