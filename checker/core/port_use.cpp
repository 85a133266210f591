// PortUse: one send and one receive per node per step under one-port.
#include "port_use.hpp"

#include <fmt/format.h>

namespace schedcheck {

void PortUse::transfer(NodeId from, NodeId to, uint32_t step_serial, uint32_t step_number, SourcePos pos,
                       uint32_t to_col, Diagnostics& diagnostics) {
  auto use = [&](std::vector<uint32_t>& stamp, std::vector<uint32_t>& line, NodeId v, SourcePos at, const char* verb) {
    if (stamp[v] == step_serial) {
      diagnostics.error(at, Property::port_limit,
                        fmt::format("node {} {} twice in step {} under one-port (first at line {})",
                                    topology_.node_name(v), verb, step_number, line[v]));
    } else {
      stamp[v] = step_serial;
      line[v] = pos.line;
    }
  };
  use(send_stamp_, send_line_, from, pos, "sends");
  use(receive_stamp_, receive_line_, to, {pos.line, to_col}, "receives");
}

}  // namespace schedcheck
