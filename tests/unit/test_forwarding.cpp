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
}

TEST_CASE("claim time-independent=: yes fails on a switch, switching holds, an unknown value is well-formed") {
  const std::string ring6 =
      "schedcheck 1\ntopology ring 6\nmodel store-and-forward all-port non-combining\ncollective gossip\n";
  std::string body;
  for (int t = 1; t <= 3; ++t) {
    body += fmt::format("step {}\n", t);
    for (int i = 0; i < 6; ++i) {
      const int forward = (t == 3 && i == 0) ? 2 : ((i - (t - 1)) % 6 + 6) % 6;  // PU 0 switches in step 3
      body += fmt::format("  {} +1 : {}\n  {} -1 : {}\n", i, forward, i, (i + t - 1) % 6);
    }
  }
  auto yes = check_text(ring6 + "claim time-independent=yes\n" + body);
  CHECK(yes.verdict.forwarding.kind == ForwardingClass::switching);
  CHECK(yes.verdict.forwarding.switch_steps == std::vector<uint32_t>{3});
  CHECK(yes.verdict.forwarding.first_switch.node == 0);
  REQUIRE(yes.diagnostics.kept().size() == 1);
  CHECK(test::tag(yes.diagnostics.kept()[0]) == "claim@5:1");
  CHECK(check_text(ring6 + "claim time-independent=switching\n" + body).verdict.verified);
  auto odd = check_text(ring6 + "claim time-independent=sometimes\n" + body);
  REQUIRE(odd.diagnostics.kept().size() == 1);
  CHECK(test::tag(odd.diagnostics.kept()[0]) == "well-formed@5:1");
}

}  // namespace
}  // namespace schedcheck
