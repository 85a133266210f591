// Tests of link_use.hpp: property link-disjoint, one packet or path per directed channel per step.
#include "link_use.hpp"

#include "support.hpp"

namespace schedcheck {
namespace {

using test::grid;
using test::hops_of;
using test::moves_transfer;

// use(hops, step line, step number, line): unless a test says otherwise the
// step begins at line 8, before every transfer line.

TEST_CASE("two paths of one step sharing a channel: the second is reported, naming the first") {
  const Topology t = grid(TopologyKind::ring, {8});
  LinkUse links(t);
  Diagnostics diag("t");
  links.use(hops_of(t, moves_transfer(0, {{1, 3}})), 8, 1, 10, diag);  // 0->1->2->3
  CHECK(diag.total() == 0);
  links.use(hops_of(t, moves_transfer(1, {{1, 1}}, 11)), 8, 1, 11, diag);  // 1->2 again
  CHECK(test::tags(diag) == "link-disjoint@11:10");
  CHECK(test::first_message(diag) == "channel 1->2 used twice in step 1 (first at line 10)");
}

TEST_CASE("each shared channel is one error") {
  const Topology t = grid(TopologyKind::ring, {8});
  LinkUse links(t);
  Diagnostics diag("t");
  links.use(hops_of(t, moves_transfer(0, {{1, 3}})), 8, 1, 10, diag);
  links.use(hops_of(t, moves_transfer(0, {{1, 2}, {-1, 1}}, 12)), 8, 1, 12, diag);  // 0->1, 1->2 shared; 2->1 free
  CHECK(test::tags(diag) == "link-disjoint@12:10 link-disjoint@12:10");
}

TEST_CASE("a channel is free again in the next step; the message names the step's number") {
  const Topology t = grid(TopologyKind::ring, {8});
  LinkUse links(t);
  Diagnostics diag("t");
  // Steps begin at lines 9, 11 and 13; the third is step 7 of a file with a
  // gap, and the message uses the number.
  links.use(hops_of(t, moves_transfer(0, {{1, 1}})), 9, 1, 10, diag);
  links.use(hops_of(t, moves_transfer(0, {{1, 1}})), 11, 2, 12, diag);
  CHECK(diag.total() == 0);
  links.use(hops_of(t, moves_transfer(0, {{1, 1}})), 13, 7, 14, diag);
  links.use(hops_of(t, moves_transfer(0, {{1, 1}})), 13, 7, 15, diag);
  CHECK(test::tags(diag) == "link-disjoint@15:10");
  CHECK(test::first_message(diag).find("in step 7 (first at line 14)") != std::string::npos);
}

TEST_CASE("the two directions of a link are two channels") {
  const Topology t = grid(TopologyKind::ring, {8});
  LinkUse links(t);
  Diagnostics diag("t");
  links.use(hops_of(t, moves_transfer(1, {{1, 1}})), 8, 1, 10, diag);
  links.use(hops_of(t, moves_transfer(2, {{-1, 1}})), 8, 1, 11, diag);
  CHECK(diag.total() == 0);
}

TEST_CASE("parallel channels of a size-2 dimension are distinct") {
  const Topology t = grid(TopologyKind::torus, {2, 2});
  LinkUse links(t);
  Diagnostics diag("t");
  links.use(hops_of(t, moves_transfer(0, {{1, 1}})), 8, 1, 10, diag);
  links.use(hops_of(t, moves_transfer(0, {{-1, 1}})), 8, 1, 11, diag);
  CHECK(diag.total() == 0);
}

TEST_CASE("a path using its own channel twice") {
  const Topology t = grid(TopologyKind::ring, {4});
  LinkUse links(t);
  Diagnostics diag("t");
  links.use(hops_of(t, moves_transfer(0, {{1, 5}}, 9)), 8, 1, 9, diag);  // round the ring and on to 1
  CHECK(test::tags(diag) == "link-disjoint@9:10");
  CHECK(test::first_message(diag) == "channel 0->1 used twice in step 1 (the path itself uses it twice)");
}

TEST_CASE("store-and-forward packets are one-hop paths: two on one channel clash the same way") {
  const Topology t = grid(TopologyKind::mesh, {3, 3});
  LinkUse links(t);
  Diagnostics diag("t");
  links.use(hops_of(t, moves_transfer(4, {{2, 1}})), 8, 1, 10, diag);
  links.use(hops_of(t, moves_transfer(4, {{2, 1}}, 11)), 8, 1, 11, diag);
  CHECK(test::tags(diag) == "link-disjoint@11:10");
  CHECK(test::first_message(diag).find("(1,1)->(1,2)") != std::string::npos);
}

}  // namespace
}  // namespace schedcheck
