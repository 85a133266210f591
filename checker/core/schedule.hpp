// Schedule: the parsed header and the transfer records the reader streams to the checks.
#pragma once

#include <cstdint>
#include <optional>
#include <span>
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

// What the checks of every model read of a transfer: its place, sender,
// route and messages. The flit model's dispatch time and labels are read
// from the Transfer itself.
struct TransferView {
  SourcePos pos;
  NodeId from = no_node;
  std::span<const Move> moves;
  std::span<const PathNode> path;
  std::span<const MessageRef> messages;
  bool control = false;  // a control flit, which carries no message
};

// One line of the body: a packet (or path) leaving `from`. The route is
// either moves or the node list after `from`, never both.
struct Transfer {
  SourcePos pos;
  NodeId from = no_node;
  std::vector<Move> moves;
  std::vector<PathNode> path;
  std::vector<MessageRef> messages;  // empty: the one broadcast message, or all held (combining)
  std::optional<uint64_t> time;      // flit model dispatch time
  uint32_t time_col = 0;
  // Flit model (format.md section 7.2): the label of a control flit, which
  // carries no message, and the label of the control flit that licenses
  // this transfer; empty when absent.
  std::string control, after;
  uint32_t control_col = 0, after_col = 0;

  // What the route, causality and step checks read of it.
  operator TransferView() const { return {pos, from, moves, path, messages, !control.empty()}; }

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

// One line's transfer written where many are kept (body_batch.hpp): its
// moves, nodes and messages go straight to the end of arrays shared with
// the lines before it. The reader writes it through the same members as a
// Transfer, so that one parser fills either.
struct AppendedTransfer {
  // The items of this line: the `count` after `start` in `all`. Counted
  // apart, as the reader asks for it after each part of a line.
  template <typename Item>
  struct Items {
    std::vector<Item>& all;
    size_t start = 0, count = 0;
    void push_back(const Item& item) { all.push_back(item), ++count; }
    bool empty() const { return count == 0; }
    size_t size() const { return count; }
    void drop() {
      if (count != 0) all.resize(start), count = 0;
    }
    void keep() { start += count, count = 0; }
  };
  AppendedTransfer(std::vector<Move>& all_moves, std::vector<PathNode>& all_path,
                   std::vector<MessageRef>& all_messages)
      : moves{all_moves}, path{all_path}, messages{all_messages} {}

  SourcePos pos;
  NodeId from = no_node;
  Items<Move> moves;
  Items<PathNode> path;
  Items<MessageRef> messages;
  // Never part of a step-synchronous transfer: kept only for the reader's errors.
  std::optional<uint64_t> time;
  uint32_t time_col = 0;
  std::string control, after;
  uint32_t control_col = 0, after_col = 0;

  // Drops what a line left (a line with an error leaves part of its items).
  void clear() {
    from = no_node;
    moves.drop();
    path.drop();
    messages.drop();
    time.reset();
    control.clear();
    after.clear();
  }
  // The next line's items start after this one's.
  void keep() { moves.keep(), path.keep(), messages.keep(); }
};

}  // namespace schedcheck
