// Rooted generators: the scatter and gather generators of the bufferless flit model, their registry and their text.
//
// The torus generators (generator.hpp) build step-synchronous schedules on a
// node-symmetric torus; these build flit-level schedules from or to one root
// on any network, so they have a registry of their own, which `schedcheck
// gen` runs and lists beside the other.
#pragma once

#include <cstdint>
#include <cstdio>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "rooted_network.hpp"

namespace schedcheck::gen {

inline constexpr std::string_view flit_model = "flit one-port";
inline constexpr std::string_view rooted_topologies =
    "tree, graph, mesh, torus, path or ring (routes along the tree, or a spanning tree from the root: --tree "
    "breadth-first or broadcast)";
inline constexpr uint64_t max_message_length = (uint64_t{1} << 63) - 1;
// The most route nodes a schedule may list in all (memory and text grow with them).
inline constexpr uint64_t max_route_nodes = uint64_t{1} << 27;

struct RootedRequest {
  Network network;
  uint32_t root = 0;
  std::vector<uint64_t> lengths;  // in flits, one per node in index order; 0 is a null message
  TreeKind tree = TreeKind::breadth_first;  // the spanning tree the routes follow (a tree topology: itself)
  uint32_t trees = 0;  // the multitree generators' edge-disjoint trees; 0: one per link of the root
};

// One transfer line: `message` (named by its node) leaves route[0] at `time`;
// or, with a `control` label, a control flit (format.md section 7.2). A
// non-empty `after` names the control flit that licenses it.
struct FlitTransfer {
  std::vector<uint32_t> route;  // sender, ..., receiver
  uint32_t message = 0;
  uint64_t time = 0;
  std::string control = {};
  std::string after = {};
};

struct FlitSchedule {
  std::vector<FlitTransfer> transfers;  // in order of dispatch time
  uint64_t time = 0;                    // the last flit's arrival: the claim
  std::vector<std::string> notes;       // comment lines for the reader (e.g. the trees used)
};

struct RootedGenerator {
  std::string name;
  std::string kind;    // the collective: scatter or gather
  std::string source;  // paper and section
  std::function<FlitSchedule(const RootedRequest&, const SpanningTree&)> plan;
  std::string model = std::string(flit_model);  // the model line it emits
  // Empty, or why the request does not fit the algorithm (e.g. not a path).
  std::function<std::string(const RootedRequest&, const SpanningTree&)> refuse = {};
};

const std::vector<RootedGenerator>& rooted_generators();
const RootedGenerator* find_rooted_generator(const std::string& name);

// The schedule, or nullopt with `error` when the request has none: a root or
// lengths that do not fit the network, a non-null message at a node the root
// cannot reach, lengths whose times would pass 2^64-1, or routes that would
// list more than max_route_nodes nodes.
std::optional<FlitSchedule> plan_rooted(const RootedGenerator& g, const RootedRequest& request, std::string& error);

// The comment, header (with the claimed time) and transfer lines.
void write_flit_schedule(std::FILE* out, const RootedGenerator& g, const RootedRequest& request,
                         const FlitSchedule& schedule);

// `count` lengths drawn uniformly from 0..max (max <= max_message_length),
// the same on every machine: the modulo of std::mt19937_64's output, which
// the standard fixes, not a distribution, whose output it leaves open.
std::vector<uint64_t> random_lengths(uint32_t count, uint64_t max, uint64_t seed);

}  // namespace schedcheck::gen
