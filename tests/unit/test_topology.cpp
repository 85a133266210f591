// Tests of topology.hpp: grid channel arithmetic, mesh borders, trees and graphs, names, degrees, distances.
#include "topology.hpp"

#include <algorithm>

#include "support.hpp"

namespace schedcheck {
namespace {

using test::grid;
using test::must;

// Brute-force degree extremes over all nodes, to hold the closed forms against.
std::pair<uint32_t, uint32_t> degree_range(const Topology& t) {
  uint32_t lo = UINT32_MAX, hi = 0;
  for (NodeId v = 0; v < t.node_count(); ++v) {
    lo = std::min(lo, t.out_degree(v));
    hi = std::max(hi, t.out_degree(v));
  }
  return {lo, hi};
}

// One grid move; the head it reports must be the head of the channel it returns.
ChannelId move_channel(const Topology& t, NodeId v, uint32_t dim, bool negative) {
  NodeId head = 12345;
  const ChannelId c = t.grid_step(v, dim, negative, head);
  if (c == no_channel) {
    CHECK(head == no_node);
  } else {
    CHECK(head == t.channel_head(c));
    CHECK(t.channel_tail(c) == v);
  }
  return c;
}

TEST_CASE("torus: node indices put dimension 1 fastest") {
  const Topology t = grid(TopologyKind::torus, {3, 4});
  CHECK(t.node_count() == 12);
  CHECK(t.dimensions() == 2);
  CHECK(t.wraps());
  CHECK(t.is_grid());
  CHECK(t.stride(0) == 1);
  CHECK(t.stride(1) == 3);
  CHECK(t.coordinate(5, 0) == 2);
  CHECK(t.coordinate(5, 1) == 1);
  CHECK(t.coordinate(9, 0) == 0);
  CHECK(t.coordinate(9, 1) == 3);
  // Names out of range or with the wrong number of coordinates: the reader's
  // tests (node ... is not in torus ...).
  CHECK(t.node_name(5) == "(2,1)");
  CHECK(t.node_name(0) == "(0,0)");
  CHECK(t.describe() == "torus 3x4");
}

TEST_CASE("torus: moves wrap around in both directions") {
  const Topology t = grid(TopologyKind::torus, {3, 4});
  CHECK(t.channel_slots() == 12 * 4);
  const NodeId v = test::node_at(t, {2, 1});
  // +1 from x=2 wraps to x=0, -1 goes to x=1.
  const ChannelId plus1 = move_channel(t, v, 0, false);
  REQUIRE(plus1 != no_channel);
  CHECK(t.channel_tail(plus1) == v);
  CHECK(t.channel_head(plus1) == test::node_at(t, {0, 1}));
  CHECK(t.channel_port(plus1) == 0);
  const ChannelId minus1 = move_channel(t, v, 0, true);
  CHECK(t.channel_head(minus1) == test::node_at(t, {1, 1}));
  CHECK(t.channel_port(minus1) == 1);
  // -2 from y=0 wraps to y=3.
  const ChannelId minus2 = move_channel(t, test::node_at(t, {1, 0}), 1, true);
  CHECK(t.channel_head(minus2) == test::node_at(t, {1, 3}));
  CHECK(t.channel_port(minus2) == 3);
  CHECK(t.channel_head(move_channel(t, test::node_at(t, {1, 3}), 1, false)) == test::node_at(t, {1, 0}));
  // Every slot of a torus is a link, and its reverse move comes back.
  for (ChannelId c = 0; c < t.channel_slots(); ++c) {
    REQUIRE(t.channel_exists(c));
    const uint32_t port = t.channel_port(c);
    const ChannelId back = move_channel(t, t.channel_head(c), port / 2, port % 2 == 0);
    CHECK(t.channel_head(back) == t.channel_tail(c));
  }
  CHECK_FALSE(t.channel_exists(t.channel_slots()));
}

TEST_CASE("mesh: moves off the border are not links") {
  const Topology t = grid(TopologyKind::mesh, {3, 4});
  CHECK_FALSE(t.wraps());
  const NodeId corner = test::node_at(t, {2, 3});
  CHECK(move_channel(t, corner, 0, false) == no_channel);
  CHECK(move_channel(t, corner, 1, false) == no_channel);
  CHECK(t.channel_head(move_channel(t, corner, 0, true)) == test::node_at(t, {1, 3}));
  CHECK(move_channel(t, test::node_at(t, {0, 0}), 0, true) == no_channel);
  CHECK(move_channel(t, test::node_at(t, {0, 0}), 1, true) == no_channel);
  // The slot of a missing move exists as an id but not as a channel.
  const ChannelId off = corner * 4 + 0;
  CHECK_FALSE(t.channel_exists(off));
  CHECK(t.channel_head(off) == no_node);
  CHECK(t.out_degree(test::node_at(t, {0, 0})) == 2);
  CHECK(t.out_degree(test::node_at(t, {1, 0})) == 3);
  CHECK(t.out_degree(test::node_at(t, {1, 1})) == 4);
  uint32_t links = 0;
  for (ChannelId c = 0; c < t.channel_slots(); ++c) links += t.channel_exists(c) ? 1 : 0;
  // A 3x4 mesh has 2*3 + 3*4 = 17 undirected links, 34 channels.
  CHECK(links == 34);
}

TEST_CASE("grid moves agree with the coordinates on every node, dimension and direction") {
  for (const TopologyKind kind : {TopologyKind::torus, TopologyKind::mesh})
    for (const std::vector<uint32_t>& sizes :
         std::vector<std::vector<uint32_t>>{{2}, {7}, {3, 4}, {2, 5}, {4, 2, 3}, {3, 3, 2, 2}}) {
      const Topology t = grid(kind, sizes);
      for (NodeId v = 0; v < t.node_count(); ++v)
        for (uint32_t dim = 0; dim < t.dimensions(); ++dim)
          for (const bool negative : {false, true}) {
            std::vector<uint32_t> coords;
            for (uint32_t d = 0; d < t.dimensions(); ++d) coords.push_back(t.coordinate(v, d));
            const uint32_t n = sizes[dim], x = coords[dim];
            const bool off = kind == TopologyKind::mesh && (negative ? x == 0 : x + 1 == n);
            coords[dim] = negative ? (x + n - 1) % n : (x + 1) % n;
            const ChannelId c = move_channel(t, v, dim, negative);
            CAPTURE(v);
            CAPTURE(dim);
            CAPTURE(negative);
            if (off) {
              CHECK(c == no_channel);
            } else {
              REQUIRE(c != no_channel);
              CHECK(t.channel_head(c) == test::node_at(t, coords));
              CHECK(t.channel_port(c) == 2 * dim + (negative ? 1 : 0));
            }
          }
    }
}

// A move finds v's place in its dimension from v alone, with one remainder
// (grid_step); up to the node limit it must agree with the coordinates, on
// either side of the first 63 blocks of each dimension and at nodes spread
// over the whole torus.
TEST_CASE("grid moves at the node limit agree with the coordinates") {
  for (const std::vector<uint32_t>& sizes : std::vector<std::vector<uint32_t>>{
           {uint32_t{1} << 26}, {8191, 8193}, {3, 22369621}, {4093, 3, 5465}, {2, 2, 16777216}}) {
    const Topology t = grid(TopologyKind::torus, sizes);
    std::vector<NodeId> nodes = {0, 1, t.node_count() - 2, t.node_count() - 1};
    for (uint32_t dim = 0; dim < t.dimensions(); ++dim) {
      const uint64_t block = uint64_t{t.stride(dim)} * sizes[dim];
      for (uint64_t k = 1; k * block < t.node_count() && k < 64; ++k)
        for (const uint64_t v : {k * block - 1, k * block, k * block + t.stride(dim) - 1})
          nodes.push_back(static_cast<NodeId>(v));
    }
    for (uint64_t v = 12345; v < t.node_count(); v += 1000003) nodes.push_back(static_cast<NodeId>(v));
    for (const NodeId v : nodes)
      for (uint32_t dim = 0; dim < t.dimensions(); ++dim)
        for (const bool negative : {false, true}) {
          const uint32_t n = sizes[dim], x = t.coordinate(v, dim);
          const NodeId expected = v - x * t.stride(dim) + (negative ? (x + n - 1) % n : (x + 1) % n) * t.stride(dim);
          NodeId head = no_node;
          t.grid_step(v, dim, negative, head);
          CAPTURE(v);
          CAPTURE(dim);
          CHECK(head == expected);
        }
  }
}

TEST_CASE("size 2: the + and - moves are two parallel channels to the same neighbour") {
  const Topology t = grid(TopologyKind::torus, {2, 3});
  const NodeId v = test::node_at(t, {0, 1});
  const ChannelId plus = move_channel(t, v, 0, false);
  const ChannelId minus = move_channel(t, v, 0, true);
  CHECK(plus != minus);
  CHECK(t.channel_head(plus) == test::node_at(t, {1, 1}));
  CHECK(t.channel_head(minus) == test::node_at(t, {1, 1}));
  // A node list cannot tell them apart; it names the first, the + channel.
  CHECK(t.channel_between(v, test::node_at(t, {1, 1})) == plus);
  CHECK(t.out_degree(v) == 4);

  const Topology ring = grid(TopologyKind::ring, {2});
  CHECK(ring.channel_head(move_channel(ring, 0, 0, false)) == 1);
  CHECK(ring.channel_head(move_channel(ring, 0, 0, true)) == 1);
  CHECK(ring.out_degree(0) == 2);

  // On a mesh of size 2 there is one channel per direction pair, no parallel one.
  const Topology mesh = grid(TopologyKind::mesh, {2, 2});
  CHECK(mesh.out_degree(0) == 2);
  CHECK(mesh.max_degree() == 2);
}

TEST_CASE("channel_between finds a link and only a link") {
  const Topology t = grid(TopologyKind::torus, {4, 4});
  const NodeId a = test::node_at(t, {3, 2});
  const ChannelId c = t.channel_between(a, test::node_at(t, {0, 2}));  // the wrap link
  REQUIRE(c != no_channel);
  CHECK(t.channel_tail(c) == a);
  CHECK(t.channel_head(c) == test::node_at(t, {0, 2}));
  CHECK(t.channel_between(a, test::node_at(t, {1, 2})) == no_channel);  // two hops away
  CHECK(t.channel_between(a, a) == no_channel);
  const Topology m = grid(TopologyKind::mesh, {4, 4});
  CHECK(m.channel_between(test::node_at(m, {3, 2}), test::node_at(m, {0, 2})) == no_channel);  // no wrap on a mesh
}

TEST_CASE("one-dimensional grids are named by index") {
  const Topology ring = grid(TopologyKind::ring, {8});
  CHECK(ring.node_name(3) == "3");
  CHECK(test::node_at(ring, {7}) == 7);
  CHECK(ring.describe() == "ring 8");
  CHECK(ring.channel_head(move_channel(ring, 7, 0, false)) == 0);
  const Topology path = grid(TopologyKind::path, {5});
  CHECK(path.node_name(4) == "4");
  CHECK(path.describe() == "path 5");
  CHECK(move_channel(path, 4, 0, false) == no_channel);
  CHECK(move_channel(path, 0, 0, true) == no_channel);
  const Topology cube = grid(TopologyKind::torus, {7, 7, 7});
  CHECK(cube.node_count() == 343);
  CHECK(cube.node_name(test::node_at(cube, {1, 2, 3})) == "(1,2,3)");
  CHECK(test::node_at(cube, {1, 2, 3}) == 1 + 2 * 7 + 3 * 49);
}

TEST_CASE("degrees: closed forms agree with the nodes' own degrees") {
  struct Case {
    TopologyKind kind;
    std::vector<uint32_t> sizes;
    uint32_t min_degree, max_degree;
  };
  const Case cases[] = {
      {TopologyKind::torus, {5, 5}, 4, 4},   {TopologyKind::torus, {7, 7, 7}, 6, 6},
      {TopologyKind::torus, {2, 3}, 4, 4},   {TopologyKind::ring, {8}, 2, 2},
      {TopologyKind::mesh, {3, 4}, 2, 4},    {TopologyKind::mesh, {2, 5}, 2, 3},
      {TopologyKind::mesh, {2, 2, 2}, 3, 3}, {TopologyKind::mesh, {4, 6, 3}, 3, 6},
      {TopologyKind::path, {5}, 1, 2},       {TopologyKind::path, {2}, 1, 1},
  };
  for (const Case& c : cases) {
    const Topology t = grid(c.kind, c.sizes);
    CAPTURE(t.describe());
    CHECK(t.min_degree() == c.min_degree);
    CHECK(t.max_degree() == c.max_degree);
    const auto [lo, hi] = degree_range(t);
    CHECK(lo == t.min_degree());
    CHECK(hi == t.max_degree());
  }
}

TEST_CASE("distances_from: breadth-first hop counts, with wraparound on tori") {
  const Topology torus = grid(TopologyKind::torus, {5, 5});
  const auto d = torus.distances_from(test::node_at(torus, {0, 0}));
  CHECK(d[test::node_at(torus, {4, 0})] == 1);
  CHECK(d[test::node_at(torus, {2, 2})] == 4);
  CHECK(d[test::node_at(torus, {3, 3})] == 4);
  CHECK(d[test::node_at(torus, {4, 4})] == 2);
  CHECK(*std::max_element(d.begin(), d.end()) == 4);

  const Topology mesh = grid(TopologyKind::mesh, {3, 4});
  const auto m = mesh.distances_from(test::node_at(mesh, {0, 0}));
  CHECK(m[test::node_at(mesh, {2, 3})] == 5);
  CHECK(m[test::node_at(mesh, {0, 0})] == 0);
  const auto center = mesh.distances_from(test::node_at(mesh, {1, 1}));
  CHECK(*std::max_element(center.begin(), center.end()) == 3);

  const Topology ring = grid(TopologyKind::ring, {8});
  const auto r = ring.distances_from(0);
  CHECK(r == std::vector<uint32_t>{0, 1, 2, 3, 4, 3, 2, 1});

  const Topology tree = must(Topology::tree({no_node, 0, 0, 1, 3}));
  CHECK(tree.distances_from(4) == std::vector<uint32_t>{3, 2, 4, 1, 0});

  const Topology split = must(Topology::graph(4, {{0, 1}, {2, 3}}));
  const auto s = split.distances_from(0);
  CHECK(s[1] == 1);
  CHECK(s[2] == UINT32_MAX);  // unreachable
  CHECK(s[3] == UINT32_MAX);
}

TEST_CASE("tree: adjacency in both directions, parents kept for the header") {
  const Topology t = must(Topology::tree({no_node, 0, 0, 1}));
  CHECK(t.kind() == TopologyKind::tree);
  CHECK_FALSE(t.is_grid());
  CHECK(t.node_count() == 4);
  CHECK(t.channel_slots() == 6);  // three edges, two channels each
  CHECK(t.out_degree(0) == 2);
  CHECK(t.out_degree(1) == 2);
  CHECK(t.out_degree(3) == 1);
  CHECK(t.max_degree() == 2);
  CHECK(t.min_degree() == 1);
  CHECK(t.channel_between(1, 0) != no_channel);
  CHECK(t.channel_between(3, 1) != no_channel);
  CHECK(t.channel_between(2, 3) == no_channel);
  const ChannelId c = t.channel_between(0, 2);
  CHECK(t.channel_tail(c) == 0);
  CHECK(t.channel_head(c) == 2);
  CHECK(t.channel_port(c) == 1);  // node 0's second neighbour
  CHECK(t.node_name(3) == "3");
  CHECK(t.describe() == "tree parents - 0 0 1");
  CHECK(t.parents() == std::vector<NodeId>{no_node, 0, 0, 1});
  // The root may be any node, not only node 0.
  CHECK(must(Topology::tree({1, no_node, 1})).out_degree(1) == 2);
}

TEST_CASE("tree: construction errors") {
  auto error_of = [](std::vector<NodeId> parents) {
    auto built = Topology::tree(std::move(parents));
    CHECK_FALSE(built.topology.has_value());
    return built.error;
  };
  CHECK(error_of({}) == "a tree needs at least one node");
  CHECK(error_of({no_node, 0, no_node}) == "nodes 0 and 2 are both roots");
  CHECK(error_of({1, 0}).find("no root") != std::string::npos);
  CHECK(error_of({no_node, 2, 3, 1}).find("form a cycle") != std::string::npos);
  CHECK(error_of({no_node, 1}).find("form a cycle") != std::string::npos);  // a node its own parent
  CHECK(error_of({no_node, 5}) == "parent 5 of node 1 is not a node");
  // A one-node tree is a network with nothing to do.
  CHECK(must(Topology::tree({no_node})).node_count() == 1);
}

TEST_CASE("graph: construction, parallel edges and errors") {
  const Topology g = must(Topology::graph(4, {{0, 1}, {1, 2}, {2, 3}, {3, 0}, {0, 2}}));
  CHECK(g.kind() == TopologyKind::graph);
  CHECK(g.out_degree(0) == 3);
  CHECK(g.out_degree(1) == 2);
  CHECK(g.max_degree() == 3);
  CHECK(g.min_degree() == 2);
  CHECK(g.channel_between(1, 3) == no_channel);
  CHECK(g.describe() == "graph 4 edges 0-1 1-2 2-3 3-0 0-2");

  const Topology twice = must(Topology::graph(2, {{0, 1}, {0, 1}}));
  CHECK(twice.out_degree(0) == 2);
  CHECK(twice.channel_slots() == 4);
  CHECK(twice.channel_between(0, 1) == 0);

  auto error_of = [](uint32_t nodes, std::vector<std::pair<NodeId, NodeId>> edges) {
    auto built = Topology::graph(nodes, std::move(edges));
    CHECK_FALSE(built.topology.has_value());
    return built.error;
  };
  CHECK(error_of(3, {{0, 1}, {1, 1}}) == "edge 1-1 is a loop");
  CHECK(error_of(3, {{0, 3}}) == "edge 0-3 names a node outside 0..2");
  CHECK(error_of(0, {}) == "a graph needs at least one node");
}

TEST_CASE("grid: construction errors") {
  auto error_of = [](TopologyKind kind, std::vector<uint32_t> sizes) {
    auto built = Topology::grid(kind, std::move(sizes));
    CHECK_FALSE(built.topology.has_value());
    return built.error;
  };
  CHECK(error_of(TopologyKind::torus, {}) == "a grid needs at least one dimension");
  CHECK(error_of(TopologyKind::torus, {5, 1}) == "size 1 is below 2");
  CHECK(error_of(TopologyKind::mesh, {0}) == "size 0 is below 2");
  CHECK(error_of(TopologyKind::ring, {4, 4}) == "a ring has one dimension");
  CHECK(error_of(TopologyKind::path, {4, 4}) == "a path has one dimension");
  CHECK(error_of(TopologyKind::torus, std::vector<uint32_t>(17, 2)) == "at most 16 dimensions are supported");
  CHECK(error_of(TopologyKind::torus, {1u << 14, 1u << 13}).find("not supported") != std::string::npos);
  // 2^26 nodes is the largest grid accepted.
  CHECK(Topology::grid(TopologyKind::torus, {1u << 13, 1u << 13}).topology.has_value());
}

}  // namespace
}  // namespace schedcheck
