// Flit: the bufferless flit model's checks: trains on channels and ports in time, causality by arrival, delivery, time.
//
// A transfer is a train of l flits leaving its sender at its dispatch time T:
// hop i of its route (1-based) carries it during the l time units T+i-1 ..
// T+i-1+l-1, and its last flit arrives at T + d + l - 1 (format.md section 7).
// Channels and ports keep the intervals they are busy in, so a check costs
// O(hops log hops) whatever the lengths are. A message, or the control flit
// that licenses a dispatch (format.md section 7.2), may reach its sender from
// a line written later, so causality is judged once every line is read.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "diagnostic.hpp"
#include "route.hpp"
#include "schedule.hpp"

namespace schedcheck {

class FlitCheck {
 public:
  explicit FlitCheck(const Header& header);
  // Its per-node state; what it keeps per train grows with the schedule.
  static uint64_t bytes_needed(const Topology& topology) { return uint64_t{topology.node_count()} * sizeof(uint32_t); }

  // One transfer, in file order, its route expanded and found to fit the
  // network and the model: the route is a path, the message goes where it
  // is needed, and its channels and ports are free when the train passes.
  void transfer(const Transfer& t, const std::vector<Hop>& hops, Diagnostics& diagnostics);
  // After the last line: causality and licences (in line order), then
  // delivery; returns the number of (node, message) pairs missing at the end.
  uint64_t finish(Diagnostics& diagnostics);

  uint64_t time() const { return time_; }  // the last flit's arrival; 0 when nothing moves
  uint64_t duplicates() const { return duplicates_; }
  uint64_t transfers() const { return transfers_; }
  uint64_t hops() const { return hops_; }
  uint64_t control_flits() const { return control_flits_; }

 private:
  // Busy intervals [start, end) of one kind of resource (channels, or the
  // send or receive port of nodes), keyed by resource and start, kept
  // disjoint: an interval that meets one already there is reported and not
  // added.
  struct Busy {
    uint64_t end;
    uint32_t line;
  };
  using Timeline = std::map<std::pair<uint32_t, uint64_t>, Busy>;
  // The interval of `timeline` that meets [start, end) first in time, or nullptr.
  static const std::pair<const std::pair<uint32_t, uint64_t>, Busy>* meets(const Timeline& timeline, uint32_t resource,
                                                                          uint64_t start, uint64_t end);

  // What a dispatch needs, judged at the end: the message held (a data
  // train) and the licence (when the transfer names one or the model wants one).
  struct Dispatch {
    NodeId from;
    MessageId message;
    bool control;
    uint64_t time;
    SourcePos pos;  // the message (the sender, for a control flit or an implicit broadcast message)
    std::string after;    // the licensing control flit, or empty
    SourcePos after_pos;  // its label, or the sender when it has none
  };
  // A control flit: where and when it arrives.
  struct Control {
    NodeId to;
    uint64_t arrival;
    uint32_t line;
  };

  bool holds(NodeId v, MessageId m, uint64_t time) const;
  void check_licence(const Dispatch& d, Diagnostics& diagnostics) const;
  uint64_t key(NodeId v, MessageId m) const { return uint64_t{v} << 32 | m; }

  const Header& header_;
  const Topology& topology_;
  const Collective& collective_;
  bool one_port_;
  Timeline channels_;
  Timeline sends_, receives_;  // one-port: each node's send and receive port
  std::vector<uint32_t> visited_;  // per node: the stamp of the last transfer whose route reached it
  uint32_t stamp_ = 0;
  std::vector<Dispatch> dispatches_;
  std::unordered_map<uint64_t, uint64_t> arrival_;  // (node, message) -> earliest arrival of its last flit
  std::unordered_map<std::string, Control> controls_;  // by label
  uint64_t time_ = 0;
  uint64_t duplicates_ = 0;
  uint64_t transfers_ = 0;
  uint64_t hops_ = 0;
  uint64_t control_flits_ = 0;
};

}  // namespace schedcheck
