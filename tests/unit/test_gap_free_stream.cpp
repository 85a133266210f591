// Tests of gap_free_stream.hpp: Bhatt et al.'s gap-free streams, Proposition 1's two sides and Theorem 1 on small trees.
#include "gap_free_stream.hpp"

#include <algorithm>

#include "support.hpp"
#include "tree_shapes.hpp"

namespace schedcheck::lemmas {
namespace {

using test::must;

Collective rooted(CollectiveKind kind, NodeId root, std::vector<uint64_t> lengths) {
  Collective c = test::collective(kind, root);
  c.lengths = std::move(lengths);
  return c;
}

TEST_CASE("the tree of format.md: farthest first takes 6 = L + min delta - 1, nearest first 7 = L + max delta - 1") {
  const Topology tree = must(Topology::tree({no_node, 0, 0, 1}));
  const Collective scatter = rooted(CollectiveKind::scatter, 0, {0, 2, 3, 1});
  const Stream fdf = gap_free_stream(tree, scatter, StreamOrder::farthest_first);
  REQUIRE(fdf.entries.size() == 3);
  CHECK(fdf.entries[0].node == 3);
  CHECK(fdf.entries[1].node == 1);  // equidistant: by index
  CHECK(fdf.entries[2].dispatch == 3);
  CHECK(fdf.time == 6);
  const Stream nearest = gap_free_stream(tree, scatter, StreamOrder::nearest_first);
  CHECK(nearest.entries.back().node == 3);
  CHECK(nearest.time == 7);
  CHECK(gap_free_stream(tree, scatter, StreamOrder::index).time == 7);
}

TEST_CASE("a gather stream is nearest received first, every message leaving at 0 or later") {
  // Path 0 - 1 - 2 - 3 into 0, lengths 0 3 1 2: the root receives 1, 2, 3 back to back from unit 0.
  const Topology path = test::grid(TopologyKind::path, {4});
  const Stream nrf = gap_free_stream(path, rooted(CollectiveKind::gather, 0, {0, 3, 1, 2}), StreamOrder::farthest_first);
  REQUIRE(nrf.entries.size() == 3);
  CHECK(nrf.entries[0].node == 1);
  CHECK(nrf.entries[0].dispatch == 0);
  CHECK(nrf.entries[1].dispatch == 2);
  CHECK(nrf.entries[2].dispatch == 2);
  CHECK(nrf.time == 6);
  // A far message first must wait for its distance: start S = 3 - 1 = 2.
  const Stream far = gap_free_stream(path, rooted(CollectiveKind::gather, 0, {0, 0, 0, 1}), StreamOrder::farthest_first);
  CHECK(far.entries[0].dispatch == 0);
  CHECK(far.time == 3);
}

// Every gap-free order's time, by brute force over permutations.
uint64_t best_order_time(const Topology& t, const Collective& c, uint64_t& worst) {
  const std::vector<uint32_t> dist = t.distances_from(c.root);
  std::vector<NodeId> moving;
  for (NodeId v = 0; v < t.node_count(); ++v)
    if (v != c.root && c.message_length(v) > 0) moving.push_back(v);
  uint64_t best = UINT64_MAX;
  worst = 0;
  do {
    uint64_t sent = 0, time = 0;
    for (NodeId v : moving) {
      sent += c.message_length(v);
      time = std::max(time, sent + dist[v] - 1);
    }
    best = std::min(best, time);
    worst = std::max(worst, time);
  } while (std::next_permutation(moving.begin(), moving.end()));
  return moving.empty() ? 0 : best;
}

TEST_CASE("rooted tree shapes: 1, 1, 2, 4, 9, 20, 48, 115, 286 for 1 to 9 nodes") {
  const size_t counts[] = {1, 1, 2, 4, 9, 20, 48, 115, 286};
  for (uint32_t n = 1; n <= 9; ++n) CHECK(test::tree_shapes(n, no_node).size() == counts[n - 1]);
}

TEST_CASE("Theorem 1 and Proposition 1 on every tree of up to 8 non-root nodes, by brute force over orders") {
  uint64_t cases = 0;
  for (uint32_t n = 2; n <= 9; ++n) {
    for (const std::vector<NodeId>& parents : test::tree_shapes(n, no_node)) {
      const Topology tree = must(Topology::tree(parents));
      for (uint64_t seed = 0; seed < 3; ++seed) {
        std::vector<uint64_t> lengths(n);
        for (uint32_t v = 0; v < n; ++v) lengths[v] = (v * 7 + seed * 5 + n) % 5;  // zeros included
        const Collective c = rooted(CollectiveKind::scatter, 0, lengths);
        uint64_t worst = 0;
        const uint64_t best = best_order_time(tree, c, worst);
        CHECK(gap_free_stream(tree, c, StreamOrder::farthest_first).time == best);
        CHECK(gap_free_stream(tree, c, StreamOrder::nearest_first).time == worst);
        // The gather mirror: nearest received first is the time reverse.
        CHECK(gap_free_stream(tree, rooted(CollectiveKind::gather, 0, lengths), StreamOrder::farthest_first).time ==
              best);
        ++cases;
      }
    }
  }
  CHECK(cases == 3 * (1 + 2 + 4 + 9 + 20 + 48 + 115 + 286));
}

}  // namespace
}  // namespace schedcheck::lemmas
