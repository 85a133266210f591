// Tests of checker.hpp: whole schedules checked from memory, one verdict per property, claims, cost and bounds.
#include "checker.hpp"

#include <stdexcept>
#include <string>

#include "reader.hpp"
#include "support.hpp"

namespace schedcheck {
namespace {

using test::check_text;
using test::tags;

// Broadcast on a ring of 8 in ceil(log_3 8) = 2 steps.
constexpr std::string_view ring8_header =
    "schedcheck 1\n"
    "topology ring 8\n"
    "model wormhole all-port dimension-order\n"
    "collective broadcast source 0\n";
constexpr std::string_view ring8_body =
    "step 1\n"
    "  0 +1*3\n"
    "  0 -1*3\n"
    "step 2\n"
    "  0 +1\n"
    "  0 -1\n"
    "  3 -1\n"
    "  3 +1\n"
    "  5 +1\n";

std::string text(std::initializer_list<std::string_view> parts) {
  std::string s;
  for (std::string_view p : parts) s += p;
  return s;
}

TEST_CASE("verified: broadcast on a ring, with statistics and the bound it meets") {
  auto r = check_text(text({ring8_header, "claim steps=2 name=ring-tripling\n", ring8_body}));
  CHECK(tags(r.diagnostics) == "");
  CHECK(r.verdict.verified);
  CHECK(r.verdict.header_ok);
  CHECK(r.verdict.steps == 2);
  CHECK(r.verdict.transfers == 7);
  CHECK(r.verdict.hops == 11);
  CHECK(r.verdict.missing == 0);
  CHECK(r.verdict.duplicates == 0);
  REQUIRE(r.verdict.best.has_value());
  CHECK(r.verdict.best->name == "broadcast-all-port");
  CHECK(r.verdict.best->steps == 2);
  CHECK(r.verdict.claim_steps_holds == true);
  CHECK_FALSE(r.verdict.claim_time_holds.has_value());
  CHECK_FALSE(r.verdict.cost.has_value());
  REQUIRE(r.verdict.per_step.size() == 2);
  CHECK(r.verdict.per_step[0].number == 1);
  CHECK(r.verdict.per_step[0].transfers == 2);
  CHECK(r.verdict.per_step[0].channels == 6);
  CHECK(r.verdict.per_step[1].transfers == 5);
  CHECK(r.verdict.per_step[1].channels == 5);
  CHECK(r.header.claim->name == "ring-tripling");
}

TEST_CASE("verified: scatter and gather on a tree, store-and-forward one-port") {
  const std::string header =
      "schedcheck 1\n"
      "topology tree parents - 0 0 1\n"
      "model store-and-forward one-port\n";
  auto scatter = check_text(header +
                            "collective scatter root 0\n"
                            "step 1\n  0 > 1 : 3\n"
                            "step 2\n  0 > 1 : 1\n  1 > 3 : 3\n"
                            "step 3\n  0 > 2 : 2\n");
  CHECK(tags(scatter.diagnostics) == "");
  CHECK(scatter.verdict.verified);
  CHECK(scatter.verdict.best->steps == 3);  // P-1 packets through one port
  auto gather = check_text(header +
                           "collective gather root 0\n"
                           "step 1\n  1 > 0 : 1\n  3 > 1 : 3\n"
                           "step 2\n  2 > 0 : 2\n"
                           "step 3\n  1 > 0 : 3\n");
  CHECK(tags(gather.diagnostics) == "");
  CHECK(gather.verdict.verified);
  CHECK(gather.verdict.steps == 3);
}

TEST_CASE("verified: combining gossip without message lists; waste and packet lengths") {
  auto r = check_text(
      "schedcheck 1\ntopology ring 5\nmodel store-and-forward all-port combining\ncollective gossip\n"
      "cost ts=0 tl=1\n"
      "step 1\n  0 +1\n  0 -1\n  1 +1\n  1 -1\n  2 +1\n  2 -1\n  3 +1\n  3 -1\n  4 +1\n  4 -1\n"
      "step 2\n  0 +1\n  0 -1\n  1 +1\n  1 -1\n  2 +1\n  2 -1\n  3 +1\n  3 -1\n  4 +1\n  4 -1\n");
  CHECK(tags(r.diagnostics) == "");
  CHECK(r.verdict.verified);
  // Step 2: each node gets its own message back twice and a neighbour's twice.
  CHECK(r.verdict.duplicates == 20);
  // A combined packet's length is all it carries: 1 flit, then 3.
  CHECK(r.verdict.cost == 4.0);
  CHECK(r.verdict.per_step[1].longest_packet == 3);
}

TEST_CASE("cost: sum over steps of ts + tl * the longest packet; claimed time holds or fails") {
  const std::string body =
      "step 1\n  0 +1 : 3\n"
      "step 2\n  1 +1 : 3\n  0 +1 : 2\n"
      "step 3\n  2 +1 : 3\n  1 +1 : 2\n  0 +1 : 1\n";
  const std::string header =
      "schedcheck 1\ntopology path 4\nmodel store-and-forward all-port\ncollective scatter root 0 lengths 0 3 1 2\n"
      "cost ts=1 tl=1\n";
  auto holds = check_text(header + "claim steps=3 time=10\n" + body);
  CHECK(tags(holds.diagnostics) == "");
  CHECK(holds.verdict.verified);
  CHECK(holds.verdict.cost == 10.0);  // (1+2) + (1+2) + (1+3)
  CHECK(holds.verdict.claim_time_holds == true);
  CHECK(holds.verdict.claim_steps_holds == true);

  auto fails = check_text(header + "claim time=9.5\n" + body);
  CHECK(tags(fails.diagnostics) == "claim@6:1");
  CHECK(fails.verdict.claim_time_holds == false);
  CHECK_FALSE(fails.verdict.verified);
  CHECK(test::first_message(fails.diagnostics) == "the schedule takes time 10, more than the 9.5 it claims");

  auto scaled = check_text(
      "schedcheck 1\ntopology path 4\nmodel store-and-forward all-port\ncollective scatter root 0 lengths 0 3 1 2\n"
      "cost ts=0.5 tl=2\n" +
      body);
  CHECK(scaled.verdict.cost == 1.5 + 4 + 4 + 6);
}

TEST_CASE("a state larger than the machine's memory is refused before it is allocated, with its size") {
  // 2^26 nodes each needing 2^26 message bits: 512 TiB, more than any machine this runs on.
  const std::string big =
      "schedcheck 1\ntopology torus 8192x8192\nmodel store-and-forward all-port\ncollective gossip\nstep 1\n";
  std::string message;
  try {
    check_text(big);
  } catch (const std::length_error& e) {
    message = e.what();
  }
  CHECK(message.find("gossip on torus 8192x8192 needs 512.0 TiB") != std::string::npos);
  CHECK(message.find("P = 67108864 nodes x M = 67108864 messages") != std::string::npos);
}

namespace {

// The header of `text`, read alone.
schedcheck::Header header_of(const std::string& text) {
  schedcheck::LineSource source(text);
  schedcheck::Diagnostics diagnostics("<header>");
  schedcheck::Reader reader(source, diagnostics);
  schedcheck::Header header;
  REQUIRE(reader.read_header(header));
  return header;
}

}  // namespace

TEST_CASE("the state a check refuses counts its channels and nodes, not only the knowledge bits") {
  const std::string torus = "schedcheck 1\ntopology torus 1024x1024x64\n";
  const uint64_t P = uint64_t{1} << 26;  // the most nodes a network may have
  // A broadcast's one message takes a bit per node; each node has 6
  // channels of 4 bytes; one-port adds 8 bytes per node.
  CHECK(schedcheck::state_bytes_needed(header_of(torus + "model wormhole all-port\ncollective broadcast source 0\n")) ==
        P / 8 + P * 6 * 4);
  CHECK(schedcheck::state_bytes_needed(header_of(torus + "model wormhole one-port\ncollective broadcast source 0\n")) ==
        P / 8 + P * (6 * 4 + 8));
  // Store-and-forward, but past 2^22 node-directions the forwarding analysis
  // does not run, and allocates nothing.
  CHECK(schedcheck::state_bytes_needed(
            header_of(torus + "model store-and-forward all-port\ncollective broadcast source 0\n")) == P / 8 + P * 6 * 4);
  // The flit model keeps a stamp per node up front.
  CHECK(schedcheck::state_bytes_needed(header_of(torus + "model flit all-port\ncollective scatter root 0\n")) == P * 4);
  // On a 4x4 torus the forwarding analysis runs: 64 node-directions of 8
  // bytes, each with two arrivals and a place in two lists of 4 bytes, and a stamp per node,
  // beside 64 channels of 4 bytes and the words of bits: 16 messages, so 4
  // nodes share a word, and the block of 64 nodes takes 16 words.
  CHECK(schedcheck::state_bytes_needed(
            header_of("schedcheck 1\ntopology torus 4x4\nmodel store-and-forward all-port\ncollective gossip\n")) ==
        16 * 8 + 64 * 4 + 64 * (16 + 2 * 4) + 16 * 4);
}

TEST_CASE("claim: more steps than claimed") {
  auto r = check_text(text({ring8_header, "claim steps=1\n", ring8_body}));
  CHECK(tags(r.diagnostics) == "claim@5:1");
  CHECK(r.verdict.claim_steps_holds == false);
  CHECK_FALSE(r.verdict.verified);
  CHECK(test::first_message(r.diagnostics) == "the schedule takes 2 steps, more than the 1 it claims");
}

TEST_CASE("claim: a claimed time without a cost line is not well-formed") {
  auto r = check_text(text({ring8_header, "claim time=3\n", ring8_body}));
  CHECK(tags(r.diagnostics) == "well-formed@5:1");
  CHECK_FALSE(r.verdict.verified);
  CHECK_FALSE(r.verdict.claim_time_holds.has_value());
}

TEST_CASE("syntax: a broken header stops the check") {
  auto r = check_text("schedcheck 1\ntopology ring 8\nmodel wormhole\ncollective broadcast source 0\nstep 1\n  0 +1\n");
  CHECK(tags(r.diagnostics) == "syntax@3:15");
  CHECK_FALSE(r.verdict.header_ok);
  CHECK_FALSE(r.verdict.verified);
  CHECK(r.verdict.steps == 0);
  CHECK(r.verdict.transfers == 0);
}

TEST_CASE("syntax: an error in the body leaves the rest checked") {
  auto r = check_text(text({ring8_header, ring8_body, "  0 +x\n"}));
  CHECK(tags(r.diagnostics) == "syntax@14:5");
  CHECK(r.verdict.header_ok);
  CHECK_FALSE(r.verdict.verified);
  CHECK(r.verdict.transfers == 7);
}

TEST_CASE("well-formed: model rules on transfers") {
  const std::string saf = "schedcheck 1\ntopology path 3\nmodel store-and-forward all-port\n";
  // Store-and-forward moves one link per step.
  auto multi = check_text(saf + "collective broadcast source 0\nstep 1\n  0 +1*2\n  0 +1\nstep 2\n  1 +1\n");
  CHECK(tags(multi.diagnostics) == "well-formed@6:3");
  CHECK(test::first_message(multi.diagnostics).find("this transfer has 2 hops") != std::string::npos);
  // A non-combining packet carries one message, reported at the second.
  auto two = check_text(saf + "collective gossip\nstep 1\n  0 +1 : 0 1\n");
  CHECK(tags(two.diagnostics).find("well-formed@6:12") != std::string::npos);
  // A gossip packet must say what it carries unless the model combines.
  auto unnamed = check_text(saf + "collective gossip\nstep 1\n  0 +1\n");
  CHECK(tags(unnamed.diagnostics).find("well-formed@6:3") != std::string::npos);
  // The transfers the rules reject deliver nothing.
  CHECK(unnamed.diagnostics.count(Property::delivery) == 1);
}

TEST_CASE("well-formed: dimension order on a tree falls back to free routing") {
  auto r = check_text(
      "schedcheck 1\ntopology tree parents - 0 1\nmodel wormhole all-port dimension-order\n"
      "collective broadcast source 0\nstep 1\n  0 > 1 > 2\nstep 2\n  0 > 1\n");
  CHECK(tags(r.diagnostics) == "well-formed@3:1");
  CHECK(r.verdict.missing == 0);
}

TEST_CASE("link-disjoint, port-limit, dimension-order and causality each fail the check") {
  const std::string path3 = "schedcheck 1\ntopology path 3\n";
  auto links = check_text(path3 +
                          "model store-and-forward all-port\ncollective broadcast source 0\n"
                          "step 1\n  0 +1\n  0 +1\nstep 2\n  1 +1\n");
  CHECK(tags(links.diagnostics) == "link-disjoint@7:5");
  CHECK(links.verdict.duplicates == 1);
  CHECK_FALSE(links.verdict.verified);

  auto ports = check_text(path3 +
                          "model store-and-forward one-port\ncollective broadcast source 1\n"
                          "step 1\n  1 +1\n  1 -1\n");
  CHECK(tags(ports.diagnostics) == "port-limit@7:3");
  CHECK_FALSE(ports.verdict.verified);

  auto order = check_text(
      "schedcheck 1\ntopology torus 3x3\nmodel wormhole all-port dimension-order-shorter\n"
      "collective broadcast source (0,0)\n"
      "step 1\n  (0,0) +2 +1\n  (0,0) +1\n  (0,0) -1\n  (0,0) -2\n"
      "step 2\n  (0,0) +2\n  (1,0) +2*2\n  (1,1) +1\n  (2,0) -2\n");
  CHECK(tags(order.diagnostics) == test::normalize("dimension-order@6:12 dimension-order@12:9"));
  CHECK_FALSE(order.verdict.verified);

  auto causal = check_text(path3 +
                           "model store-and-forward all-port\ncollective broadcast source 0\n"
                           "step 1\n  0 +1\n  1 +1\n");
  CHECK(tags(causal.diagnostics) == "causality@7:3 delivery@4:1");
  CHECK(causal.verdict.missing == 1);
}

TEST_CASE("delivery: a schedule that stops early") {
  auto r = check_text(text({ring8_header, "step 1\n  0 +1*3\n  0 -1*3\n"}));
  CHECK(tags(r.diagnostics) == "delivery@4:1");
  CHECK(r.verdict.missing == 5);
  CHECK_FALSE(r.verdict.verified);
  // Below the bound but failing: the lower-bound property is not added.
  CHECK(r.diagnostics.count(Property::lower_bound) == 0);
  CHECK(r.verdict.steps < r.verdict.best->steps);
}

TEST_CASE("lower-bound: correct schedules that meet a bound exactly pass") {
  // No correct schedule beats a bound the core states (each is a counting
  // argument), so the property never fires on a verified schedule.
  auto broadcast = check_text(text({ring8_header, ring8_body}));
  CHECK(broadcast.verdict.verified);
  CHECK(broadcast.verdict.steps == broadcast.verdict.best->steps);

  auto one_port = check_text(
      "schedcheck 1\ntopology ring 4\nmodel wormhole one-port\ncollective broadcast source 0\n"
      "step 1\n  0 +1*2\nstep 2\n  0 +1\n  2 +1\n");
  CHECK(tags(one_port.diagnostics) == "");
  CHECK(one_port.verdict.best->name == "broadcast-one-port");
  CHECK(one_port.verdict.steps == 2);

  auto gossip = check_text(
      "schedcheck 1\ntopology ring 3\nmodel store-and-forward all-port\ncollective gossip parts 2\n"
      "step 1\n  0 +1 : 0/0\n  0 -1 : 0/1\n  1 +1 : 1/0\n  1 -1 : 1/1\n  2 +1 : 2/0\n  2 -1 : 2/1\n"
      "step 2\n  0 +1 : 0/1\n  0 -1 : 0/0\n  1 +1 : 1/1\n  1 -1 : 1/0\n  2 +1 : 2/1\n  2 -1 : 2/0\n");
  CHECK(tags(gossip.diagnostics) == "");
  CHECK(gossip.verdict.best->name == "gossip-all-port-non-combining");
  CHECK(gossip.verdict.best->steps == 2);
  CHECK(gossip.verdict.steps == 2);
}

TEST_CASE("steps count step lines, empty ones included") {
  auto r = check_text(text({ring8_header, ring8_body, "step 3\nstep 4\n"}));
  CHECK(r.verdict.verified);
  CHECK(r.verdict.steps == 4);
  CHECK(r.verdict.per_step.size() == 4);
  CHECK(r.verdict.per_step[3].transfers == 0);
}

TEST_CASE("a transfer before the first step is a syntax error; it is still checked as a step") {
  auto r = check_text(text({ring8_header, "  0 +1*3\n", ring8_body}));
  CHECK(tags(r.diagnostics) == "syntax@5:3");
  CHECK(r.verdict.steps == 3);
  CHECK(r.verdict.transfers == 8);
}

TEST_CASE("the error limit stops the check; delivery is then not judged") {
  std::string body = "step 1\n  0 +1\n";
  for (int i = 0; i < 10; ++i) body += "  0 +1\n";
  auto r = check_text(text({ring8_header, body}), 3);
  CHECK(tags(r.diagnostics) == "link-disjoint@7:5 link-disjoint@8:5 link-disjoint@9:5");
  CHECK(r.diagnostics.total() == 3);
  CHECK(r.diagnostics.count(Property::delivery) == 0);
  CHECK(r.verdict.transfers < 11);
  CHECK_FALSE(r.verdict.verified);
}

// properties.md, "Diagnostics limit": once N errors are recorded the checker
// stops reading and skips delivery. Errors the reader finds (a node out of
// range, a bad move) are skipped inside Reader::next, which reads on to the
// end of the file past the limit; delivery is then judged after all.
TEST_CASE("errors the reader finds stop the check at the limit too") {
  std::string body = "step 1\n";
  for (int i = 0; i < 10; ++i) body += "  9 +1\n";
  auto r = check_text(text({ring8_header, body}), 3);
  CHECK(tags(r.diagnostics) == "well-formed@6:3 well-formed@7:3 well-formed@8:3");
  CHECK(r.diagnostics.total() == 3);
  CHECK(r.verdict.stopped);
  CHECK(r.diagnostics.count(Property::delivery) == 0);
}

// A batch's properties are checked one after another over all its lines,
// and the reader reads a batch ahead: the errors must still come in line
// order, and the limit must stop the check at the line that reaches it.
std::string gossip_with_errors() {
  std::string s =
      "schedcheck 1\ntopology torus 16x16\nmodel store-and-forward all-port non-combining\ncollective gossip\n"
      "step 1\n";
  for (int v = 0; v < 100; ++v) {
    if (v == 10) s += "10 +1 : 11\n";      // line 16: causality
    else if (v == 20) s += "garbage\n";     // line 26: syntax
    else if (v == 30) s += "5 +1 : 5\n";    // line 36: link-disjoint (line 11 used it)
    else if (v == 80) s += "80 +3 : 80\n";  // line 86: well-formed
    else s += fmt::format("{} +1 : {}\n", v, v);
  }
  return s + "step 2\n1 +1 : 1\n";
}

std::string in_order(const Diagnostics& diagnostics) {
  std::string out;
  for (const Diagnostic& d : diagnostics.kept()) out += test::tag(d) + " ";
  return out;
}

TEST_CASE("errors come in line order across a batch, whichever property finds them") {
  auto r = check_text(gossip_with_errors());
  CHECK(in_order(r.diagnostics).starts_with("causality@16:9 syntax@26:1 link-disjoint@36:3 well-formed@86:4 "));
  CHECK_FALSE(r.verdict.stopped);
  CHECK(r.verdict.steps == 2);
}

TEST_CASE("the error limit stops a batch at the line that reaches it, for the steps and the counts too") {
  auto r = check_text(gossip_with_errors(), 2);
  CHECK(in_order(r.diagnostics) == "causality@16:9 syntax@26:1 ");
  CHECK(r.verdict.stopped);
  CHECK(r.verdict.steps == 1);
  CHECK(r.verdict.transfers == 20);  // lines 6 to 25: the lines after the limit are not counted
  auto at_link = check_text(gossip_with_errors(), 3);
  CHECK(in_order(at_link.diagnostics) == "causality@16:9 syntax@26:1 link-disjoint@36:3 ");
  CHECK(at_link.verdict.transfers == 30);
}

TEST_CASE("a step line whose own error reaches the limit still counts as a step") {
  auto r = check_text(text({ring8_header, "step 1\n  0 +1*3\n  0 +1\nstep 3\n  0 -1\n"}), 2);
  CHECK(in_order(r.diagnostics) == "link-disjoint@7:5 well-formed@8:6 ");
  CHECK(r.verdict.stopped);
  CHECK(r.verdict.steps == 2);
}

TEST_CASE("hop counts are exact per path and never wrap in total") {
  auto r = check_text(
      "schedcheck 1\ntopology ring 3\nmodel wormhole all-port\ncollective broadcast source 0\nstep 1\n"
      "  0 +1*9\n  0 -1*18446744073709551615\n  0 +1*18446744073709551615\n");
  REQUIRE(r.verdict.per_step.size() == 1);
  CHECK(r.verdict.hops == UINT64_MAX);  // 9 + 2 (2^64 - 1) stays at 2^64 - 1
  CHECK(r.verdict.per_step[0].channels == UINT64_MAX);
  auto exact = check_text(
      "schedcheck 1\ntopology ring 3\nmodel wormhole all-port\ncollective broadcast source 0\nstep 1\n"
      "  0 +1*9\n  0 -1*18446744073709551600\n");
  CHECK(exact.verdict.hops == 18446744073709551609u);
}

}  // namespace
}  // namespace schedcheck
