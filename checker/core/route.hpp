// Route: a transfer's moves or node list expanded into the directed channels it uses.
#pragma once

#include <cstdint>
#include <vector>

#include "diagnostic.hpp"
#include "schedule.hpp"
#include "topology.hpp"

namespace schedcheck {

struct Hop {
  ChannelId channel;
  NodeId head;
  uint32_t col;  // column of the move or node that produced this hop
};

// Fills `hops` with the transfer's channels in order. Reports a move that
// leaves a mesh or a node-list step that is not a link (well-formed) and
// returns false then.
bool expand_any_route(const Topology& topology, const TransferView& transfer, std::vector<Hop>& hops,
                      Diagnostics& diagnostics);

// The same, with the commonest route, one hop, inline: a store-and-forward
// check expands tens of millions of them.
inline bool expand_route(const Topology& topology, const TransferView& transfer, std::vector<Hop>& hops,
                         Diagnostics& diagnostics) {
  if (transfer.path.empty() && transfer.moves.size() == 1 && transfer.moves[0].count == 1) {
    const Move& move = transfer.moves[0];
    NodeId head = no_node;
    const ChannelId c = topology.grid_step(transfer.from, move.dim, move.negative, head);
    if (c != no_channel) {
      hops.clear();
      hops.push_back({c, head, move.col});
      return true;
    }
  }
  return expand_any_route(topology, transfer, hops, diagnostics);
}

// "(1,2)->(1,3)", as diagnostics name channels.
std::string channel_name(const Topology& topology, ChannelId channel);

}  // namespace schedcheck
