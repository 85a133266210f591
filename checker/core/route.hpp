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

// Fills `hops` with the transfer's channels in order and sets `hop_count`
// to its length in hops. A move round a torus repeats its channels with the
// period of the dimension's size; `hops` leaves out whole laps after the
// second, so that it holds the same channels, the first reuse of each, and
// the same last node as the full path, and `hop_count` counts every hop.
// Reports a move that leaves a mesh, a node-list step that is not a link,
// or a path of more than 2^64-1 hops (well-formed), and returns false then.
bool expand_any_route(const Topology& topology, const Transfer& transfer, std::vector<Hop>& hops,
                      uint64_t& hop_count, Diagnostics& diagnostics);

// The same, with the commonest route, one hop, inline: a store-and-forward
// check expands tens of millions of them.
[[gnu::always_inline]] inline bool expand_route(const Topology& topology, const Transfer& transfer,
                                                std::vector<Hop>& hops, uint64_t& hop_count,
                                                Diagnostics& diagnostics) {
  if (transfer.path.empty() && transfer.moves.size() == 1 && transfer.moves[0].count == 1) {
    const Move& move = transfer.moves[0];
    NodeId head = no_node;
    const ChannelId c = topology.grid_step(transfer.from, move.dim, move.negative, head);
    if (c != no_channel) {
      if (hops.size() != 1) hops.resize(1);  // in a run of single hops, a store
      hops[0] = {c, head, move.col};
      hop_count = 1;
      return true;
    }
  }
  return expand_any_route(topology, transfer, hops, hop_count, diagnostics);
}

// A grid route's hops as moves, one per hop: a node list in the form the
// dimension-order check reads.
void hop_moves(const Topology& topology, const std::vector<Hop>& hops, std::vector<Move>& moves);

// "(1,2)->(1,3)", as diagnostics name channels.
std::string channel_name(const Topology& topology, ChannelId channel);

}  // namespace schedcheck
