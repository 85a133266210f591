// Rooted generator sweep: the scatter and gather generators over many trees, graphs and grids, each schedule checked twice.
//
// The core reads each schedule's text as it would a user's file and must
// verify it with its claimed time. A brute-force simulation, independent of
// the core and of the generators' timing, reads the same lines back, lays
// every flit on its channel and its ports time unit by time unit, and
// recomputes the time from the lines alone; it must find no collision and
// exactly the claimed time. On every network the sweep also tests Theorem 1
// (FDF is no slower than the baselines, nor NRF than the index-order
// gather), and on small ones that no order of the stream is faster at all.
#define DOCTEST_CONFIG_IMPLEMENT_WITH_MAIN
#include <doctest/doctest.h>

#include <algorithm>
#include <cstdio>
#include <functional>
#include <tuple>
#include <iterator>
#include <map>
#include <random>
#include <set>
#include <sstream>
#include <string>
#include <unordered_set>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "checker.hpp"
#include "gather_certification.hpp"
#include "tree_cover.hpp"
#include "rooted_generator.hpp"

namespace {

using schedcheck::gen::Network;
using schedcheck::gen::RootedRequest;

// A network as this test builds it, apart from rooted_network.cpp: its
// --topology spec, the header line it must be written as, and its links.
struct Instance {
  std::string spec;
  std::string topology_line;
  uint32_t nodes = 0;
  std::vector<std::pair<uint32_t, uint32_t>> links;
};

// parents[v] < 0 for the root.
Instance tree_instance(const std::vector<int64_t>& parents) {
  Instance in;
  in.spec = "tree:";
  in.topology_line = "topology tree parents";
  in.nodes = static_cast<uint32_t>(parents.size());
  for (uint32_t v = 0; v < in.nodes; ++v) {
    const std::string p = parents[v] < 0 ? "-" : std::to_string(parents[v]);
    in.spec += (v ? "," : "") + p;
    in.topology_line += " " + p;
    if (parents[v] >= 0) in.links.emplace_back(static_cast<uint32_t>(parents[v]), v);
  }
  return in;
}

Instance graph_instance(uint32_t nodes, const std::vector<std::pair<uint32_t, uint32_t>>& edges) {
  Instance in{fmt::format("graph:{}:", nodes), fmt::format("topology graph {} edges", nodes), nodes, edges};
  for (size_t i = 0; i < edges.size(); ++i) {
    in.spec += fmt::format("{}{}-{}", i ? "," : "", edges[i].first, edges[i].second);
    in.topology_line += fmt::format(" {}-{}", edges[i].first, edges[i].second);
  }
  return in;
}

// Node x1 + n1*(x2 + ...) is joined to the node one further along each
// dimension (round a torus, the last to the first).
Instance grid_instance(const std::string& kind, const std::vector<uint32_t>& sizes) {
  std::string text;
  for (size_t d = 0; d < sizes.size(); ++d) text += fmt::format("{}{}", d ? "x" : "", sizes[d]);
  Instance in{kind + ":" + text, "topology " + kind + " " + text, 1, {}};
  for (uint32_t n : sizes) in.nodes *= n;
  const bool wraps = kind == "torus" || kind == "ring";
  for (uint32_t v = 0; v < in.nodes; ++v) {
    std::vector<uint32_t> x;
    for (uint32_t rest = v, d = 0; d < sizes.size(); rest /= sizes[d], ++d) x.push_back(rest % sizes[d]);
    for (size_t d = 0; d < sizes.size(); ++d) {
      if (x[d] + 1 == sizes[d] && !wraps) continue;
      std::vector<uint32_t> y = x;
      y[d] = (x[d] + 1) % sizes[d];
      uint32_t w = 0;
      for (size_t e = sizes.size(); e-- > 0;) w = w * sizes[e] + y[e];
      in.links.emplace_back(v, w);
    }
  }
  return in;
}

std::vector<int64_t> path_tree(uint32_t n) {
  std::vector<int64_t> p(n);
  for (uint32_t v = 0; v < n; ++v) p[v] = int64_t{v} - 1;
  return p;
}
std::vector<int64_t> star_tree(uint32_t n) {
  std::vector<int64_t> p(n, 0);
  p[0] = -1;
  return p;
}
// A spine 0, 1, ..., (n-1)/2 with one leg hanging from each spine node.
std::vector<int64_t> caterpillar_tree(uint32_t n) {
  std::vector<int64_t> p(n);
  const uint32_t spine = (n + 1) / 2;
  for (uint32_t v = 0; v < n; ++v) p[v] = v < spine ? int64_t{v} - 1 : int64_t{v - spine};
  return p;
}
std::vector<int64_t> complete_binary_tree(uint32_t n) {
  std::vector<int64_t> p(n);
  for (uint32_t v = 0; v < n; ++v) p[v] = v == 0 ? -1 : int64_t{(v - 1) / 2};
  return p;
}
// Each node's parent drawn among the nodes before it; the root is moved to
// a random place so that parents do not always have lower indices.
std::vector<int64_t> random_tree(uint32_t n, std::mt19937_64& rng) {
  std::vector<uint32_t> place(n);
  for (uint32_t v = 0; v < n; ++v) place[v] = v;
  std::shuffle(place.begin(), place.end(), rng);
  std::vector<int64_t> p(n, -1);
  for (uint32_t v = 1; v < n; ++v) p[place[v]] = place[rng() % v];
  return p;
}

std::vector<Instance> tree_instances() {
  std::vector<Instance> trees;
  for (uint32_t n : {1u, 2u, 3u, 8u, 31u, 64u, 200u})
    for (const auto& parents : {path_tree(n), star_tree(n), caterpillar_tree(n), complete_binary_tree(n)})
      trees.push_back(tree_instance(parents));
  std::mt19937_64 rng(20240611);
  for (int i = 0; i < 40; ++i) trees.push_back(tree_instance(random_tree(1 + rng() % (i < 20 ? 12 : 200), rng)));
  return trees;
}

// Connected graphs (a random tree and more edges, one of them doubled),
// meshes and tori, tori of side 2 with their parallel links included.
std::vector<Instance> other_instances() {
  std::vector<Instance> others;
  std::mt19937_64 rng(77);
  for (uint32_t n : {2u, 5u, 9u, 20u, 60u}) {
    const auto parents = random_tree(n, rng);
    std::vector<std::pair<uint32_t, uint32_t>> edges;
    for (uint32_t v = 0; v < n; ++v)
      if (parents[v] >= 0) edges.emplace_back(v, static_cast<uint32_t>(parents[v]));
    for (uint32_t i = 0; i < n; ++i) {
      const uint32_t a = static_cast<uint32_t>(rng() % n), b = static_cast<uint32_t>(rng() % n);
      if (a != b) edges.emplace_back(a, b);
    }
    edges.push_back(edges.front());
    std::shuffle(edges.begin(), edges.end(), rng);
    others.push_back(graph_instance(n, edges));
  }
  others.push_back(graph_instance(1, {}));
  for (const auto& [kind, sizes] : std::vector<std::pair<std::string, std::vector<uint32_t>>>{
           {"mesh", {2, 2}}, {"mesh", {3, 4}}, {"mesh", {5, 5}}, {"mesh", {4, 3, 2}}, {"path", {2}}, {"path", {7}},
           {"torus", {2, 2}}, {"torus", {4, 4}}, {"torus", {3, 5}}, {"torus", {2, 3, 2}}, {"ring", {2}},
           {"ring", {6}}, {"ring", {9}}})
    others.push_back(grid_instance(kind, sizes));
  return others;
}

// One scatter or gather to generate: a network, a root and the lengths.
struct Case {
  const Instance* instance;
  uint32_t root;
  std::vector<uint64_t> lengths;
};

// Every root of a small network, three of a larger one; lengths 0..20 at
// random, all null, a single non-null message, and 0..2 (many ties).
std::vector<Case> cases(const std::vector<Instance>& instances) {
  std::vector<Case> all;
  std::mt19937_64 rng(5);
  for (const Instance& in : instances) {
    std::vector<uint32_t> roots;
    if (in.nodes <= 8) {
      for (uint32_t r = 0; r < in.nodes; ++r) roots.push_back(r);
    } else {
      roots = {0, in.nodes - 1, static_cast<uint32_t>(rng() % in.nodes)};
    }
    for (uint32_t root : roots) {
      all.push_back({&in, root, schedcheck::gen::random_lengths(in.nodes, 20, rng())});
      all.push_back({&in, root, std::vector<uint64_t>(in.nodes, 0)});
      std::vector<uint64_t> single(in.nodes, 0);
      single[rng() % in.nodes] = 1 + rng() % 20;
      all.push_back({&in, root, single});
      all.push_back({&in, root, schedcheck::gen::random_lengths(in.nodes, 2, rng())});
    }
  }
  return all;
}

const std::vector<Instance>& trees() {
  static const std::vector<Instance> instances = tree_instances();
  return instances;
}
const std::vector<Instance>& others() {
  static const std::vector<Instance> instances = other_instances();
  return instances;
}
const std::vector<Case>& all_cases() {
  static const std::vector<Case> all = [] {
    std::vector<Case> c = cases(trees());
    for (Case& o : cases(others())) c.push_back(std::move(o));
    return c;
  }();
  return all;
}

const char* const generators[] = {"scatter-fdf", "scatter-nearest-first", "scatter-index-order", "gather-nrf",
                                  "gather-index-order"};

struct Generated {
  std::string text;
  uint64_t claim = 0;
};

Generated generate(const std::string& name, const Case& c,
                   schedcheck::gen::TreeKind tree = schedcheck::gen::TreeKind::breadth_first) {
  const auto* g = schedcheck::gen::find_rooted_generator(name);
  REQUIRE(g != nullptr);
  std::string error;
  auto network = Network::parse(c.instance->spec, error);
  REQUIRE_MESSAGE(network.has_value(), error);
  const RootedRequest request{std::move(*network), c.root, c.lengths, tree};
  const auto schedule = schedcheck::gen::plan_rooted(*g, request, error);
  REQUIRE_MESSAGE(schedule.has_value(), error);
  char* buffer = nullptr;
  size_t size = 0;
  std::FILE* out = open_memstream(&buffer, &size);
  REQUIRE(out != nullptr);
  schedcheck::gen::write_flit_schedule(out, *g, request, *schedule);
  std::fclose(out);
  Generated generated{std::string(buffer, size), schedule->time};
  std::free(buffer);
  return generated;
}

std::string describe(const std::string& name, const Case& c) {
  return fmt::format("{} on {} from root {}", name, c.instance->spec, c.root);
}

// ---- the brute-force simulation ----

struct Simulated {
  uint64_t time = 0;   // the last flit's arrival, from the transfer lines
  uint64_t claim = 0;  // claim time=
  std::string error;   // the first thing wrong, or empty
};

// Reads the schedule back (header lines and "  a > b > c : m @T") and lays
// every flit on its channel, its sender's send port and its receiver's
// receive port for the time unit it is there: message m dispatched at T
// uses hop i during T+i-1 .. T+i-1+l-1 and arrives at T + d + l - 1.
Simulated simulate(const std::string& text, const Case& c, bool scatter) {
  Simulated s;
  const Instance& in = *c.instance;
  const uint64_t P = in.nodes;
  std::set<std::pair<uint32_t, uint32_t>> channels;
  for (const auto& [a, b] : in.links) {
    channels.insert({a, b});
    channels.insert({b, a});
  }
  std::string lengths_text;
  for (uint64_t l : c.lengths) lengths_text += fmt::format(" {}", l);
  const std::string expected_header[] = {
      "schedcheck 1", in.topology_line, "model flit one-port",
      fmt::format("collective {} root {} lengths{}", scatter ? "scatter" : "gather", c.root, lengths_text)};

  std::unordered_set<uint64_t> channel_busy, sending, receiving;
  std::vector<bool> delivered(P, false);
  std::istringstream lines(text);
  std::string line;
  size_t header_lines = 0;
  bool claimed = false;
  while (std::getline(lines, line)) {
    if (line.empty() || line[0] == '#') continue;
    if (line.starts_with("claim ")) {
      std::istringstream words(line.substr(6));
      for (std::string w; words >> w;)
        if (w.starts_with("time=")) {
          s.claim = std::stoull(w.substr(5));
          claimed = true;
        }
      continue;
    }
    if (!line.starts_with("  ")) {
      if (header_lines >= std::size(expected_header) || line != expected_header[header_lines]) {
        s.error = fmt::format("header line '{}' is not the expected '{}'", line,
                              header_lines < std::size(expected_header) ? expected_header[header_lines] : "");
        return s;
      }
      ++header_lines;
      continue;
    }
    // A transfer: nodes separated by '>', then ': m @T'.
    std::istringstream words(line);
    std::vector<uint32_t> route;
    std::string w;
    uint32_t m = 0;
    uint64_t T = 0;
    while (words >> w && w != ":") {
      if (w != ">") route.push_back(static_cast<uint32_t>(std::stoul(w)));
    }
    words >> m >> w;
    if (w.size() < 2 || w[0] != '@') {
      s.error = fmt::format("'{}': no dispatch time", line);
      return s;
    }
    T = std::stoull(w.substr(1));
    const uint64_t l = m < P ? c.lengths[m] : 0;
    if (m >= P || m == c.root || l == 0 || delivered[m]) {
      s.error = fmt::format("'{}': message {} should not move (the root's, null, or sent twice)", line, m);
      return s;
    }
    delivered[m] = true;
    const uint32_t from = scatter ? c.root : m, to = scatter ? m : c.root;
    if (route.size() < 2 || route.front() != from || route.back() != to) {
      s.error = fmt::format("'{}': the route must run from {} to {}", line, from, to);
      return s;
    }
    if (std::set<uint32_t>(route.begin(), route.end()).size() != route.size()) {
      s.error = fmt::format("'{}': the route visits a node twice", line);
      return s;
    }
    for (size_t i = 1; i < route.size(); ++i) {
      const uint32_t u = route[i - 1], v = route[i];
      if (!channels.contains({u, v})) {
        s.error = fmt::format("'{}': {} -> {} is not a link", line, u, v);
        return s;
      }
      for (uint64_t t = T + i - 1; t < T + i - 1 + l; ++t) {
        const bool free = channel_busy.insert((t * P + u) * P + v).second;
        const bool sends = sending.insert(t * P + u).second, receives = receiving.insert(t * P + v).second;
        if (!free || !sends || !receives) {
          s.error = fmt::format("'{}': at time {} {} is busy", line, t,
                                !free ? fmt::format("channel {} -> {}", u, v)
                                      : !sends ? fmt::format("{}'s send port", u) : fmt::format("{}'s receive port", v));
          return s;
        }
      }
    }
    s.time = std::max(s.time, T + (route.size() - 1) + l - 1);
  }
  if (header_lines != std::size(expected_header) || !claimed) s.error = "a header line or the claimed time is missing";
  for (uint32_t v = 0; v < P && s.error.empty(); ++v)
    if (v != c.root && c.lengths[v] > 0 && !delivered[v]) s.error = fmt::format("message {} never moves", v);
  return s;
}

// The time of the root's gap-free stream in `order`, from the stream
// formulas (the scatter's, or the gather's earliest start S and S + R).
uint64_t stream_time(const std::vector<uint32_t>& order, const std::vector<uint32_t>& depth,
                     const std::vector<uint64_t>& lengths, bool scatter) {
  uint64_t sent = 0, time = 0, start = 0;
  for (uint32_t v : order) {
    if (scatter) time = std::max(time, sent + depth[v] + lengths[v] - 1);
    else if (depth[v] > sent + 1) start = std::max<uint64_t>(start, depth[v] - 1 - sent);
    sent += lengths[v];
  }
  return scatter ? time : start + sent;
}

// Hops from the root, by breadth-first search over the instance's own links.
std::vector<uint32_t> distances(const Instance& in, uint32_t root) {
  std::vector<std::vector<uint32_t>> adjacent(in.nodes);
  for (const auto& [a, b] : in.links) {
    adjacent[a].push_back(b);
    adjacent[b].push_back(a);
  }
  std::vector<uint32_t> depth(in.nodes, UINT32_MAX), queue{root};
  depth[root] = 0;
  for (size_t i = 0; i < queue.size(); ++i)
    for (uint32_t w : adjacent[queue[i]])
      if (depth[w] == UINT32_MAX) {
        depth[w] = depth[queue[i]] + 1;
        queue.push_back(w);
      }
  return depth;
}

// The simulation is itself tested on schedules broken on purpose.
TEST_CASE("the brute-force simulation catches collisions, wrong routes and a wrong time") {
  const Instance tree = tree_instance({-1, 0, 0, 1});
  const Case c{&tree, 0, {0, 2, 3, 1}};
  const std::string header =
      "schedcheck 1\ntopology tree parents - 0 0 1\nmodel flit one-port\ncollective scatter root 0 lengths 0 2 3 1\n"
      "claim time=6\n";
  CHECK(simulate(header + "  0 > 1 > 3 : 3 @0\n  0 > 1 : 1 @1\n  0 > 2 : 2 @3\n", c, true).error.empty());
  CHECK(simulate(header + "  0 > 1 > 3 : 3 @0\n  0 > 1 : 1 @1\n  0 > 2 : 2 @3\n", c, true).time == 6);
  CHECK(simulate(header + "  0 > 1 > 3 : 3 @0\n  0 > 1 : 1 @1\n  0 > 2 : 2 @4\n", c, true).time == 7);
  // The root sends two flits at time 2, on two channels: one-port forbids it.
  CHECK(simulate(header + "  0 > 1 > 3 : 3 @0\n  0 > 1 : 1 @1\n  0 > 2 : 2 @2\n", c, true).error ==
        "'  0 > 2 : 2 @2': at time 2 0's send port is busy");
  CHECK(simulate(header + "  0 > 1 > 3 : 3 @0\n  0 > 1 : 1 @0\n  0 > 2 : 2 @3\n", c, true).error ==
        "'  0 > 1 : 1 @0': at time 0 channel 0 -> 1 is busy");
  CHECK(simulate(header + "  0 > 1 > 3 : 3 @0\n  0 > 2 > 0 > 1 : 1 @1\n  0 > 2 : 2 @3\n", c, true).error ==
        "'  0 > 2 > 0 > 1 : 1 @1': the route visits a node twice");
  CHECK(simulate(header + "  0 > 3 : 3 @0\n  0 > 1 : 1 @1\n  0 > 2 : 2 @3\n", c, true).error ==
        "'  0 > 3 : 3 @0': 0 -> 3 is not a link");
  CHECK(simulate(header + "  0 > 1 > 3 : 3 @0\n  0 > 2 : 2 @3\n", c, true).error == "message 1 never moves");
}

TEST_CASE("the brute-force simulation finds no collision and exactly the claimed time") {
  size_t schedules = 0;
  for (const Case& c : all_cases()) {
    for (const std::string name : generators) {
      const Generated g = generate(name, c);
      const Simulated s = simulate(g.text, c, name.starts_with("scatter"));
      INFO(describe(name, c), "\n", g.text);
      REQUIRE_MESSAGE(s.error.empty(), s.error);
      CHECK(s.claim == g.claim);
      CHECK(s.time == s.claim);
      ++schedules;
    }
  }
  MESSAGE(schedules, " schedules simulated");
}

TEST_CASE("Theorem 1: FDF is no slower than the scatter baselines, NRF than the index-order gather") {
  for (const Case& c : all_cases()) {
    INFO(describe("scatter and gather", c));
    const uint64_t fdf = generate("scatter-fdf", c).claim;
    CHECK(fdf <= generate("scatter-nearest-first", c).claim);
    CHECK(fdf <= generate("scatter-index-order", c).claim);
    const uint64_t nrf = generate("gather-nrf", c).claim;
    CHECK(nrf <= generate("gather-index-order", c).claim);
    CHECK(nrf == fdf);  // the gather is the scatter reversed in time
  }
}

// Up to 7 moving messages: every order of the stream, by its formula.
TEST_CASE("Theorem 1 on small cases: no order of the stream is faster than FDF, nor than NRF") {
  size_t checked = 0;
  for (const Case& c : all_cases()) {
    std::vector<uint32_t> order;
    for (uint32_t v = 0; v < c.instance->nodes; ++v)
      if (v != c.root && c.lengths[v] > 0) order.push_back(v);
    if (order.size() > 7) continue;
    const std::vector<uint32_t> depth = distances(*c.instance, c.root);
    uint64_t best_scatter = UINT64_MAX, best_gather = UINT64_MAX;
    do {
      best_scatter = std::min(best_scatter, stream_time(order, depth, c.lengths, true));
      best_gather = std::min(best_gather, stream_time(order, depth, c.lengths, false));
    } while (std::next_permutation(order.begin(), order.end()));
    INFO(describe("scatter-fdf and gather-nrf", c));
    CHECK(generate("scatter-fdf", c).claim == (order.empty() ? 0 : best_scatter));
    CHECK(generate("gather-nrf", c).claim == (order.empty() ? 0 : best_gather));
    ++checked;
  }
  MESSAGE(checked, " cases against every order");
  CHECK(checked > 100);
}

TEST_CASE("the core verifies every schedule, and its claimed time holds") {
  for (const Case& c : all_cases()) {
    for (const std::string name : generators) {
      const Generated g = generate(name, c);
      schedcheck::LineSource lines{std::string_view(g.text)};
      schedcheck::Header header;
      schedcheck::Diagnostics diag(name, 5);
      const schedcheck::Verdict verdict = schedcheck::check_schedule(lines, header, diag);
      std::string errors;
      for (const auto& d : diag.kept()) errors += diag.format(d) + "\n";
      INFO(describe(name, c), "\n", g.text);
      REQUIRE_MESSAGE(verdict.verified, errors);
      REQUIRE(verdict.claim_time_holds.has_value());
      CHECK(*verdict.claim_time_holds);
    }
  }
}

TEST_CASE("a network that is not connected: only null messages may sit where the root cannot reach") {
  const Instance split = graph_instance(5, {{0, 1}, {1, 2}, {3, 4}});
  const Case fine{&split, 1, {4, 0, 7, 0, 0}};
  for (const std::string name : generators) {
    const Generated g = generate(name, fine);
    INFO(describe(name, fine), "\n", g.text);
    const Simulated s = simulate(g.text, fine, name.starts_with("scatter"));
    REQUIRE_MESSAGE(s.error.empty(), s.error);
    CHECK(s.time == g.claim);
  }
  std::string error;
  auto network = Network::parse(split.spec, error);
  REQUIRE(network.has_value());
  const RootedRequest unreachable{*network, 1, {4, 0, 7, 2, 0}};
  CHECK_FALSE(schedcheck::gen::plan_rooted(schedcheck::gen::rooted_generators()[0], unreachable, error));
  CHECK(error == "node 3's message has 2 flits, but node 3 and the root 1 are not connected");
}

TEST_CASE("requests without a schedule are refused with the reason") {
  const auto& fdf = *schedcheck::gen::find_rooted_generator("scatter-fdf");
  std::string error;
  auto network = Network::parse("tree:-,0,0,1", error);
  REQUIRE(network.has_value());
  CHECK_FALSE(schedcheck::gen::plan_rooted(fdf, {*network, 4, {0, 1, 1, 1}}, error));
  CHECK(error == "the root 4 is not a node of the tree parents - 0 0 1 (nodes 0..3)");
  CHECK_FALSE(schedcheck::gen::plan_rooted(fdf, {*network, 0, {0, 1}}, error));
  CHECK(error == "2 lengths for 4 nodes: give one per node, in index order");
  CHECK_FALSE(schedcheck::gen::plan_rooted(fdf, {*network, 0, {0, uint64_t{1} << 63, 1, 1}}, error));
  CHECK(error == "node 1's message has 9223372036854775808 flits, more than 2^63-1");
  const uint64_t big = schedcheck::gen::max_message_length;
  CHECK_FALSE(schedcheck::gen::plan_rooted(fdf, {*network, 0, {0, big, big, 1}}, error));
  CHECK(error == "the lengths add up to more than 2^64-1-4 flits, past which a time would not fit in 64 bits");
  const auto largest = schedcheck::gen::plan_rooted(fdf, {*network, 0, {0, big, big - 4, 0}}, error);
  REQUIRE(largest.has_value());
  CHECK(largest->time == 2 * big - 4);  // node 2's last flit arrives at 2^64-6
}

TEST_CASE("bad --topology specs are refused with the reason") {
  const std::pair<std::string, std::string> bad[] = {
      {"tree:", "a tree is its parent list, node 0's first, '-' for its root (e.g. tree:-,0,0,1), of at most 2^26 nodes"},
      {"tree:-,0,-", "a tree has exactly one root, written '-'; this list has 2"},
      {"tree:0,0", "the parent of node 0 must be another node (0..1) or '-', not '0'"},
      {"tree:-,2,1", "node 1 does not reach the root: the parents form a cycle"},
      {"tree:-,7", "the parent of node 1 must be another node (0..1) or '-', not '7'"},
      {"graph:3", "a graph is graph:N:a-b,c-d,... with 1 <= N <= 2^26 nodes 0..N-1 and its edges (maybe none)"},
      {"graph:0:", "a graph is graph:N:a-b,c-d,... with 1 <= N <= 2^26 nodes 0..N-1 and its edges (maybe none)"},
      {"graph:3:0-1,1-1", "edge '1-1': expected a-b, two different nodes of 0..2"},
      {"graph:3:0-1,", "edge '': expected a-b, two different nodes of 0..2"},
      {"mesh:3x1", "grid sizes are whole numbers of at least 2, written n1xn2x..."},
      {"ring:3x3", "a ring has one size"},
      {"torus:8192x8193", "a grid has at most 16 dimensions and 2^26 nodes"},
      {"hypercube:4", "expected tree:, graph:, mesh:, torus:, path: or ring: and the network, e.g. tree:-,0,0,1 or torus:4x4"},
  };
  for (const auto& [spec, why] : bad) {
    std::string error;
    CHECK_FALSE(Network::parse(spec, error).has_value());
    CHECK_MESSAGE(error == why, spec);
  }
  std::string error;
  const auto torus = Network::parse("torus:2x3", error);
  REQUIRE(torus.has_value());
  CHECK(torus->description() == "torus 2x3");
  CHECK(torus->neighbours(0).size() == 4);  // two parallel links to node 1 along the side of 2
}

TEST_CASE("random lengths are the same on every machine") {
  // std::mt19937_64's 10000th output from the default seed is fixed by the standard.
  std::mt19937_64 engine;
  engine.discard(9999);
  CHECK(engine() == 9981545732273789042ull);
  const auto lengths = schedcheck::gen::random_lengths(4, 20, 5489);  // 5489: the default seed
  std::mt19937_64 again(5489);
  for (uint64_t l : lengths) CHECK(l == again() % 21);
}


// The line numbers (1-based) of the transfer lines of a generated text.
std::vector<size_t> transfer_lines(const std::vector<std::string>& lines) {
  std::vector<size_t> out;
  for (size_t i = 0; i < lines.size(); ++i)
    if (lines[i].rfind("  ", 0) == 0) out.push_back(i + 1);
  return out;
}

std::vector<std::string> split_lines(const std::string& text) {
  std::vector<std::string> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  return lines;
}

// The core's diagnostics of a text: at least one at `line`, none at an
// earlier transfer line (the whole schedule's delivery and claim aside: a
// train that changed its message changes what arrives and when).
void rejected_at(const std::vector<std::string>& lines, size_t line, const std::string& what) {
  std::string text;
  for (const std::string& l : lines) text += l + "\n";
  schedcheck::LineSource source{std::string_view(text)};
  schedcheck::Header header;
  schedcheck::Diagnostics diag("mutant", 50);
  const schedcheck::Verdict verdict = schedcheck::check_schedule(source, header, diag);
  INFO(what, " at line ", line, "\n", text);
  CHECK_FALSE(verdict.verified);
  bool at_line = false;
  for (const auto& d : diag.kept()) {
    if (d.property == schedcheck::Property::delivery || d.property == schedcheck::Property::claim) continue;
    CHECK(d.pos.line >= line);
    at_line = at_line || d.pos.line == line;
  }
  CHECK(at_line);
}

TEST_CASE("mutants of FDF and NRF schedules are rejected at the mutated line") {
  std::mt19937_64 rng(11);
  size_t mutants = 0;
  for (const Case& c : all_cases()) {
    if (c.instance->nodes > 60) continue;
    for (const std::string name : {"scatter-fdf", "gather-nrf"}) {
      const std::vector<std::string> lines = split_lines(generate(name, c).text);
      const std::vector<size_t> transfers = transfer_lines(lines);
      if (transfers.size() < 2) continue;
      const bool scatter = name == std::string("scatter-fdf");
      // One dispatch one unit earlier: in FDF's gap-free stream, written in
      // dispatch order, it meets the train before it at the root. (A
      // gather's lines are in dispatch order, not in the order the root
      // receives them, and its first train may be able to leave earlier.)
      const size_t k = 1 + rng() % (transfers.size() - 1);
      std::vector<std::string> early = lines;
      std::string& moved = early[transfers[k] - 1];
      const size_t at = moved.rfind('@');
      const uint64_t time = std::stoull(moved.substr(at + 1));
      if (scatter && time > 0) {
        moved = moved.substr(0, at + 1) + std::to_string(time - 1);
        rejected_at(early, transfers[k], "dispatched one unit earlier");
        ++mutants;
      }
      // The message given to another destination (scatter): the train no
      // longer ends where its message is needed; or said to come from
      // another origin (gather): its sender does not hold that message,
      // unless it is null, which everyone holds.
      const size_t m = rng() % transfers.size();
      std::vector<std::string> wrong = lines;
      std::string& line = wrong[transfers[m] - 1];
      const size_t colon = line.find(" : "), at_sign = line.find(" @");
      const uint32_t message = static_cast<uint32_t>(std::stoul(line.substr(colon + 3, at_sign - colon - 3)));
      const uint32_t other = (message + 1 + static_cast<uint32_t>(rng() % (c.instance->nodes - 1))) % c.instance->nodes;
      if (scatter || c.lengths[other] > 0) {
        line = line.substr(0, colon + 3) + std::to_string(other) + line.substr(at_sign);
        rejected_at(wrong, transfers[m], "message given to the wrong node");
        ++mutants;
      }
    }
  }
  MESSAGE(mutants, " mutants");
  CHECK(mutants > 100);
}

TEST_CASE("a route through a wrong child is rejected at its line") {
  // Root 0 with children 1 and 2; 3 and 4 under 1, 5 under 2.
  const Instance tree = tree_instance({-1, 0, 0, 1, 1, 2});
  const Case c{&tree, 0, {0, 1, 2, 3, 4, 5}};
  const std::vector<std::string> lines = split_lines(generate("scatter-fdf", c).text);
  for (size_t line : transfer_lines(lines)) {
    // Swap the root's child on the route: 1 <-> 2.
    std::vector<std::string> mutant = lines;
    std::string& route = mutant[line - 1];
    const size_t child = route.find("0 > ") + 4;
    route[child] = route[child] == '1' ? '2' : '1';
    rejected_at(mutant, line, "route through the other child");
  }
}

}  // namespace

namespace {

// The least gather time on the path P_0 .. P_n into P_0 over every schedule
// that obeys inequality (5) of Bhatt et al., Section 3.1, by brute force:
// P_i dispatches (any time) only once its wake-up call has reached it, the
// calls run from P_0 down the chain (P_(i-1) taps P_i in a unit of its
// choosing after its own call arrived), and channels, send and receive ports
// carry one flit per unit. Wake-up and dispatch times range over a window
// wide enough to hold the optimum of these small cases.
uint64_t shoulder_tap_optimum(const std::vector<uint64_t>& l) {
  const uint32_t n = static_cast<uint32_t>(l.size()) - 1;
  uint32_t m = 0;
  for (uint32_t i = 1; i <= n; ++i)
    if (l[i] > 0) m = i;
  if (m == 0) return 0;
  constexpr uint64_t window = 7;
  uint64_t best = UINT64_MAX;
  std::vector<uint64_t> wake(m + 1, 0), dispatch(m + 1, 0);
  // Odometers over the wake-up arrivals W_i in [i, i + window) and the
  // dispatches a_i in [W_i, W_i + window + 2).
  std::function<void(uint32_t)> choose_wake, choose_dispatch;
  auto simulate = [&]() {
    std::set<std::tuple<int, uint32_t, uint64_t>> busy;  // (kind, node or channel, unit)
    auto use = [&](uint32_t from, uint32_t to, uint64_t unit) {
      return busy.insert({0, from, unit}).second && busy.insert({1, to, unit}).second &&
             busy.insert({2, from * 64 + to, unit}).second;
    };
    for (uint32_t i = 1; i <= m; ++i)
      if (!use(i - 1, i, wake[i] - 1)) return;
    uint64_t end = 0;
    for (uint32_t i = 1; i <= m; ++i) {
      if (l[i] == 0) continue;
      for (uint64_t k = 0; k < l[i]; ++k)
        for (uint32_t h = 0; h < i; ++h)
          if (!use(i - h, i - h - 1, dispatch[i] + k + h)) return;
      end = std::max(end, dispatch[i] + l[i] + i - 1);
    }
    best = std::min(best, end);
  };
  choose_dispatch = [&](uint32_t i) {
    if (i > m) return simulate();
    if (l[i] == 0) return choose_dispatch(i + 1);
    for (dispatch[i] = wake[i]; dispatch[i] < wake[i] + window + 2; ++dispatch[i]) choose_dispatch(i + 1);
  };
  choose_wake = [&](uint32_t i) {
    if (i > m) return choose_dispatch(1);
    // P_(i-1) taps P_i no earlier than its own call arrived (P_0: from unit 0).
    for (wake[i] = std::max<uint64_t>(i, i == 1 ? 1 : wake[i - 1] + 1); wake[i] < i + window; ++wake[i])
      choose_wake(i + 1);
  };
  choose_wake(1);
  return best;
}

bool verified(const std::vector<std::string>& lines) {
  std::string text;
  for (const std::string& l : lines) text += l + "\n";
  schedcheck::LineSource source{std::string_view(text)};
  schedcheck::Header header;
  schedcheck::Diagnostics diag("text", 5);
  return schedcheck::check_schedule(source, header, diag).verified;
}

Generated generate_on_path(const std::string& name, uint32_t nodes, uint32_t root, const std::vector<uint64_t>& lengths) {
  static std::vector<Instance> paths;  // keeps each instance alive for its Case
  paths.push_back(grid_instance("path", {nodes}));
  return generate(name, Case{&paths.back(), root, lengths});
}

TEST_CASE("shoulder tapping: verified, every dispatch licensed, and as fast as any schedule obeying (5)") {
  size_t compared = 0;
  for (uint32_t n = 1; n <= 3; ++n) {
    std::vector<uint64_t> l(n + 1, 0);
    for (;;) {
      // Root at node 0, and the mirror image with the root at the other end.
      std::vector<uint64_t> mirrored(l.rbegin(), l.rend());
      for (const auto& [root, lengths] : {std::pair{0u, l}, std::pair{n, mirrored}}) {
        const Generated g = generate_on_path("gather-shoulder-tap", n + 1, root, lengths);
        schedcheck::LineSource lines{std::string_view(g.text)};
        schedcheck::Header header;
        schedcheck::Diagnostics diag("shoulder-tap", 5);
        const schedcheck::Verdict verdict = schedcheck::check_schedule(lines, header, diag);
        INFO(g.text);
        CHECK(verdict.verified);
        CHECK(verdict.time == g.claim);
        CHECK(g.claim == shoulder_tap_optimum(l));
      }
      ++compared;
      uint32_t i = 1;  // the next length vector over 0..3
      while (i <= n && l[i] == 3) l[i++] = 0;
      if (i > n) break;
      ++l[i];
    }
  }
  CHECK(compared == 4 + 16 + 64);
}

TEST_CASE("shoulder tapping on longer paths: verified; a dropped wake-up call or an early dispatch is rejected") {
  std::mt19937_64 rng(3);
  for (uint32_t nodes : {2u, 5u, 16u, 64u}) {
    for (int trial = 0; trial < 5; ++trial) {
      std::vector<uint64_t> lengths(nodes);
      for (uint32_t v = 1; v < nodes; ++v) lengths[v] = rng() % 6;
      lengths[nodes - 1] = 1 + rng() % 5;
      const std::vector<std::string> lines = split_lines(generate_on_path("gather-shoulder-tap", nodes, 0, lengths).text);
      REQUIRE(verified(lines));
      const std::vector<size_t> transfers = transfer_lines(lines);
      // Drop the last wake-up call: the node it woke dispatches untold.
      size_t last_wake = 0;
      for (size_t t : transfers)
        if (lines[t - 1].find(" ! ") != std::string::npos) last_wake = t;
      REQUIRE(last_wake > 0);
      std::vector<std::string> dropped = lines;
      dropped[last_wake - 1] = "# dropped";
      size_t licensed = 0;  // the line licensed by the dropped call
      const std::string name = lines[last_wake - 1].substr(lines[last_wake - 1].find(" ! ") + 3);
      for (size_t t : transfers)
        if (lines[t - 1].ends_with("after " + name.substr(0, name.find(' ')))) licensed = t;
      if (licensed) rejected_at(dropped, licensed, "wake-up call dropped");
      // A data train dispatched one unit before its licence arrives.
      for (size_t t : transfers) {
        const std::string& line = lines[t - 1];
        if (line.find(" : ") == std::string::npos) continue;
        const size_t at = line.rfind('@'), after = line.find(" after ");
        const uint64_t time = std::stoull(line.substr(at + 1, after - at - 1));
        if (time == 0) continue;
        // Its licence or its sender's port (taken by the wake-up call it
        // sends on) or the stream before it forbids one unit earlier.
        std::vector<std::string> early = lines;
        early[t - 1] = line.substr(0, at + 1) + std::to_string(time - 1) + line.substr(after);
        CHECK_FALSE(verified(early));
      }
    }
  }
}

}  // namespace

namespace {

using schedcheck::gen::CertificationPlan;
using schedcheck::gen::SpanningTree;
using schedcheck::gen::no_depth;

struct Certified {
  RootedRequest request;
  SpanningTree tree;
  CertificationPlan plan;
  Generated generated;
};

Certified certify(const Case& c, uint32_t understated = UINT32_MAX) {
  std::string error;
  auto network = Network::parse(c.instance->spec, error);
  REQUIRE_MESSAGE(network.has_value(), error);
  RootedRequest request{std::move(*network), c.root, c.lengths};
  SpanningTree tree(request.network, c.root);
  CertificationPlan plan = schedcheck::gen::certification_plan(request, tree, understated);
  const auto* g = schedcheck::gen::find_rooted_generator("gather-certification");
  REQUIRE(g != nullptr);
  char* buffer = nullptr;
  size_t size = 0;
  std::FILE* out = open_memstream(&buffer, &size);
  REQUIRE(out != nullptr);
  schedcheck::gen::write_flit_schedule(out, *g, request, plan.schedule);
  std::fclose(out);
  Generated generated{std::string(buffer, size), plan.schedule.time};
  std::free(buffer);
  return {std::move(request), std::move(tree), std::move(plan), std::move(generated)};
}

// Theorem 3's b: the time a broadcast down the tree takes when every node
// tells its children one per time unit in the worst order, the largest sum
// of the numbers of children along a path from the root.
uint64_t worst_order_broadcast(const SpanningTree& tree) {
  std::vector<uint64_t> children(tree.parent.size(), 0);
  for (uint32_t v = 0; v < tree.parent.size(); ++v)
    if (v != tree.root && tree.depth[v] != no_depth) ++children[tree.parent[v]];
  uint64_t b = 0;
  for (uint32_t v = 0; v < tree.parent.size(); ++v) {
    if (tree.depth[v] == no_depth || children[v] > 0) continue;
    uint64_t sum = 0;
    for (uint32_t u = v; u != tree.root; u = tree.parent[u]) sum += children[tree.parent[u]];
    b = std::max(b, sum);
  }
  return b;
}

schedcheck::Verdict check_text(const std::string& text, std::string& errors) {
  schedcheck::LineSource lines{std::string_view(text)};
  schedcheck::Header header;
  schedcheck::Diagnostics diag("certification", 100000);
  const schedcheck::Verdict verdict = schedcheck::check_schedule(lines, header, diag);
  for (const auto& d : diag.kept()) errors += diag.format(d) + "\n";
  return verdict;
}

TEST_CASE("transmission certification: verified everywhere, E + lag + m exactly, within Theorem 3") {
  size_t checked = 0;
  for (const Case& c : all_cases()) {
    const Certified cert = certify(c);
    std::string errors;
    const schedcheck::Verdict verdict = check_text(cert.generated.text, errors);
    INFO(describe("gather-certification", c), "\n", cert.generated.text);
    REQUIRE_MESSAGE(verdict.verified, errors);
    CHECK(verdict.time == cert.plan.schedule.time);
    uint64_t reached = 0, m = 0;
    for (uint32_t v = 0; v < c.instance->nodes; ++v) {
      if (cert.tree.depth[v] == no_depth) continue;
      ++reached;
      if (v != c.root) m += c.lengths[v];
    }
    // Phases 1 and 2 cross every link twice, one flit at a time.
    const uint64_t collection = 2 * (reached - 1);
    CHECK(cert.plan.collection == collection);
    const uint64_t lag = cert.plan.certificates[c.root].lag;
    CHECK(verdict.time == (m > 0 ? collection + lag + m : collection));
    // Theorem 3, reconstructed: at most 2b + c + m, c the collection time.
    const uint64_t b = worst_order_broadcast(cert.tree);
    CHECK(lag <= 2 * b);
    CHECK(verdict.time <= 2 * b + collection + m);
    uint64_t bound = m;  // the root receives one flit per unit
    bool told_bound = false;
    for (const schedcheck::LowerBound& lb : verdict.bounds) {
      bound = std::max(bound, lb.steps);
      told_bound = told_bound || lb.name == "flit-told-distance";
    }
    CHECK(told_bound == (m > 0));
    CHECK(verdict.time >= bound);
    ++checked;
  }
  MESSAGE(checked, " certification schedules");
}

// The nodes of v's subtree, v included.
std::vector<bool> subtree(const SpanningTree& tree, uint32_t v) {
  std::vector<bool> in(tree.parent.size(), false);
  for (uint32_t u = 0; u < tree.parent.size(); ++u) {
    if (tree.depth[u] == no_depth) continue;
    uint32_t w = u;
    while (w != v && w != tree.root) w = tree.parent[w];
    in[u] = w == v;
  }
  return in;
}

TEST_CASE("transmission certification mutants: a token dropped, a dispatch before its order, an understated lag") {
  size_t dropped = 0, early = 0, understated = 0, harmless = 0;
  for (const Case& c : all_cases()) {
    if (c.instance->nodes > 64) continue;
    const Certified cert = certify(c);
    const std::vector<std::string> lines = split_lines(cert.generated.text);
    const std::vector<size_t> transfers = transfer_lines(lines);
    for (size_t t : transfers) {
      const std::string& line = lines[t - 1];
      // A token dropped: the first line it licenses is told by nothing.
      if (const size_t bang = line.find(" ! token-"); bang != std::string::npos) {
        const std::string label = line.substr(bang + 3, line.find(' ', bang + 3) - bang - 3);
        for (size_t u : transfers)
          if (lines[u - 1].ends_with(" after " + label)) {
            std::vector<std::string> mutant = lines;
            mutant[t - 1] = "# dropped";
            rejected_at(mutant, u, "token " + label + " dropped");
            ++dropped;
            break;
          }
      }
      // A message dispatched one unit before its transmit order arrives.
      if (const size_t colon = line.find(" : "); colon != std::string::npos) {
        const uint32_t v = static_cast<uint32_t>(std::stoul(line.substr(0, line.find(' ', 2))));
        const size_t at = line.rfind('@'), after = line.find(" after ");
        std::vector<std::string> mutant = lines;
        mutant[t - 1] = line.substr(0, at + 1) + std::to_string(cert.plan.told[v] - 1) + line.substr(after);
        std::string errors;
        CHECK_FALSE(check_text([&] {
                      std::string text;
                      for (const std::string& l : mutant) text += l + "\n";
                      return text;
                    }(),
                               errors)
                        .verified);
        CHECK(errors.find(fmt::format(":{}:", t)) != std::string::npos);
        CHECK_MESSAGE(errors.find("before control flit order-" + std::to_string(v)) != std::string::npos, errors);
        ++early;
      }
    }
    // A certificate that understates its lag by one: rejected when the
    // parent's placement relies on it, at a train of the lying subtree.
    for (uint32_t v = 0; v < c.instance->nodes; ++v) {
      if (v == c.root || cert.tree.depth[v] == no_depth || cert.plan.certificates[v].lag == 0 ||
          cert.plan.certificates[v].length == 0)
        continue;
      const Certified lie = certify(c, v);
      std::string errors;
      const schedcheck::Verdict verdict = check_text(lie.generated.text, errors);
      INFO(describe("gather-certification", c), " understating node ", v, "\n", lie.generated.text, errors);
      if (lie.plan.start[v] >= lie.plan.told[v] + cert.plan.certificates[v].lag) {
        CHECK(verdict.verified);
        ++harmless;
        continue;
      }
      CHECK_FALSE(verdict.verified);
      const std::vector<bool> in = subtree(lie.tree, v);
      const std::vector<std::string> lie_lines = split_lines(lie.generated.text);
      bool blamed = false;
      for (size_t t : transfer_lines(lie_lines)) {
        const uint32_t sender = static_cast<uint32_t>(std::stoul(lie_lines[t - 1].substr(0, lie_lines[t - 1].find(' ', 2))));
        if (!in[sender]) continue;
        blamed = blamed || errors.find(fmt::format(":{}:", t)) != std::string::npos ||
                 errors.find(fmt::format("line {})", t)) != std::string::npos;
      }
      CHECK(blamed);
      ++understated;
    }
  }
  MESSAGE(dropped, " tokens dropped, ", early, " early dispatches, ", understated, " understated lags rejected, ",
          harmless, " understated lags that bound nothing");
  CHECK(dropped > 100);
  CHECK(early > 100);
  CHECK(understated > 50);
}

}  // namespace

namespace {

// The single-port broadcast time of a tree from its root, children told in
// the best order (the slowest subtree first): t(v) = max_i (i + t(c_i)) over
// v's children c_1, c_2, ... in decreasing order of t.
uint64_t tree_broadcast_time(const schedcheck::gen::SpanningTree& tree) {
  const size_t n = tree.parent.size();
  std::vector<uint32_t> order;
  for (uint32_t v = 0; v < n; ++v)
    if (tree.depth[v] != schedcheck::gen::no_depth) order.push_back(v);
  std::sort(order.begin(), order.end(), [&](uint32_t a, uint32_t b) { return tree.depth[a] > tree.depth[b]; });
  std::vector<std::vector<uint64_t>> child_times(n);
  std::vector<uint64_t> t(n, 0);
  for (uint32_t v : order) {
    auto& c = child_times[v];
    std::sort(c.rbegin(), c.rend());
    for (size_t i = 0; i < c.size(); ++i) t[v] = std::max(t[v], i + 1 + c[i]);
    if (v != tree.root) child_times[tree.parent[v]].push_back(t[v]);
  }
  return t[tree.root];
}

TEST_CASE("--tree broadcast: every generator verified on the whole network over a broadcast tree") {
  for (const Case& c : all_cases()) {
    if (c.instance->spec.starts_with("tree:")) continue;  // a tree is its own spanning tree
    for (const std::string name : {"scatter-fdf", "scatter-nearest-first", "scatter-index-order", "gather-nrf",
                                   "gather-index-order", "gather-certification"}) {
      const Generated g = generate(name, c, schedcheck::gen::TreeKind::broadcast);
      std::string errors;
      const schedcheck::Verdict verdict = check_text(g.text, errors);
      INFO(describe(name, c), "\n", g.text);
      REQUIRE_MESSAGE(verdict.verified, errors);
      CHECK(verdict.time == g.claim);
    }
  }
}

TEST_CASE("a broadcast tree broadcasts no slower than the breadth-first tree where high degrees slow it") {
  // The paper's example: the complete graph, whose breadth-first tree from
  // any node is a star (P-1 units single-port); and a wheel.
  for (uint32_t n : {4u, 8u, 16u, 33u}) {
    std::vector<std::pair<uint32_t, uint32_t>> complete, wheel;
    for (uint32_t a = 0; a < n; ++a)
      for (uint32_t b = a + 1; b < n; ++b) complete.emplace_back(a, b);
    for (uint32_t a = 1; a < n; ++a) wheel.emplace_back(0, a), wheel.emplace_back(a, a + 1 < n ? a + 1 : 1);
    for (const auto& edges : {complete, wheel}) {
      const Instance in = graph_instance(n, edges);
      std::string error;
      const auto network = Network::parse(in.spec, error);
      REQUIRE(network.has_value());
      const schedcheck::gen::SpanningTree bfs(*network, 0), cast(*network, 0, schedcheck::gen::TreeKind::broadcast);
      INFO(in.spec);
      CHECK(tree_broadcast_time(bfs) == n - 1);
      CHECK(tree_broadcast_time(cast) <= tree_broadcast_time(bfs));
      if (edges == complete) {
        uint64_t log2 = 0;
        while ((uint64_t{1} << log2) < n) ++log2;
        CHECK(tree_broadcast_time(cast) == log2);  // the binomial tree: optimal
      }
    }
  }
}

}  // namespace

namespace {

using schedcheck::gen::CoverTree;

// Every tree a tree rooted at `root` (each member's parent chain reaches it
// over links of the network), no link in two trees (parallel links
// counted), and every node the root reaches in some tree.
void check_cover(const Instance& in, uint32_t root, const std::vector<CoverTree>& trees) {
  std::map<std::pair<uint32_t, uint32_t>, int> links;
  for (const auto& [a, b] : in.links) links[{std::min(a, b), std::max(a, b)}] = 1;  // parallel links: one
  std::vector<bool> covered(in.nodes, false);
  for (const CoverTree& t : trees) {
    REQUIRE(t.depth[root] == 0);
    for (uint32_t v = 0; v < in.nodes; ++v) {
      if (t.depth[v] == no_depth || v == root) continue;
      covered[v] = true;
      const uint32_t p = t.parent[v];
      REQUIRE(p < in.nodes);
      CHECK(t.depth[p] + 1 == t.depth[v]);
      CHECK(--links[{std::min(p, v), std::max(p, v)}] >= 0);  // a link, and not one another tree took
      CHECK(t.branch[v] == (p == root ? v : t.branch[p]));
    }
  }
  const std::vector<uint32_t> dist = distances(in, root);
  for (uint32_t v = 0; v < in.nodes; ++v)
    if (v != root && dist[v] != UINT32_MAX) CHECK_MESSAGE(covered[v], "node ", v, " in no tree");
}

TEST_CASE("tree covers: edge-disjoint trees rooted at the root that together reach every node, for every count") {
  size_t covers = 0;
  for (const std::vector<Instance>* list : {&trees(), &others()})
    for (const Instance& in : *list) {
      if (in.nodes > 64) continue;
      std::string error;
      const auto network = Network::parse(in.spec, error);
      REQUIRE(network.has_value());
      for (uint32_t root : {0u, in.nodes - 1, in.nodes / 2}) {
        std::set<uint32_t> distinct;
        for (uint32_t w : network->neighbours(root)) distinct.insert(w);
        for (uint32_t k = 1; k <= distinct.size(); ++k) {
          INFO(in.spec, " root ", root, " trees ", k);
          check_cover(in, root, schedcheck::gen::cover_with_trees(*network, root, k));
          ++covers;
        }
      }
    }
  MESSAGE(covers, " covers");
  CHECK(covers > 100);
}

TEST_CASE("Figure 5: two edge-disjoint trees from a corner cover the 4x4 mesh, and two the 4x4 torus") {
  for (const std::string kind : {"mesh", "torus"}) {
    const Instance in = grid_instance(kind, {4, 4});
    std::string error;
    const auto network = Network::parse(in.spec, error);
    REQUIRE(network.has_value());
    const std::vector<CoverTree> trees = schedcheck::gen::cover_with_trees(*network, 0, 2);
    REQUIRE(trees.size() == 2);
    check_cover(in, 0, trees);
    for (const CoverTree& t : trees) {
      uint32_t members = 0;
      for (uint32_t v = 0; v < in.nodes; ++v) members += t.depth[v] != no_depth;
      CHECK(members >= in.nodes / 2);  // each tree does real work
    }
    // The scatter and gather over them: verified, and faster than over one tree.
    const Case c{&in, 0, schedcheck::gen::random_lengths(in.nodes, 9, 5)};
    for (const std::string name : {"scatter-multitree", "gather-multitree"}) {
      auto run = [&](uint32_t k) {
        std::string e;
        auto net = Network::parse(in.spec, e);
        RootedRequest request{std::move(*net), 0, c.lengths};
        request.trees = k;
        const auto* g = schedcheck::gen::find_rooted_generator(name);
        const auto schedule = schedcheck::gen::plan_rooted(*g, request, e);
        REQUIRE(schedule.has_value());
        return schedule->time;
      };
      CHECK(run(2) < run(1));
    }
  }
}

TEST_CASE("multitree scatter and gather: verified on the whole network for every count of trees; too many refused") {
  size_t checked = 0;
  for (const Case& c : all_cases()) {
    if (c.instance->nodes > 64) continue;
    std::string error;
    auto network = Network::parse(c.instance->spec, error);
    REQUIRE(network.has_value());
    std::set<uint32_t> distinct;
    for (uint32_t w : network->neighbours(c.root)) distinct.insert(w);
    const uint32_t links = static_cast<uint32_t>(distinct.size());
    for (uint32_t k = 1; k <= links + 1; ++k)
      for (const std::string name : {"scatter-multitree", "gather-multitree"}) {
        RootedRequest request{*Network::parse(c.instance->spec, error), c.root, c.lengths};
        request.trees = k;
        const auto* g = schedcheck::gen::find_rooted_generator(name);
        REQUIRE(g != nullptr);
        const auto schedule = schedcheck::gen::plan_rooted(*g, request, error);
        INFO(describe(name, c), " trees ", k);
        if (k > links && links > 0) {
          CHECK_FALSE(schedule.has_value());
          CHECK(error.find("edge-disjoint trees") != std::string::npos);
          continue;
        }
        REQUIRE_MESSAGE(schedule.has_value(), error);
        char* buffer = nullptr;
        size_t size = 0;
        std::FILE* out = open_memstream(&buffer, &size);
        schedcheck::gen::write_flit_schedule(out, *g, request, *schedule);
        std::fclose(out);
        const std::string text(buffer, size);
        std::free(buffer);
        std::string errors;
        const schedcheck::Verdict verdict = check_text(text, errors);
        INFO(text);
        REQUIRE_MESSAGE(verdict.verified, errors);
        CHECK(verdict.time == schedule->time);
        ++checked;
      }
  }
  MESSAGE(checked, " multitree schedules");
}

}  // namespace
