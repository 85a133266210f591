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

// What a body line gives besides its route and messages: its place, its
// sender and the flit model's parts (format.md section 7.2): the dispatch
// time, the label of a control flit, which carries no message, and the
// label of the control flit that licenses the transfer; empty when absent.
struct TransferLine {
  SourcePos pos;
  NodeId from = no_node;
  std::optional<uint64_t> time;
  uint32_t time_col = 0;
  std::string control, after;
  uint32_t control_col = 0, after_col = 0;

  void clear_line() {
    from = no_node;
    time.reset();
    control.clear();
    after.clear();
  }
};

// One line of the body: a packet (or path) leaving `from`. The route is
// either moves or the node list after `from`, never both.
struct Transfer : TransferLine {
  std::vector<Move> moves;
  std::vector<PathNode> path;
  std::vector<MessageRef> messages;  // empty: the one broadcast message, or all held (combining)

  // What the route, causality and step checks read of it.
  operator TransferView() const { return {pos, from, moves, path, messages, !control.empty()}; }

  void clear() {
    clear_line();
    moves.clear();
    path.clear();
    messages.clear();
  }
};

// One line's transfer written where many are kept (body_batch.hpp): its
// moves, nodes and messages go straight to the end of arrays shared with
// the lines before it. The reader writes it through the same members as a
// Transfer, so that one parser fills either. Its flit-model parts make a
// step-synchronous line an error, so they are kept only for the reader.
struct AppendedTransfer : TransferLine {
  // The items of this line: the `count` after `start` in `all`. Counted
  // apart, as the reader asks after each part of a line whether it has any.
  template <typename Item>
  struct Items {
    std::vector<Item>& all;
    size_t start = 0, count = 0;
    void push_back(const Item& item) { all.push_back(item), ++count; }
    bool empty() const { return count == 0; }
    void drop() {
      if (count != 0) all.resize(start), count = 0;
    }
    void keep() { start += count, count = 0; }
  };
  AppendedTransfer(std::vector<Move>& all_moves, std::vector<PathNode>& all_path,
                   std::vector<MessageRef>& all_messages)
      : moves{all_moves}, path{all_path}, messages{all_messages} {}

  Items<Move> moves;
  Items<PathNode> path;
  Items<MessageRef> messages;

  // Drops what a line left (a line with an error leaves part of its items).
  void clear() {
    clear_line();
    moves.drop();
    path.drop();
    messages.drop();
  }
  // The next line's items start after this one's.
  void keep() { moves.keep(), path.keep(), messages.keep(); }
};

}  // namespace schedcheck
