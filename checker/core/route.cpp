// Route: expansion of moves and node lists into channels (the well-formed "each move is a link" rule).
#include "route.hpp"

#include <fmt/format.h>

namespace schedcheck {

std::string channel_name(const Topology& topology, ChannelId channel) {
  return fmt::format("{}->{}", topology.node_name(topology.channel_tail(channel)),
                     topology.node_name(topology.channel_head(channel)));
}

void hop_moves(const Topology& topology, const std::vector<Hop>& hops, std::vector<Move>& moves) {
  moves.clear();
  for (const Hop& hop : hops) {
    const uint32_t port = topology.channel_port(hop.channel);  // 2 * dimension + (negative ? 1 : 0)
    moves.push_back({1, hop.col, static_cast<uint16_t>(port / 2), port % 2 != 0});
  }
}

bool expand_any_route(const Topology& topology, const Transfer& transfer, std::vector<Hop>& hops,
                      uint64_t& hop_count, Diagnostics& diagnostics) {
  hops.clear();
  hop_count = 0;
  NodeId at = transfer.from;
  const uint32_t line = transfer.pos.line;
  for (const Move& move : transfer.moves) {
    if (__builtin_add_overflow(hop_count, move.count, &hop_count)) {
      diagnostics.error({line, move.col}, Property::well_formed, "the path has more than 2^64-1 hops");
      return false;
    }
    // A move round a dimension of size n uses its n channels in turn, and by
    // the end of its second lap it has reused every one of them; later laps
    // add nothing but hops, so they are left out. A move along a mesh leaves
    // it within n hops.
    uint64_t count = move.count;
    const uint64_t n = topology.size(move.dim);
    if (topology.wraps() && count > 2 * n) count = 2 * n + (count - 2 * n) % n;
    // Along one dimension the coordinate alone says where the path wraps
    // or leaves a mesh: one division a move, not one a hop.
    const uint32_t stride = topology.stride(move.dim), last = topology.size(move.dim) - 1;
    const bool negative = move.negative, wraps = topology.wraps();
    uint32_t x = topology.coordinate(at, move.dim);
    for (uint64_t i = 0; i < count; ++i) {
      const bool border = x == (negative ? 0 : last);
      if (border && !wraps) {
        diagnostics.error({line, move.col}, Property::well_formed,
                          fmt::format("move {}{} from {} leaves the {} (not a link)", move.negative ? '-' : '+',
                                      move.dim + 1, topology.node_name(at), topology.describe()));
        return false;
      }
      const NodeId tail = at;
      if (!border) {
        at = negative ? at - stride : at + stride;
        x = negative ? x - 1 : x + 1;
      } else {  // round the torus to the other end
        at = negative ? at + last * stride : at - last * stride;
        x = negative ? last : 0;
      }
      hops.push_back({topology.grid_channel(tail, move.dim, negative), at, move.col});
    }
  }
  for (const PathNode& next : transfer.path) {
    const ChannelId c = topology.channel_between(at, next.node);
    if (c == no_channel) {
      diagnostics.error({line, next.col}, Property::well_formed,
                        fmt::format("{} -> {} is not a link of the {}", topology.node_name(at),
                                    topology.node_name(next.node), topology.describe()));
      return false;
    }
    at = next.node;
    hops.push_back({c, at, next.col});
    ++hop_count;
  }
  return true;
}

}  // namespace schedcheck
