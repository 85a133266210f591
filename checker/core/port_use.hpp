// PortUse: property 3, port limits: under one-port a node sends at most one and receives at most one per step.
#pragma once

#include <cstdint>
#include <vector>

#include "diagnostic.hpp"
#include "topology.hpp"

namespace schedcheck {

class PortUse {
 public:
  explicit PortUse(const Topology& topology)
      : topology_(topology), send_line_(topology.node_count(), 0), receive_line_(topology.node_count(), 0) {}
  static uint64_t bytes_needed(const Topology& topology) {
    return uint64_t{topology.node_count()} * 2 * sizeof(uint32_t);
  }

  // `step_line` as for LinkUse::use: a port is in use in this step when the
  // line of its last use lies past the step's 'step' statement.
  void transfer(NodeId from, NodeId to, uint32_t step_line, uint64_t step_number, SourcePos pos, uint32_t to_col,
                Diagnostics& diagnostics);

 private:
  const Topology& topology_;
  std::vector<uint32_t> send_line_, receive_line_;  // per node: the line of the port's last use
};

}  // namespace schedcheck
