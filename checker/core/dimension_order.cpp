// Dimension order: one scan of a path's moves.
#include "dimension_order.hpp"

#include <fmt/format.h>

namespace schedcheck {

void check_dimension_order(const Topology& topology, Routing routing, std::span<const Move> moves,
                           SourcePos transfer_pos, Diagnostics& diagnostics) {
  uint32_t dim = 0;
  uint64_t run = 0;  // hops so far along `dim`; the route's total fits, so this cannot wrap
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
  for (const Move& move : moves) {
    if (run > 0 && move.dim == dim && move.negative != negative) {
      diagnostics.error({transfer_pos.line, move.col}, Property::dimension_order,
                        fmt::format("path reverses direction in dimension {}", dim + 1));
      return;
    }
    if (run > 0 && move.dim < dim) {
      diagnostics.error({transfer_pos.line, move.col}, Property::dimension_order,
                        fmt::format("path turns back to dimension {} after dimension {}", move.dim + 1, dim + 1));
      return;
    }
    if (run == 0 || move.dim != dim) {
      if (!check_run()) return;
      dim = move.dim;
      negative = move.negative;
      run = 0;
      run_col = move.col;
    }
    run += move.count;
  }
  check_run();
}

}  // namespace schedcheck
