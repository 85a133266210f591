// PortUse: one send and one receive per node per step under one-port.
#include "port_use.hpp"

#include <fmt/format.h>

namespace schedcheck {

void PortUse::transfer(NodeId from, NodeId to, uint32_t step_line, uint64_t step_number, SourcePos pos,
                       uint32_t to_col, Diagnostics& diagnostics) {
  auto use = [&](std::vector<uint32_t>& last_line, NodeId v, SourcePos at, const char* verb) {
    if (last_line[v] > step_line) {
      diagnostics.error(at, Property::port_limit,
                        fmt::format("node {} {} twice in step {} under one-port (first at line {})",
                                    topology_.node_name(v), verb, step_number, last_line[v]));
    } else {
      last_line[v] = pos.line;
    }
  };
  use(send_line_, from, pos, "sends");
  use(receive_line_, to, {pos.line, to_col}, "receives");
}

}  // namespace schedcheck
