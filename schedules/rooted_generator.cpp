// Rooted generators: the table of scatter and gather generators, the checks of a request, and the schedule's text.
#include "rooted_generator.hpp"

#include <random>

#include "gather_certification.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

namespace schedcheck::gen {

// Defined in flit_scatter_gather.cpp.
FlitSchedule scatter_farthest_first(const RootedRequest& request, const SpanningTree& tree);
FlitSchedule scatter_nearest_first(const RootedRequest& request, const SpanningTree& tree);
FlitSchedule scatter_index_order(const RootedRequest& request, const SpanningTree& tree);
FlitSchedule gather_nearest_first(const RootedRequest& request, const SpanningTree& tree);
FlitSchedule gather_index_order(const RootedRequest& request, const SpanningTree& tree);
FlitSchedule gather_shoulder_tap(const RootedRequest& request, const SpanningTree& tree);
std::string shoulder_tap_refusal(const RootedRequest& request, const SpanningTree& tree);
FlitSchedule scatter_multitree(const RootedRequest& request, const SpanningTree& tree);
FlitSchedule gather_multitree(const RootedRequest& request, const SpanningTree& tree);
std::string multitree_refusal(const RootedRequest& request, const SpanningTree& tree);

const std::vector<RootedGenerator>& rooted_generators() {
  static const std::vector<RootedGenerator> table = {
      {"scatter-fdf", "scatter",
       "Bhatt et al., Section 2, Theorem 1 (farthest destination first: one gap-free stream from the root, "
       "optimal on every tree)",
       scatter_farthest_first},
      {"scatter-nearest-first", "scatter",
       "baseline: one gap-free stream from the root, nearest destination first (Bhatt et al., Section 1.3)",
       scatter_nearest_first},
      {"scatter-index-order", "scatter", "baseline: one gap-free stream from the root, in node-index order",
       scatter_index_order},
      {"gather-nrf", "gather",
       "Bhatt et al., Theorem 1 reversed in time (nearest received first: one gap-free stream into the root)",
       gather_nearest_first},
      {"gather-index-order", "gather", "baseline: one gap-free stream into the root, in node-index order",
       gather_index_order},
      {"gather-shoulder-tap", "gather",
       "Bhatt et al., Section 3.1, algorithm shouldertap (a distributed gather on a path into one end: each node "
       "woken by its neighbour, every dispatch licensed by its wake-up call; Theorem 2)",
       gather_shoulder_tap, "flit one-port licensed", shoulder_tap_refusal},
      {"gather-certification", "gather",
       "Bhatt et al., Section 3.2, algorithm transmissioncertification (a distributed gather on any tree: token "
       "walk, certificates (lag, length) combined leaves first, transmit orders, one gap-free stream; Theorem 3)",
       gather_certification, "flit one-port licensed", certification_refusal},
      {"scatter-multitree", "scatter",
       "Bhatt et al., Section 4 (edge-disjoint trees rooted at the root that together span the network, one "
       "FDF stream per root link, all-port; --trees K)",
       scatter_multitree, "flit all-port", multitree_refusal},
      {"gather-multitree", "gather",
       "Bhatt et al., Section 4 (edge-disjoint trees rooted at the root that together span the network, one "
       "NRF stream per root link, all-port; --trees K)",
       gather_multitree, "flit all-port", multitree_refusal},
  };
  return table;
}

const RootedGenerator* find_rooted_generator(const std::string& name) {
  for (const RootedGenerator& g : rooted_generators())
    if (g.name == name) return &g;
  return nullptr;
}

std::optional<FlitSchedule> plan_rooted(const RootedGenerator& g, const RootedRequest& request, std::string& error) {
  const Network& network = request.network;
  const uint32_t nodes = network.node_count();
  if (request.root >= nodes) {
    error = fmt::format("the root {} is not a node of the {} (nodes 0..{})", request.root, network.description(),
                        nodes - 1);
    return std::nullopt;
  }
  if (request.lengths.size() != nodes) {
    error = fmt::format("{} lengths for {} nodes: give one per node, in index order", request.lengths.size(), nodes);
    return std::nullopt;
  }
  const SpanningTree tree(network, request.root, request.tree);
  uint64_t total = 0, listed = 0;
  for (uint32_t v = 0; v < nodes; ++v) {
    const uint64_t length = request.lengths[v];
    if (length > max_message_length) {
      error = fmt::format("node {}'s message has {} flits, more than 2^63-1", v, length);
      return std::nullopt;
    }
    if (length > 0 && tree.depth[v] == no_depth) {
      error = fmt::format("node {}'s message has {} flit{}, but node {} and the root {} are not connected", v, length,
                          length == 1 ? "" : "s", v, request.root);
      return std::nullopt;
    }
    // A time is at most the total length plus a depth below P: keep it within 64 bits.
    if (length > UINT64_MAX - nodes - total) {
      error = fmt::format("the lengths add up to more than 2^64-1-{} flits, past which a time would not fit in 64 bits",
                          nodes);
      return std::nullopt;
    }
    total += length;
    if (length > 0 && v != request.root) listed += tree.depth[v] + 1;
  }
  // A route lists its nodes: a message far from the root costs its depth in
  // memory and text, and a path of P nodes P^2/2 in all.
  if (listed > max_route_nodes) {
    error = fmt::format("the routes would list {} nodes (about {} GB of text), more than the {} these generators "
                        "write: a deep spanning tree with many messages",
                        listed, listed * 7 / 1000000000, max_route_nodes);
    return std::nullopt;
  }
  if (g.refuse) {
    error = g.refuse(request, tree);
    if (!error.empty()) return std::nullopt;
  }
  return g.plan(request, tree);
}

void write_flit_schedule(std::FILE* out, const RootedGenerator& g, const RootedRequest& request,
                         const FlitSchedule& schedule) {
  fmt::print(out, "# {} on {}: {}\n", g.name, request.network.description(), g.source);
  for (const std::string& note : schedule.notes) fmt::print(out, "# {}\n", note);
  fmt::print(out, "schedcheck 1\ntopology {}\nmodel {}\ncollective {} root {} lengths {}\nclaim time={} name={}\n",
             request.network.description(), g.model, g.kind, request.root, fmt::join(request.lengths, " "),
             schedule.time, g.name);
  std::string line;
  for (const FlitTransfer& t : schedule.transfers) {
    line = t.control.empty() ? fmt::format("  {} : {} @{}", fmt::join(t.route, " > "), t.message, t.time)
                             : fmt::format("  {} ! {} @{}", fmt::join(t.route, " > "), t.control, t.time);
    if (!t.after.empty()) line += " after " + t.after;
    line += '\n';
    std::fputs(line.c_str(), out);
  }
}

std::vector<uint64_t> random_lengths(uint32_t count, uint64_t max, uint64_t seed) {
  std::mt19937_64 engine(seed);
  std::vector<uint64_t> lengths(count);
  for (uint64_t& length : lengths) length = engine() % (max + 1);
  return lengths;
}

}  // namespace schedcheck::gen
