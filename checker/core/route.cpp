// Route: expansion of moves and node lists into channels (the well-formed "each move is a link" rule).
#include "route.hpp"

#include <fmt/format.h>

namespace schedcheck {

std::string channel_name(const Topology& topology, ChannelId channel) {
  return fmt::format("{}->{}", topology.node_name(topology.channel_tail(channel)),
                     topology.node_name(topology.channel_head(channel)));
}

bool expand_any_route(const Topology& topology, const TransferView& transfer, std::vector<Hop>& hops,
                      Diagnostics& diagnostics) {
  hops.clear();
  NodeId at = transfer.from;
  const uint32_t line = transfer.pos.line;
  for (const Move& move : transfer.moves) {
    // A path longer than the channel count necessarily repeats a channel;
    // stopping there keeps a huge repeat count from costing time or memory.
    const uint64_t limit = move.count > 1 ? uint64_t{topology.channel_slots()} + 1 : 1;
    const uint64_t count = move.count < limit ? move.count : limit;
    for (uint64_t i = 0; i < count; ++i) {
      NodeId head = no_node;
      const ChannelId c = topology.grid_step(at, move.dim, move.negative, head);
      if (c == no_channel) {
        diagnostics.error({line, move.col}, Property::well_formed,
                          fmt::format("move {}{} from {} leaves the {} (not a link)", move.negative ? '-' : '+',
                                      move.dim + 1, topology.node_name(at), topology.describe()));
        return false;
      }
      at = head;
      hops.push_back({c, at, move.col});
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
  }
  return true;
}

}  // namespace schedcheck
