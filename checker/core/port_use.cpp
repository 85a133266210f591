// PortUse: one send and one receive per node per step under one-port.
#include "port_use.hpp"

#include <fmt/format.h>

namespace schedcheck {

void PortUse::transfer(NodeId from, NodeId to, uint32_t step_serial, uint32_t step_number, SourcePos pos,
                       uint32_t to_col, Diagnostics& diagnostics) {
  if (send_stamp_[from] == step_serial) {
    diagnostics.error(pos, Property::port_limit,
                      fmt::format("node {} sends twice in step {} under one-port (first at line {})",
                                  topology_.node_name(from), step_number, send_line_[from]));
  } else {
    send_stamp_[from] = step_serial;
    send_line_[from] = pos.line;
  }
  if (receive_stamp_[to] == step_serial) {
    diagnostics.error({pos.line, to_col}, Property::port_limit,
                      fmt::format("node {} receives twice in step {} under one-port (first at line {})",
                                  topology_.node_name(to), step_number, receive_line_[to]));
  } else {
    receive_stamp_[to] = step_serial;
    receive_line_[to] = pos.line;
  }
}

}  // namespace schedcheck
