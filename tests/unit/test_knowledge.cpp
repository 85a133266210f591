// Tests of knowledge.hpp: properties causality and delivery, waste counting, and combining packets.
#include "knowledge.hpp"

#include "support.hpp"

namespace schedcheck {
namespace {

using test::collective;

using test::grid;

std::vector<MessageRef> refs(std::vector<MessageId> messages, uint32_t col = 5) {
  std::vector<MessageRef> out;
  for (MessageId m : messages) out.push_back({m, col++});
  return out;
}

TEST_CASE("start: each message is held by its initial holder only") {
  const Topology t = grid(TopologyKind::path, {3});
  const Collective scatter = collective(CollectiveKind::scatter, 1);
  Knowledge k(t, scatter);
  CHECK(k.message_count() == 3);
  for (MessageId m = 0; m < 3; ++m) {
    CHECK(k.holds(1, m));  // the scatter root holds every message
    CHECK_FALSE(k.holds(0, m));
    CHECK_FALSE(k.holds(2, m));
  }
  const Collective gossip = collective(CollectiveKind::gossip, 0, 2);
  Knowledge g(t, gossip);
  CHECK(g.message_count() == 6);
  CHECK(g.holds(2, gossip.message_of(2, 1)));
  CHECK_FALSE(g.holds(1, gossip.message_of(2, 1)));
}

TEST_CASE("receptions apply at the end of the step") {
  const Topology t = grid(TopologyKind::path, {3});
  const Collective c = collective(CollectiveKind::broadcast);
  Knowledge k(t, c);
  Diagnostics diag("t");
  k.send(0, 1, refs({0}), 1, 10, diag);
  CHECK_FALSE(k.holds(1, 0));
  // Node 1 forwards in the step it receives: it held nothing at the start.
  k.send(1, 2, refs({0}, 3), 1, 11, diag);
  CHECK(test::tags(diag) == "causality@11:3");
  CHECK(test::first_message(diag) == "node 1 sends message 0 in step 1 but does not hold it at the start of the step");
  k.end_step();
  CHECK(k.holds(1, 0));
  CHECK_FALSE(k.holds(2, 0));  // the causality-breaking packet delivers nothing
  k.send(1, 2, refs({0}), 2, 12, diag);
  k.end_step();
  CHECK(k.holds(2, 0));
  CHECK(diag.total() == 1);
}

TEST_CASE("causality names the message, with its part") {
  const Topology t = grid(TopologyKind::torus, {3, 3});
  const Collective c = collective(CollectiveKind::gossip, 0, 2);
  Knowledge k(t, c);
  Diagnostics diag("t");
  // (1,0) holds its own parts, not (2,0)'s part 1; only the second ref is an error.
  k.send(1, 0, refs({c.message_of(1, 0), c.message_of(2, 1)}, 12), 3, 40, diag);
  CHECK(test::tags(diag) == "causality@40:13");
  CHECK(test::first_message(diag) == "node (1,0) sends message (2,0)/1 in step 3 but does not hold it at the start of the step");
  k.end_step();
  CHECK(k.holds(0, c.message_of(1, 0)));
  CHECK_FALSE(k.holds(0, c.message_of(2, 1)));
}

TEST_CASE("duplicates are counted as waste, not errors") {
  const Topology t = grid(TopologyKind::path, {3});
  const Collective c = collective(CollectiveKind::broadcast);
  Knowledge k(t, c);
  Diagnostics diag("t");
  k.send(0, 1, refs({0}), 1, 10, diag);
  k.send(2, 1, refs({0}), 1, 11, diag);  // causality: 2 holds nothing
  k.send(0, 1, refs({0}), 1, 12, diag);  // the same delivery twice in one step
  k.end_step();
  CHECK(k.duplicates() == 1);
  k.send(1, 0, refs({0}), 2, 13, diag);  // back to the source, which has it
  k.end_step();
  CHECK(k.duplicates() == 2);
  CHECK(diag.count(Property::causality) == 1);
  CHECK(diag.total() == 1);
}

TEST_CASE("combining: all held, as at the start of the step, with its length") {
  const Topology t = grid(TopologyKind::path, {4});
  Collective c = collective(CollectiveKind::gossip);
  c.lengths = {5, 1, 2, 3};
  Knowledge k(t, c);
  // Step 1: 0 -> 1 carries message 0 (5 flits); 1 -> 2 carries only message 1,
  // not the 0 it receives in the same step.
  CHECK(k.send_all_held(0, 1) == 5);
  CHECK(k.send_all_held(1, 2) == 1);
  k.end_step();
  CHECK(k.holds(1, 0));
  CHECK(k.holds(2, 1));
  CHECK_FALSE(k.holds(2, 0));
  // Step 2: node 2 holds 1 and 2 (1 + 2 flits); node 1 holds 0 and 1.
  CHECK(k.send_all_held(2, 3) == 3);
  CHECK(k.send_all_held(1, 2) == 6);
  k.end_step();
  CHECK(k.holds(3, 1));
  CHECK(k.holds(3, 2));
  CHECK(k.holds(2, 0));
  CHECK(k.duplicates() == 1);  // message 1 arrives at node 2, which has it
  CHECK_FALSE(k.holds(0, 3));
}

TEST_CASE("fewer than 64 messages: nodes share a word, each its own field") {
  // A scatter on a path of n nodes has n messages: below 64 the field is n
  // rounded up to a power of two, and 64 / field nodes share a word. Every
  // node receives its message from the root; each bit must land in its own
  // node's field and nowhere else.
  for (const uint32_t n : {2U, 3U, 5U, 17U, 33U, 63U, 64U, 65U, 130U}) {
    CAPTURE(n);
    const Topology t = grid(TopologyKind::path, {n});
    const Collective c = collective(CollectiveKind::scatter, 0);
    Knowledge k(t, c);
    Diagnostics diag("t");
    for (NodeId v = 1; v < n; ++v) k.send(0, v, refs({v}), 1, 10, diag);
    k.end_step();
    for (NodeId v = 0; v < n; ++v)
      for (MessageId m = 0; m < n; ++m) CHECK(k.holds(v, m) == (v == 0 || m == v));
    CHECK(k.check_delivery({3, 1}, diag) == 0);
    // Combining: node 1 passes what it holds to the last node, in its word when n is small.
    CHECK(k.send_all_held(1, n - 1) == 1);
    k.end_step();
    CHECK(k.holds(n - 1, 1));
    CHECK(k.duplicates() == (n == 2 ? 1 : 0));
    CHECK(diag.total() == 0);
  }
  // A broadcast's one message: a bit per node, 64 nodes a word.
  const Topology t = grid(TopologyKind::ring, {130});
  const Collective c = collective(CollectiveKind::broadcast, 64);
  Knowledge k(t, c);
  CHECK(Knowledge::bytes_needed(t, c) == 3 * 8);
  Diagnostics diag("t");
  CHECK(k.check_delivery({3, 1}, diag) == 129);
  k.send(64, 63, refs({0}), 1, 10, diag);
  k.send(64, 65, refs({0}), 1, 11, diag);
  k.end_step();
  for (NodeId v = 0; v < 130; ++v) CHECK(k.holds(v, 0) == (v >= 63 && v <= 65));
  CHECK(k.check_delivery({3, 1}, diag) == 127);
  // Everyone informed, node 129 twice: the count of bits set, not node by node, says so.
  for (NodeId v = 0; v < 130; ++v) k.send(64, v, refs({0}), 2, 12, diag);
  k.send(64, 129, refs({0}), 2, 13, diag);
  k.end_step();
  CHECK(k.duplicates() == 4);
  CHECK(k.check_delivery({3, 1}, diag) == 0);
  CHECK(diag.count(Property::delivery) == 2);  // the two reports before, none now
  CHECK(diag.count(Property::causality) == 0);
}

TEST_CASE("combining: uniform length times the number of messages") {
  const Topology t = grid(TopologyKind::ring, {5});
  Collective c = collective(CollectiveKind::gather, 0);
  c.length = 4;
  Knowledge k(t, c);
  CHECK(k.send_all_held(2, 1) == 4);
  k.end_step();
  CHECK(k.send_all_held(1, 0) == 8);
}

TEST_CASE("combining: messages beyond the first 64-bit word") {
  // 70 messages take two words per node; combining both ways round the ring
  // reaches 2r+1 messages after r rounds and all 70 after 35.
  const Topology t = grid(TopologyKind::ring, {70});
  const Collective c = collective(CollectiveKind::gossip);
  Knowledge k(t, c);
  auto round = [&]() {
    for (NodeId v = 0; v < 70; ++v) {
      k.send_all_held(v, (v + 1) % 70);
      k.send_all_held(v, (v + 69) % 70);
    }
    k.end_step();
  };
  Diagnostics diag("t");
  round();
  CHECK(k.duplicates() == 0);
  round();
  // In round 2 each node gets its own message back from both sides and one
  // neighbour's message twice: 4 duplicates per node.
  CHECK(k.duplicates() == 70 * 4);
  for (int r = 2; r < 10; ++r) round();
  CHECK(k.check_delivery({4, 1}, diag) == 70 * (70 - 21));
  CHECK(k.holds(0, 10));
  CHECK(k.holds(0, 60));
  CHECK_FALSE(k.holds(0, 11));
  CHECK(k.holds(69, 68 - 9));
  CHECK_FALSE(k.holds(69, 68 - 10));
  for (int r = 10; r < 35; ++r) round();
  Diagnostics done("t");
  CHECK(k.check_delivery({4, 1}, done) == 0);
  CHECK(done.total() == 0);
}

TEST_CASE("one message at a time, across the blocks of 64 nodes and 64 messages") {
  // 130 nodes and messages: three blocks each way, the last one partial.
  // Round the ring one way, node v passes on in step s the message of
  // v - s + 1: all of them arrive in 129 steps, and none is sent unheld.
  const NodeId n = 130;
  const Topology t = grid(TopologyKind::ring, {n});
  const Collective c = collective(CollectiveKind::gossip);
  Knowledge k(t, c);
  Diagnostics diag("t");
  for (uint32_t s = 1; s < n; ++s) {
    for (NodeId v = 0; v < n; ++v) k.send(v, (v + 1) % n, refs({(v + n + 1 - s) % n}), s, s, diag);
    k.end_step();
    // After step s node 64 holds the messages of 64 - s .. 64 (mod n), across the block edge at 64.
    CHECK(k.holds(64, (64 + n - s) % n));
    if (s + 1 < n) CHECK_FALSE(k.holds(64, (64 + n - s - 1) % n));
  }
  CHECK(diag.total() == 0);
  CHECK(k.duplicates() == 0);
  CHECK(k.check_delivery({4, 1}, diag) == 0);
  CHECK(k.holds(127, 128));
  CHECK(k.holds(128, 63));
  CHECK(k.holds(129, 0));
}

TEST_CASE("delivery: broadcast") {
  const Topology t = grid(TopologyKind::path, {3});
  const Collective c = collective(CollectiveKind::broadcast, 1);
  Knowledge k(t, c);
  Diagnostics diag("t");
  CHECK(k.check_delivery({4, 1}, diag) == 2);
  CHECK(test::tags(diag) == "delivery@4:1");
  CHECK(test::first_message(diag) ==
        "2 node(s) never receive everything the broadcast requires: node 0 lacks message 1, node 2 lacks message 1");
  k.send(1, 0, refs({0}), 1, 10, diag);
  k.send(1, 2, refs({0}), 1, 11, diag);
  k.end_step();
  Diagnostics done("t");
  CHECK(k.check_delivery({4, 1}, done) == 0);
  CHECK(done.total() == 0);
}

TEST_CASE("delivery: gossip, with parts") {
  const Topology t = grid(TopologyKind::path, {2});
  const Collective c = collective(CollectiveKind::gossip, 0, 2);
  Knowledge k(t, c);
  Diagnostics diag("t");
  k.send(0, 1, refs({c.message_of(0, 0), c.message_of(0, 1)}), 1, 10, diag);
  k.send(1, 0, refs({c.message_of(1, 1)}), 1, 11, diag);
  k.end_step();
  CHECK(k.check_delivery({4, 1}, diag) == 1);
  CHECK(test::first_message(diag) ==
        "1 node(s) never receive everything the gossip requires: node 0 lacks message 1/0");
}

TEST_CASE("delivery: gossip counts every missing message, names the first") {
  const Topology t = grid(TopologyKind::ring, {3});
  const Collective c = collective(CollectiveKind::gossip);
  Knowledge k(t, c);
  Diagnostics diag("t");
  CHECK(k.check_delivery({4, 1}, diag) == 6);
  CHECK(test::first_message(diag).find("node 0 lacks 2 messages, first 1, node 1 lacks 2 messages, first 0") !=
        std::string::npos);
}

TEST_CASE("delivery: scatter needs each node's own message only") {
  const Topology t = grid(TopologyKind::path, {3});
  const Collective c = collective(CollectiveKind::scatter, 1);
  Knowledge k(t, c);
  Diagnostics diag("t");
  // Node 0 receives node 2's message by mistake: it still lacks its own.
  k.send(1, 0, refs({2}), 1, 10, diag);
  k.send(1, 2, refs({2}), 1, 11, diag);
  k.end_step();
  CHECK(k.check_delivery({4, 1}, diag) == 1);
  CHECK(test::first_message(diag) == "1 node(s) never receive everything the scatter requires: node 0 lacks message 0");
}

TEST_CASE("delivery: gather and concentration need everything at the root only") {
  for (CollectiveKind kind : {CollectiveKind::gather, CollectiveKind::concentration}) {
    const Topology t = grid(TopologyKind::path, {3});
    const Collective c = collective(kind, 0);
    Knowledge k(t, c);
    Diagnostics diag("t");
    k.send(1, 0, refs({1}), 1, 10, diag);
    k.end_step();
    CHECK(k.check_delivery({4, 1}, diag) == 1);
    CHECK(test::first_message(diag).find("node 0 lacks message 2") != std::string::npos);
    k.send(1, 0, refs({2}), 2, 12, diag);  // node 1 never had it
    k.end_step();
    CHECK(diag.count(Property::causality) == 1);
    k.send(2, 0, refs({2}), 3, 13, diag);
    k.end_step();
    Diagnostics done("t");
    CHECK(k.check_delivery({4, 1}, done) == 0);
  }
}

TEST_CASE("delivery: one diagnostic that names five nodes and counts the rest") {
  const Topology t = grid(TopologyKind::ring, {8});
  const Collective c = collective(CollectiveKind::broadcast);
  Knowledge k(t, c);
  Diagnostics diag("t");
  CHECK(k.check_delivery({4, 1}, diag) == 7);
  CHECK(diag.total() == 1);
  const std::string message = test::first_message(diag);
  CHECK(message.find("7 node(s)") == 0);
  CHECK(message.find("node 5 lacks") != std::string::npos);
  CHECK(message.find("node 6 lacks") == std::string::npos);
  CHECK(message.find(", and 2 more node(s)") != std::string::npos);
}

TEST_CASE("delivery: a gossip on more nodes than a word has bits") {
  // Round a ring of 70 one message a step each way: after r rounds node v
  // holds the messages within distance r, so after 34 rounds it lacks only
  // the one at distance 35, and a round later nothing.
  const Topology t = grid(TopologyKind::ring, {70});
  const Collective c = collective(CollectiveKind::gossip);
  Knowledge k(t, c);
  Diagnostics diag("t");
  for (uint32_t r = 1; r <= 34; ++r) {
    for (NodeId v = 0; v < 70; ++v) {
      k.send(v, (v + 1) % 70, refs({(v + 70 - (r - 1)) % 70}), r, 10, diag);
      k.send(v, (v + 69) % 70, refs({(v + r - 1) % 70}), r, 11, diag);
    }
    k.end_step();
  }
  CHECK(diag.total() == 0);
  CHECK(k.check_delivery({4, 1}, diag) == 70);
  CHECK(test::first_message(diag).find("node 0 lacks message 35, node 1 lacks message 36") != std::string::npos);
  CHECK(k.holds(36, 0));
  CHECK_FALSE(k.holds(35, 0));
  k.send(34, 35, refs({0}), 35, 12, diag);
  k.end_step();
  CHECK(k.holds(35, 0));
}

}  // namespace
}  // namespace schedcheck
