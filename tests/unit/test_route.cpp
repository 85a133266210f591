// Tests of route.hpp: moves and node lists expanded into channels, and the well-formed "each move is a link" rule.
#include "route.hpp"

#include "support.hpp"

namespace schedcheck {
namespace {

using test::grid;
using test::must;
using test::moves_transfer;
using test::path_transfer;

TEST_CASE("moves: each hop names its channel, the node it reaches and the move's column") {
  const Topology t = grid(TopologyKind::torus, {3, 3});
  Diagnostics diag("t");
  std::vector<Hop> hops;
  uint64_t count = 0;
  // (0,0) +1*2 -2: (1,0), (2,0), then -2 wraps to (2,2).
  REQUIRE(expand_route(t, moves_transfer(0, {{1, 2}, {-2, 1}}), hops, count, diag));
  REQUIRE(hops.size() == 3);
  CHECK(hops[0].head == test::node_at(t, {1, 0}));
  CHECK(hops[1].head == test::node_at(t, {2, 0}));
  CHECK(hops[2].head == test::node_at(t, {2, 2}));
  CHECK(channel_name(t, hops[0].channel) == "(0,0)->(1,0)");
  CHECK(channel_name(t, hops[1].channel) == "(1,0)->(2,0)");
  CHECK(channel_name(t, hops[2].channel) == "(2,0)->(2,2)");
  CHECK(t.channel_port(hops[2].channel) == 3);  // dimension 2, negative
  CHECK(hops[0].col == 10);
  CHECK(hops[1].col == 10);
  CHECK(hops[2].col == 20);
  CHECK(diag.total() == 0);
}

TEST_CASE("moves: the hops vector is refilled, not appended to") {
  const Topology t = grid(TopologyKind::ring, {8});
  Diagnostics diag("t");
  std::vector<Hop> hops;
  uint64_t count = 0;
  REQUIRE(expand_route(t, moves_transfer(0, {{1, 3}}), hops, count, diag));
  REQUIRE(expand_route(t, moves_transfer(5, {{-1, 1}}), hops, count, diag));
  REQUIRE(hops.size() == 1);
  CHECK(hops[0].head == 4);
}

TEST_CASE("moves: leaving a mesh is not a link, also in the middle of a repeated move") {
  const Topology t = grid(TopologyKind::mesh, {3, 3});
  Diagnostics diag("t");
  std::vector<Hop> hops;
  uint64_t count = 0;
  CHECK_FALSE(expand_route(t, moves_transfer(test::node_at(t, {2, 0}), {{1, 1}}, 7), hops, count, diag));
  CHECK(test::tags(diag) == "well-formed@7:10");
  CHECK(test::first_message(diag) == "move +1 from (2,0) leaves the mesh 3x3 (not a link)");

  Diagnostics diag2("t");
  // +2 is fine, +1*3 runs off the border on its third hop.
  CHECK_FALSE(expand_route(t, moves_transfer(0, {{2, 1}, {1, 3}}, 8), hops, count, diag2));
  CHECK(test::tags(diag2) == "well-formed@8:20");
  CHECK(test::first_message(diag2).find("from (2,1)") != std::string::npos);

  // The same moves wrap on a torus.
  const Topology torus = grid(TopologyKind::torus, {3, 3});
  Diagnostics diag3("t");
  CHECK(expand_route(torus, moves_transfer(0, {{2, 1}, {1, 3}}), hops, count, diag3));
  CHECK(hops.back().head == test::node_at(torus, {0, 1}));
}

TEST_CASE("moves: a repeated move takes the hops that single steps take, in every dimension and direction") {
  for (const TopologyKind kind : {TopologyKind::torus, TopologyKind::mesh}) {
    const Topology t = grid(kind, {3, 4, 5});
    for (NodeId v = 0; v < t.node_count(); ++v) {
      for (int dim = 1; dim <= 3; ++dim) {
        for (const int sign : {1, -1}) {
          const uint64_t count = 2 * t.size(static_cast<uint32_t>(dim - 1)) + 1;
          CAPTURE(v);
          CAPTURE(sign * dim);
          std::vector<Hop> hops;
          uint64_t hop_count = 0;
          Diagnostics diag("t");
          const bool ok = expand_route(t, moves_transfer(v, {{sign * dim, count}}), hops, hop_count, diag);
          // The same path one grid_step at a time.
          NodeId at = v;
          size_t i = 0;
          for (; i < count; ++i) {
            NodeId head = no_node;
            const ChannelId c = t.grid_step(at, static_cast<uint32_t>(dim - 1), sign < 0, head);
            if (c == no_channel) break;
            REQUIRE(i < hops.size());
            CHECK(hops[i].channel == c);
            CHECK(hops[i].head == head);
            at = head;
          }
          CHECK(ok == (i == count));  // a mesh's border ends the walk with an error
          if (ok) CHECK(hops.size() == count);
          else CHECK(diag.total() == 1);
        }
      }
    }
  }
}

TEST_CASE("moves: a huge repeat count round a torus keeps its true length and last node") {
  const Topology t = grid(TopologyKind::ring, {4});
  Diagnostics diag("t");
  std::vector<Hop> hops;
  uint64_t count = 0;
  REQUIRE(expand_route(t, moves_transfer(0, {{1, 4000000000u}}), hops, count, diag));
  CHECK(count == 4000000000u);
  CHECK(hops.back().head == 0);  // whole laps
  // Enough hops to repeat a channel, which link-disjoint then reports, and no more than two laps.
  CHECK(hops.size() > 4);
  CHECK(hops.size() <= 8);
  CHECK(hops[4].channel == hops[0].channel);

  // Nine hops round a ring of 3 end where they started, not after seven.
  const Topology ring3 = grid(TopologyKind::ring, {3});
  REQUIRE(expand_route(ring3, moves_transfer(0, {{1, 9}}), hops, count, diag));
  CHECK(count == 9);
  CHECK(hops.back().head == 0);
  REQUIRE(expand_route(ring3, moves_transfer(0, {{-1, 8}}), hops, count, diag));
  CHECK(count == 8);
  CHECK(hops.back().head == 1);  // 0 - 8 = 1 mod 3
  // 2^64 - 1 = 0 mod 3; the count is exact up to there.
  REQUIRE(expand_route(ring3, moves_transfer(1, {{1, UINT64_MAX}}), hops, count, diag));
  CHECK(count == UINT64_MAX);
  CHECK(hops.back().head == 1);
  CHECK(diag.total() == 0);

  // Past 2^64-1 hops in all the path is refused, not wrapped.
  CHECK_FALSE(expand_route(ring3, moves_transfer(0, {{1, UINT64_MAX}, {-1, 1}}, 5), hops, count, diag));
  CHECK(test::tags(diag) == "well-formed@5:20");
  CHECK(test::first_message(diag) == "the path has more than 2^64-1 hops");
}

TEST_CASE("moves: a huge repeat count along a mesh leaves it") {
  const Topology t = grid(TopologyKind::path, {5});
  Diagnostics diag("t");
  std::vector<Hop> hops;
  uint64_t count = 0;
  CHECK_FALSE(expand_route(t, moves_transfer(1, {{1, UINT64_MAX}}, 3), hops, count, diag));
  CHECK(test::first_message(diag) == "move +1 from 4 leaves the path 5 (not a link)");
}

TEST_CASE("node lists: each step must be a link") {
  const Topology t = grid(TopologyKind::ring, {8});
  Diagnostics diag("t");
  std::vector<Hop> hops;
  uint64_t count = 0;
  REQUIRE(expand_route(t, path_transfer(0, {7, 6, 5}), hops, count, diag));
  REQUIRE(hops.size() == 3);
  CHECK(hops[2].head == 5);
  CHECK(channel_name(t, hops[0].channel) == "0->7");
  CHECK(hops[1].col == 20);

  CHECK_FALSE(expand_route(t, path_transfer(0, {1, 3}, 4), hops, count, diag));
  CHECK(test::tags(diag) == "well-formed@4:20");
  CHECK(test::first_message(diag) == "1 -> 3 is not a link of the ring 8");
}

TEST_CASE("node lists: trees and graphs") {
  const Topology tree = must(Topology::tree({no_node, 0, 0, 1}));
  Diagnostics diag("t");
  std::vector<Hop> hops;
  uint64_t count = 0;
  REQUIRE(expand_route(tree, path_transfer(3, {1, 0, 2}), hops, count, diag));
  CHECK(hops.size() == 3);
  CHECK(channel_name(tree, hops[1].channel) == "1->0");
  CHECK_FALSE(expand_route(tree, path_transfer(2, {3}), hops, count, diag));  // siblings' child: no edge
  CHECK(test::tags(diag) == "well-formed@1:10");

  const Topology graph = must(Topology::graph(3, {{0, 2}}));
  Diagnostics diag2("t");
  REQUIRE(expand_route(graph, path_transfer(2, {0}), hops, count, diag2));
  CHECK_FALSE(expand_route(graph, path_transfer(0, {1}), hops, count, diag2));
  CHECK(diag2.total() == 1);
}

TEST_CASE("node lists on a grid with parallel channels take the + channel") {
  const Topology t = grid(TopologyKind::ring, {2});
  Diagnostics diag("t");
  std::vector<Hop> by_list, by_move;
  uint64_t count = 0;
  REQUIRE(expand_route(t, path_transfer(0, {1}), by_list, count, diag));
  REQUIRE(expand_route(t, moves_transfer(0, {{1, 1}}), by_move, count, diag));
  CHECK(by_list[0].channel == by_move[0].channel);
  REQUIRE(expand_route(t, moves_transfer(0, {{-1, 1}}), by_move, count, diag));
  CHECK(by_list[0].channel != by_move[0].channel);
}

}  // namespace
}  // namespace schedcheck
