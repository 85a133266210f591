// Tests of port_use.hpp: property port-limit, one send and one receive per node per step under one-port.
#include "port_use.hpp"

#include "support.hpp"

namespace schedcheck {
namespace {

using test::grid;

// transfer(from, to, step line, step number, position, receiver's column): unless a
// test says otherwise the step begins at line 9, before every transfer line.

TEST_CASE("a second send in one step is reported at the transfer, naming the first") {
  const Topology t = grid(TopologyKind::path, {4});
  PortUse ports(t);
  Diagnostics diag("t");
  ports.transfer(1, 0, 9, 1, {10, 3}, 5, diag);
  ports.transfer(1, 2, 9, 1, {11, 3}, 5, diag);
  CHECK(test::tags(diag) == "port-limit@11:3");
  CHECK(test::first_message(diag) == "node 1 sends twice in step 1 under one-port (first at line 10)");
}

TEST_CASE("a second receive in one step is reported at the last hop's column") {
  const Topology t = grid(TopologyKind::path, {4});
  PortUse ports(t);
  Diagnostics diag("t");
  ports.transfer(0, 1, 9, 4, {20, 3}, 5, diag);
  ports.transfer(2, 1, 9, 4, {21, 3}, 8, diag);
  CHECK(test::tags(diag) == "port-limit@21:8");
  CHECK(test::first_message(diag) == "node 1 receives twice in step 4 under one-port (first at line 20)");
}

TEST_CASE("sending and receiving twice in one transfer are two errors") {
  const Topology t = grid(TopologyKind::torus, {3, 3});
  PortUse ports(t);
  Diagnostics diag("t");
  ports.transfer(0, 1, 9, 1, {10, 3}, 9, diag);
  ports.transfer(0, 1, 9, 1, {11, 3}, 9, diag);
  CHECK(test::tags(diag) == "port-limit@11:3 port-limit@11:9");
  CHECK(test::first_message(diag).find("node (0,0) sends twice") == 0);
}

TEST_CASE("one send and one receive per node is allowed, and the next step starts afresh") {
  const Topology t = grid(TopologyKind::path, {4});
  PortUse ports(t);
  Diagnostics diag("t");
  // Node 1 receives from 0 and sends to 2 in the same step: one of each.
  ports.transfer(0, 1, 9, 1, {10, 3}, 5, diag);
  ports.transfer(1, 2, 9, 1, {11, 3}, 5, diag);
  ports.transfer(2, 3, 9, 1, {12, 3}, 5, diag);
  CHECK(diag.total() == 0);
  ports.transfer(0, 1, 13, 2, {14, 3}, 5, diag);  // step 2 begins at line 13
  ports.transfer(2, 1, 15, 3, {16, 3}, 5, diag);
  CHECK(diag.total() == 0);
}

TEST_CASE("a path that returns to its sender sends once and receives once") {
  const Topology t = grid(TopologyKind::ring, {4});
  PortUse ports(t);
  Diagnostics diag("t");
  ports.transfer(0, 0, 9, 1, {10, 3}, 5, diag);
  CHECK(diag.total() == 0);
  ports.transfer(3, 0, 9, 1, {11, 3}, 5, diag);
  CHECK(test::tags(diag) == "port-limit@11:5");
}

}  // namespace
}  // namespace schedcheck
