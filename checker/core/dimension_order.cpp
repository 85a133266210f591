// Dimension order: one scan of a path's ports.
#include "dimension_order.hpp"

#include <fmt/format.h>

namespace schedcheck {

void check_dimension_order(const Topology& topology, Routing routing, const std::vector<Hop>& hops,
                           SourcePos transfer_pos, Diagnostics& diagnostics) {
  uint32_t dim = 0, run = 0;
  bool negative = false;
  uint32_t run_col = 0;
  auto check_run = [&]() {
    if (routing != Routing::dimension_order_shorter || !topology.wraps() || run == 0) return true;
    const uint32_t n = topology.size(dim);
    if (run <= n / 2) return true;
    diagnostics.error({transfer_pos.line, run_col}, Property::dimension_order,
                      fmt::format("path goes {} hops along dimension {}, the longer way round (size {}: at most {} "
                                  "hops the shorter way)",
                                  run, dim + 1, n, n / 2));
    return false;
  };
  for (const Hop& hop : hops) {
    const uint32_t port = topology.channel_port(hop.channel);
    const uint32_t d = port / 2;
    const bool neg = port % 2 != 0;
    if (run > 0 && d == dim && neg != negative) {
      diagnostics.error({transfer_pos.line, hop.col}, Property::dimension_order,
                        fmt::format("path reverses direction in dimension {}", d + 1));
      return;
    }
    if (run > 0 && d < dim) {
      diagnostics.error({transfer_pos.line, hop.col}, Property::dimension_order,
                        fmt::format("path turns back to dimension {} after dimension {}", d + 1, dim + 1));
      return;
    }
    if (run == 0 || d != dim) {
      if (!check_run()) return;
      dim = d;
      negative = neg;
      run = 0;
      run_col = hop.col;
    }
    ++run;
  }
  check_run();
}

}  // namespace schedcheck
