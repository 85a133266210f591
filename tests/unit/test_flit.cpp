// Tests of flit.hpp: trains in time on channels and ports, causality by arrival, delivery and the time, through check_schedule.
#include "flit.hpp"

#include "support.hpp"

namespace schedcheck {
namespace {

using test::check_text;
using test::first_message;
using test::tags;

// The tree scatter of format.md section 11: 0 -> 1 -> 3 and 0 -> 2.
constexpr std::string_view tree_scatter =
    "schedcheck 1\ntopology tree parents - 0 0 1\nmodel flit one-port\ncollective scatter root 0 lengths 0 2 3 1\n";

TEST_CASE("a gap-free farthest-first scatter: verified, with its time and the bound it meets") {
  // 3 (1 flit, 2 hops) at 0 arrives 0+2+1-1 = 2; 1 (2 flits) at 1 arrives 3;
  // 2 (3 flits) at 3 arrives 6. L + min delta - 1 = 6 + 1 - 1 = 6.
  auto r = check_text(std::string(tree_scatter) + "claim time=6\n  0 > 1 > 3 : 3 @0\n  0 > 1 : 1 @1\n  0 > 2 : 2 @3\n");
  CHECK(tags(r.diagnostics) == "");
  CHECK(r.verdict.verified);
  CHECK(r.verdict.time == 6);
  CHECK(r.verdict.transfers == 3);
  CHECK(r.verdict.hops == 4);
  REQUIRE(r.verdict.best);
  CHECK(r.verdict.best->name == "flit-root-stream");
  CHECK(r.verdict.best->steps == 6);
  CHECK(r.verdict.claim_time_holds == true);
}

TEST_CASE("channels: a train dispatched one unit early meets the one before it") {
  // 1's two flits use 0->1 in units 1 and 2; 3 dispatched at 2 would need 0->1 in unit 2.
  auto r = check_text(std::string(tree_scatter) + "  0 > 1 : 1 @1\n  0 > 1 > 3 : 3 @2\n  0 > 2 : 2 @3\n");
  CHECK(tags(r.diagnostics) == "link-disjoint@6:7");
  CHECK(first_message(r.diagnostics) == "channel 0->1 carries flits of two trains in time unit 2 (the other at line 5)");
}

TEST_CASE("one-port: the root sends one flit per unit, a node receives one; all-port limits channels only") {
  // Different channels out of the root in the same unit.
  const std::string body = "  0 > 1 : 1 @0\n  0 > 2 : 2 @1\n  0 > 1 > 3 : 3 @5\n";
  auto one = check_text(std::string(tree_scatter) + body);
  CHECK(tags(one.diagnostics) == "port-limit@6:7");
  CHECK(first_message(one.diagnostics) == "node 0 sends two flits in time unit 1 under one-port (the other at line 5)");
  std::string all_port(tree_scatter);
  all_port.replace(all_port.find("one-port"), 8, "all-port");
  CHECK(tags(check_text(all_port + body).diagnostics) == "");

  // Every train into node 1 crosses 0->1: a relayed train and node 1's own
  // meet there, reported at the one written later.
  auto relay = check_text(std::string(tree_scatter) + "  0 > 1 > 3 : 3 @1\n  0 > 1 : 1 @0\n  0 > 2 : 2 @3\n");
  CHECK(tags(relay.diagnostics) == "link-disjoint@6:7");
}

TEST_CASE("one-port: a relay node receives at most one flit per unit, on any channel") {
  // Gather on the path 0 - 1 - 2 into 1: 0 and 2 both send into 1 in unit 0.
  auto r = check_text(
      "schedcheck 1\ntopology path 3\nmodel flit one-port\ncollective gather root 1 length 1\n"
      "  0 +1 : 0 @0\n  2 -1 : 2 @0\n");
  CHECK(tags(r.diagnostics) == "port-limit@6:5");
  CHECK(first_message(r.diagnostics) == "node 1 receives two flits in time unit 0 under one-port (the other at line 5)");
}

TEST_CASE("causality: a node sends only what it holds at the dispatch time, judged after every line is read") {
  // Broadcast 0 -> 1 -> 2, l = 2: 1 holds the message from time 2 on, and
  // the line that brings it may come later in the file.
  const std::string head =
      "schedcheck 1\ntopology path 3\nmodel flit one-port\ncollective broadcast source 0 length 2\n";
  CHECK(tags(check_text(head + "  1 +1 @2\n  0 +1 @0\n").diagnostics) == "");
  auto early = check_text(head + "  1 +1 @1\n  0 +1 @0\n");
  CHECK(tags(early.diagnostics) == "causality@5:3");
  CHECK(first_message(early.diagnostics) ==
        "node 1 dispatches message 0 at time 1 but does not hold it then (its last flit arrives at time 2)");
}

TEST_CASE("bufferless: a message goes straight to where it is needed, along a path") {
  auto wrong = check_text(std::string(tree_scatter) + "  0 > 1 : 3 @0\n");
  CHECK(tags(wrong.diagnostics) == "delivery@4:1 well-formed@5:7");
  CHECK(first_message(wrong.diagnostics).find("node 1 does not need message 3, whose destination is 3") == 0);
  auto twice = check_text(std::string(tree_scatter) + "  0 > 1 > 0 > 2 : 2 @0\n");
  CHECK(tags(twice.diagnostics) == "delivery@4:1 well-formed@5:11");
  CHECK(first_message(twice.diagnostics) == "the route visits node 0 twice: a train's route is a path");
}

TEST_CASE("null messages have no flits: they need no train, and a train of one occupies nothing") {
  const std::string head =
      "schedcheck 1\ntopology path 3\nmodel flit one-port\ncollective scatter root 0 lengths 0 0 4\n";
  auto r = check_text(head + "  0 +1*2 : 2 @0\n");
  CHECK(tags(r.diagnostics) == "");
  CHECK(r.verdict.time == 5);
  // A null train crossing the same channel at the same time meets nothing.
  CHECK(tags(check_text(head + "  0 +1*2 : 2 @0\n  0 +1 : 1 @0\n").diagnostics) == "");
}

TEST_CASE("delivery: every non-null message reaches its destination; duplicates are waste") {
  auto r = check_text(std::string(tree_scatter) + "  0 > 1 : 1 @0\n  0 > 1 : 1 @2\n");
  CHECK(tags(r.diagnostics) == "delivery@4:1");
  CHECK(first_message(r.diagnostics) ==
        "2 node(s) never receive everything the scatter requires: node 2 lacks message 2, node 3 lacks message 3");
  CHECK(r.verdict.duplicates == 1);
  CHECK(r.verdict.missing == 2);
}

TEST_CASE("long messages cost no more than short ones, and times past 2^64-1 are refused") {
  auto r = check_text(
      "schedcheck 1\ntopology path 2\nmodel flit one-port\ncollective scatter root 0 length 1000000000000\n"
      "claim time=1000000000000\n  0 +1 : 1 @0\n");
  CHECK(tags(r.diagnostics) == "");
  CHECK(r.verdict.time == 1000000000000u);
  auto late = check_text(
      "schedcheck 1\ntopology path 2\nmodel flit one-port\ncollective scatter root 0 length 2\n"
      "  0 +1 : 1 @18446744073709551614\n");
  CHECK(tags(late.diagnostics) == "delivery@4:1 well-formed@5:12");
  CHECK(first_message(late.diagnostics) == "the train's last flit would arrive after time 2^64-1");
}

TEST_CASE("the flit model's header: non-combining, no steps claimed, no cost line") {
  auto r = check_text(
      "schedcheck 1\ntopology path 2\nmodel flit one-port combining\ncollective scatter root 0\ncost ts=1 tl=1\n"
      "claim steps=1 time=0\n  0 +1 : 1 @0\n");
  CHECK(tags(r.diagnostics) == "claim@6:1 well-formed@3:1 well-formed@5:1 well-formed@6:1");
}

TEST_CASE("control flits: one flit each, licensing a dispatch at their receiver, from any line") {
  const std::string head =
      "schedcheck 1\ntopology path 3\nmodel flit one-port licensed\ncollective gather root 0 lengths 0 2 1\n";
  // The licence of node 2 is written after the dispatch it licenses.
  auto r = check_text(head + "  2 > 1 > 0 : 2 @3 after wake-2\n  1 > 0 : 1 @2 after wake-1\n"
                             "  1 > 2 ! wake-2 @1 after wake-1\n  0 > 1 ! wake-1 @0\n");
  CHECK(tags(r.diagnostics) == "");
  CHECK(r.verdict.time == 5);
  CHECK(r.verdict.control_flits == 2);
  CHECK(r.verdict.transfers == 4);
  // The root acts untold; any other node needs a licence under 'licensed'.
  auto untold = check_text(head + "  1 > 0 : 1 @0\n  2 > 1 > 0 : 2 @1\n");
  CHECK(tags(untold.diagnostics) == "causality@5:3 causality@6:3");
  // Under 'offline' nothing asks for a licence, but one that is given is checked.
  std::string offline = head;
  offline.replace(offline.find(" licensed"), 9, "");
  CHECK(tags(check_text(offline + "  1 > 0 : 1 @0\n  2 > 1 > 0 : 2 @2\n").diagnostics) == "");
  CHECK(tags(check_text(offline + "  1 > 0 : 1 @0 after go\n  2 > 1 > 0 : 2 @2\n").diagnostics) == "causality@5:22");
}

}  // namespace
}  // namespace schedcheck
