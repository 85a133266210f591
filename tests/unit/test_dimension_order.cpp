// Tests of dimension_order.hpp: property dimension-order, dimensions in order, one direction each, the shorter way.
#include "dimension_order.hpp"

#include "support.hpp"

namespace schedcheck {
namespace {

using test::grid;
using test::hops_of;
using test::moves_transfer;
using test::path_transfer;

// The diagnostics of one path under `routing`, as property@line:col.
std::string order_errors(const Topology& t, Routing routing, const Transfer& transfer, std::string* message = nullptr) {
  Diagnostics diag("t");
  std::vector<Move> moves = transfer.moves;
  if (moves.empty()) hop_moves(t, hops_of(t, transfer), moves);
  check_dimension_order(t, routing, moves, transfer.pos, diag);
  if (message) *message = test::first_message(diag);
  return test::tags(diag);
}

TEST_CASE("dimensions in increasing order pass, skipping dimensions is allowed") {
  const Topology t = grid(TopologyKind::torus, {5, 5, 5});
  for (Routing r : {Routing::dimension_order, Routing::dimension_order_shorter}) {
    CHECK(order_errors(t, r, moves_transfer(0, {{1, 2}, {2, 2}, {3, 1}})) == "");
    CHECK(order_errors(t, r, moves_transfer(0, {{1, 1}, {3, 2}})) == "");
    CHECK(order_errors(t, r, moves_transfer(0, {{-2, 1}, {-3, 2}})) == "");
    // Two moves in one dimension and direction are one run.
    CHECK(order_errors(t, r, moves_transfer(0, {{1, 1}, {1, 1}, {2, 1}})) == "");
  }
}

TEST_CASE("turning back to an earlier dimension") {
  const Topology t = grid(TopologyKind::torus, {5, 5});
  std::string message;
  CHECK(order_errors(t, Routing::dimension_order, moves_transfer(0, {{2, 1}, {1, 1}}, 9), &message) ==
        "dimension-order@9:20");
  CHECK(message == "path turns back to dimension 1 after dimension 2");
  // One error per path: the rest of it is not judged.
  CHECK(order_errors(t, Routing::dimension_order, moves_transfer(0, {{2, 1}, {1, 1}, {-1, 1}})) ==
        "dimension-order@1:20");
}

TEST_CASE("reversing direction within a dimension") {
  const Topology t = grid(TopologyKind::torus, {5, 5});
  std::string message;
  CHECK(order_errors(t, Routing::dimension_order, moves_transfer(0, {{1, 2}, {-1, 1}}), &message) ==
        "dimension-order@1:20");
  CHECK(message == "path reverses direction in dimension 1");
  CHECK(order_errors(t, Routing::dimension_order, moves_transfer(0, {{1, 1}, {2, 1}, {-2, 1}})) ==
        "dimension-order@1:30");
  // A mesh has the same rule.
  const Topology mesh = grid(TopologyKind::mesh, {5, 5});
  CHECK(order_errors(mesh, Routing::dimension_order, moves_transfer(6, {{1, 1}, {-1, 1}})) == "dimension-order@1:20");
}

TEST_CASE("node lists are judged by the channels they use") {
  const Topology t = grid(TopologyKind::torus, {5, 5});
  CHECK(order_errors(t, Routing::dimension_order, path_transfer(0, {1, 6})) == "");  // (1,0) then (1,1)
  CHECK(order_errors(t, Routing::dimension_order, path_transfer(0, {5, 6})) == "dimension-order@1:20");
}

TEST_CASE("shorter way: odd sizes allow floor(n/2) hops per dimension") {
  const Topology t = grid(TopologyKind::torus, {5, 5});
  const Routing shorter = Routing::dimension_order_shorter;
  CHECK(order_errors(t, shorter, moves_transfer(0, {{1, 2}, {-2, 2}})) == "");
  std::string message;
  CHECK(order_errors(t, shorter, moves_transfer(0, {{1, 3}}, 4), &message) == "dimension-order@4:10");
  CHECK(message == "path goes 3 hops along dimension 1, the longer way round (size 5: at most 2 hops the shorter way)");
  // In the last dimension too, and at the column where the run starts.
  CHECK(order_errors(t, shorter, moves_transfer(0, {{1, 1}, {-2, 3}})) == "dimension-order@1:20");
  // A run split over two moves counts as one run.
  CHECK(order_errors(t, shorter, moves_transfer(0, {{1, 2}, {1, 1}, {2, 1}})) == "dimension-order@1:10");
  // Without the shorter rule the long way round is allowed.
  CHECK(order_errors(t, Routing::dimension_order, moves_transfer(0, {{1, 3}, {2, 4}})) == "");
}

TEST_CASE("shorter way: even sizes allow exactly n/2 hops either way") {
  const Topology t = grid(TopologyKind::torus, {4, 6});
  const Routing shorter = Routing::dimension_order_shorter;
  CHECK(order_errors(t, shorter, moves_transfer(0, {{1, 2}, {2, 3}})) == "");
  CHECK(order_errors(t, shorter, moves_transfer(0, {{-1, 2}, {-2, 3}})) == "");
  CHECK(order_errors(t, shorter, moves_transfer(0, {{1, 3}})) == "dimension-order@1:10");
  CHECK(order_errors(t, shorter, moves_transfer(0, {{1, 1}, {-2, 4}})) == "dimension-order@1:20");
  const Topology ring2 = grid(TopologyKind::ring, {2});
  CHECK(order_errors(ring2, shorter, moves_transfer(0, {{1, 1}})) == "");
  CHECK(order_errors(ring2, shorter, moves_transfer(0, {{-1, 1}})) == "");
}

TEST_CASE("shorter way: a mesh has no way round, so any length passes") {
  const Topology mesh = grid(TopologyKind::mesh, {5, 5});
  CHECK(order_errors(mesh, Routing::dimension_order_shorter, moves_transfer(0, {{1, 4}, {2, 4}})) == "");
}

TEST_CASE("shorter way: a run longer than the ring itself is one run") {
  const Topology ring = grid(TopologyKind::ring, {4});
  std::string message;
  CHECK(order_errors(ring, Routing::dimension_order_shorter, moves_transfer(0, {{1, 5}}), &message) ==
        "dimension-order@1:10");
  CHECK(message == "path goes 5 hops along dimension 1, the longer way round (size 4: at most 2 hops the shorter way)");
}

}  // namespace
}  // namespace schedcheck
