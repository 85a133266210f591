// Tests for forwarding.hpp: property 9, the time-independence classes, through whole small schedules.
#include <string>

#include "support.hpp"

namespace schedcheck {
namespace {

using test::check_text;

const std::string path4_header =
    "schedcheck 1\ntopology path 4\nmodel store-and-forward all-port non-combining\ncollective gossip\n";

// Gossip on a path of 4 where every PU passes on what it gets from one side
// to the other: the same map in all three steps.
const std::string path4_pipeline =
    "step 1\n  0 > 1 : 0\n  1 > 0 : 1\n  1 > 2 : 1\n  2 > 1 : 2\n  2 > 3 : 2\n  3 > 2 : 3\n"
    "step 2\n  1 > 2 : 0\n  2 > 1 : 3\n  1 > 0 : 2\n  2 > 3 : 1\n"
    "step 3\n  2 > 3 : 0\n  1 > 0 : 3\n";

TEST_CASE("a pipeline along a path is time-independent") {
  auto r = check_text(path4_header + path4_pipeline);
  REQUIRE(r.verdict.verified);
  REQUIRE(r.verdict.forwarding.analysed);
  CHECK(r.verdict.forwarding.kind == ForwardingClass::time_independent);
  CHECK(r.verdict.forwarding.switches == 0);
  CHECK(r.verdict.forwarding.changes == 0);
}

TEST_CASE("a packet sent straight back is waste the maps allow: still time-independent") {
  // PU 2 sends packet 0 on to 3 and back to 1 in step 3: its map from side 1
  // names both. In step 2 it sent packet 1 on to 3 alone, but PU 1 holds its
  // own packet, so that leaves nothing out (search gossip --time-independent
  // allows such sends).
  auto r = check_text(path4_header + path4_pipeline + "  2 > 1 : 0\n");
  REQUIRE(r.verdict.verified);
  CHECK(r.verdict.duplicates == 1);
  CHECK(r.verdict.forwarding.kind == ForwardingClass::time_independent);
}

TEST_CASE("a packet kept for a step is held back: time-dependent, with the PU and step") {
  // PU 1 gets message 0 in step 1 and sends it on only in step 3.
  auto r = check_text(path4_header +
                      "step 1\n  0 > 1 : 0\n  1 > 0 : 1\n  1 > 2 : 1\n  2 > 1 : 2\n  2 > 3 : 2\n  3 > 2 : 3\n"
                      "step 2\n  2 > 1 : 3\n  1 > 0 : 2\n  2 > 3 : 1\n"
                      "step 3\n  1 > 2 : 0\n  1 > 0 : 3\n"
                      "step 4\n  2 > 3 : 0\n");
  REQUIRE(r.verdict.verified);
  const ForwardingReport& f = r.verdict.forwarding;
  CHECK(f.kind == ForwardingClass::time_dependent);
  CHECK(f.held_back == 1);
  CHECK(f.first_change.node == 1);
  CHECK(f.first_change.step == 3);
}

TEST_CASE("leaving out a neighbour that already holds the message is no change") {
  // On a path PU 3 can get message 0 only from PU 2: PU 2 not passing it on
  // in step 3 is a change (and a delivery error).
  auto dropped = check_text(path4_header +
                            "step 1\n  0 > 1 : 0\n  1 > 0 : 1\n  1 > 2 : 1\n  2 > 1 : 2\n  2 > 3 : 2\n  3 > 2 : 3\n"
                            "step 2\n  1 > 2 : 0\n  2 > 1 : 3\n  1 > 0 : 2\n  2 > 3 : 1\n"
                            "step 3\n  1 > 0 : 3\n");
  CHECK_FALSE(dropped.verdict.verified);  // PU 3 never gets message 0
  CHECK(dropped.verdict.forwarding.kind == ForwardingClass::time_dependent);

  // A ring of 4: after step 2 every PU holds everything, so in step 3 the
  // PUs that send nothing leave out only waste.
  auto ring = check_text(
      "schedcheck 1\ntopology ring 4\nmodel store-and-forward all-port non-combining\ncollective gossip\n"
      "step 1\n  0 +1 : 0\n  0 -1 : 0\n  1 +1 : 1\n  1 -1 : 1\n  2 +1 : 2\n  2 -1 : 2\n  3 +1 : 3\n  3 -1 : 3\n"
      "step 2\n  0 +1 : 3\n  0 -1 : 1\n  1 +1 : 0\n  1 -1 : 2\n  2 +1 : 1\n  2 -1 : 3\n  3 +1 : 2\n  3 -1 : 0\n"
      "step 3\n  0 +1 : 2\n");
  REQUIRE(ring.verdict.verified);
  CHECK(ring.verdict.forwarding.kind != ForwardingClass::time_dependent);
}

TEST_CASE("wormhole, combining and non-grid schedules are not analysed") {
  auto wormhole = check_text(
      "schedcheck 1\ntopology ring 8\nmodel wormhole all-port\ncollective broadcast source 0\n"
      "step 1\n  0 +1*3\n  0 -1*3\nstep 2\n  0 +1\n  0 -1\n  3 -1\n  3 +1\n  5 +1\n");
  CHECK_FALSE(wormhole.verdict.forwarding.analysed);
  auto tree = check_text(
      "schedcheck 1\ntopology tree parents - 0 0\nmodel store-and-forward all-port\ncollective broadcast source 0\n"
      "step 1\n  0 > 1\n  0 > 2\n");
  CHECK_FALSE(tree.verdict.forwarding.analysed);
  auto combining = check_text(
      "schedcheck 1\ntopology ring 3\nmodel store-and-forward all-port combining\ncollective gossip\n"
      "step 1\n  0 +1\n  0 -1\n  1 +1\n  1 -1\n  2 +1\n  2 -1\n");
  REQUIRE(combining.verdict.verified);
  CHECK_FALSE(combining.verdict.forwarding.analysed);
  // A claim of a class it cannot analyse says what it can.
  auto claimed = check_text(
      "schedcheck 1\ntopology ring 3\nmodel store-and-forward all-port combining\ncollective gossip\n"
      "claim time-independent=yes\nstep 1\n  0 +1\n  0 -1\n  1 +1\n  1 -1\n  2 +1\n  2 -1\n");
  CHECK(test::tags(claimed.diagnostics) == "claim@5:1");
  CHECK(test::first_message(claimed.diagnostics) ==
        "time independence is analysed only for store-and-forward non-combining schedules on grids of at most 8 "
        "dimensions and 2^22 node-directions");
}

TEST_CASE("grids of up to 8 dimensions are analysed: a slot's masks hold 16 directions") {
  // 2 x ... x 2 tori: 8 dimensions are 16 directions, 9 would be 18.
  auto torus = [](int dims, const std::string& body) {
    std::string sizes = "2";
    for (int d = 1; d < dims; ++d) sizes += "x2";
    return check_text("schedcheck 1\ntopology torus " + sizes +
                      "\nmodel store-and-forward all-port non-combining\ncollective broadcast source 0\n" + body);
  };
  CHECK(torus(8, "step 1\n  0 +1\n").verdict.forwarding.analysed);
  CHECK_FALSE(torus(9, "step 1\n  0 +1\n").verdict.forwarding.analysed);
  // The highest direction, -8 (15), into PU 128 = (0,...,0,1): what comes
  // from there goes on along -7 in step 2 and along -6 in step 3.
  const std::string gossip = "schedcheck 1\ntopology torus 2x2x2x2x2x2x2x2\n"
                             "model store-and-forward all-port non-combining\ncollective gossip\n";
  const auto r = check_text(gossip + "step 1\n  0 -8 : 0\n  1 -1 : 1\nstep 2\n  128 -7 : 0\n  0 -8 : 1\n"
                                     "step 3\n  128 -6 : 1\n");
  REQUIRE(r.verdict.forwarding.analysed);
  CHECK(r.verdict.forwarding.kind == ForwardingClass::time_dependent);
  CHECK(r.verdict.forwarding.first_change.what == "from +8: -6 (was -7)");
}

TEST_CASE("claim time-independent=: yes fails on a switch, switching holds, an unknown value is well-formed") {
  // On a 3x2 mesh PU (1,0) passes to PU (1,1) what comes from (0,0) in step
  // 2 and what comes from (2,0) in step 3, though (0,0)'s stream goes on and
  // PU (1,1) lacks it: a switch (the gossip is not complete).
  const std::string mesh =
      "schedcheck 1\ntopology mesh 3x2\nmodel store-and-forward all-port non-combining\ncollective gossip\n";
  const std::string body =
      "step 1\n  (0,0) +1 : (0,0)\n  (2,0) -1 : (2,0)\n  (0,1) -2 : (0,1)\n  (2,1) -2 : (2,1)\n"
      "step 2\n  (1,0) +2 : (0,0)\n  (0,0) +1 : (0,1)\n  (2,0) -1 : (2,1)\n"
      "step 3\n  (1,0) +2 : (2,1)\n";
  auto yes = check_text(mesh + "claim time-independent=yes\n" + body);
  CHECK(yes.verdict.forwarding.kind == ForwardingClass::switching);
  CHECK(yes.verdict.forwarding.switch_steps == std::vector<uint64_t>{3});
  CHECK(yes.verdict.forwarding.first_switch.node == 1);  // (1,0)
  std::vector<std::string> tags;
  for (const auto& d : yes.diagnostics.kept()) tags.push_back(test::tag(d));
  CHECK(tags == std::vector<std::string>{"delivery@4:1", "claim@5:1"});
  auto switching = check_text(mesh + "claim time-independent=switching\n" + body);
  CHECK(switching.diagnostics.kept().size() == 1);  // delivery only
  auto odd = check_text(mesh + "claim time-independent=sometimes\n" + body);
  REQUIRE(odd.diagnostics.kept().size() == 2);
  CHECK(test::tag(odd.diagnostics.kept()[1]) == "well-formed@5:1");
}


TEST_CASE("a packet that arrives from two sides at once does not fix which side's map forwards it") {
  // On a 3x3 torus PU (1,1) gets (0,0)'s packet from below and from the left
  // in step 2 and passes it on to the right in step 3; in step 4 it passes
  // what comes from below to the right again. The maps "from below: right,
  // from the left: nothing" explain every step, so the schedule is
  // time-independent, whichever side the step-2 duplicate is read as coming from.
  const std::string header =
      "schedcheck 1\ntopology torus 3x3\nmodel store-and-forward all-port non-combining\ncollective gossip\n";
  auto r = check_text(header +
                      "step 1\n  (0,0) +1 : (0,0)\n  (0,0) +2 : (0,0)\n  (2,2) +2 : (2,2)\n"
                      "step 2\n  (1,0) +2 : (0,0)\n  (0,1) +1 : (0,0)\n  (2,0) -1 : (2,2)\n"
                      "step 3\n  (1,1) +1 : (0,0)\n  (1,0) +2 : (2,2)\n"
                      "step 4\n  (1,1) +1 : (2,2)\n");
  REQUIRE(r.verdict.forwarding.analysed);
  CHECK(r.verdict.forwarding.kind == ForwardingClass::time_independent);
  CHECK(r.verdict.forwarding.changes == 0);

  // But if in step 4 neither side passes anything on to the right, where the
  // neighbour lacks it, no map explains step 3: time-dependent.
  auto neither = check_text(header +
                            "step 1\n  (0,0) +1 : (0,0)\n  (0,0) +2 : (0,0)\n  (2,2) +2 : (2,2)\n  (2,0) +1 : (2,0)\n"
                            "step 2\n  (1,0) +2 : (0,0)\n  (0,1) +1 : (0,0)\n  (2,0) -1 : (2,2)\n  (0,0) +2 : (2,0)\n"
                            "step 3\n  (1,1) +1 : (0,0)\n  (1,0) +2 : (2,2)\n  (0,1) +1 : (2,0)\n"
                            "step 4\n  (2,1) +1 : (0,0)\n");
  REQUIRE(neither.verdict.forwarding.analysed);
  CHECK(neither.verdict.forwarding.kind == ForwardingClass::time_dependent);
  CHECK(neither.verdict.forwarding.first_change.node == 4);  // (1,1)
  CHECK(neither.verdict.forwarding.first_change.what ==
        "sends on to +1 a packet that came from -1 and -2 at once, which no side's map sends there");
}

}  // namespace
}  // namespace schedcheck
