// Schedule: the parsed header and the transfer records the reader streams to the checks.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "collective.hpp"
#include "diagnostic.hpp"
#include "model.hpp"
#include "topology.hpp"

namespace schedcheck {

inline constexpr uint32_t format_version = 1;

struct Cost {
  double ts = 0;  // start-up time per step (t_s)
  double tl = 0;  // time per flit (t_l)
};

// What the generating algorithm promises; every key=value is kept in order.
struct Claim {
  std::optional<uint64_t> steps;
  std::optional<double> time;
  std::string name;
  std::vector<std::pair<std::string, std::string>> params;  // keys other than steps/time/name
};

struct Header {
  uint32_t version = 0;
  std::optional<Topology> topology;
  Model model;
  Collective collective;
  std::optional<Cost> cost;
  std::optional<Claim> claim;
  SourcePos topology_pos, model_pos, collective_pos, cost_pos, claim_pos;
};

// A grid move: `count` hops along dimension `dim` (0-based) in one direction.
// The count is a user's number, up to 2^64-1: round a torus a huge count
// still ends at a definite node.
struct Move {
  uint64_t count;
  uint32_t col;
  uint16_t dim;
  bool negative;
};

struct PathNode {
  NodeId node;
  uint32_t col;
};

struct MessageRef {
  MessageId message;
  uint32_t col;
};

// One line of the body: a packet (or path) leaving `from`. The route is
// either moves or the node list after `from`, never both. The flit model's
// parts (format.md section 7.2) are the dispatch time, the label of a
// control flit, which carries no message, and the label of the control flit
// that licenses the transfer; empty when absent.
struct Transfer {
  SourcePos pos;
  NodeId from = no_node;
  std::vector<Move> moves;
  std::vector<PathNode> path;
  std::vector<MessageRef> messages;  // empty: the one broadcast message, or all held (combining)
  std::optional<uint64_t> time;
  uint32_t time_col = 0;
  std::string control, after;
  uint32_t control_col = 0, after_col = 0;

  void clear() {
    from = no_node;
    moves.clear();
    path.clear();
    messages.clear();
    time.reset();
    control.clear();
    after.clear();
  }
};

}  // namespace schedcheck
