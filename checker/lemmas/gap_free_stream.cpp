// Gap-free streams: dispatch and arrival times of the messages in one order.
#include "gap_free_stream.hpp"

#include <algorithm>

namespace schedcheck::lemmas {

Stream gap_free_stream(const Topology& topology, const Collective& collective, StreamOrder order) {
  const std::vector<uint32_t> dist = topology.distances_from(collective.root);
  Stream stream;
  for (NodeId v = 0; v < topology.node_count(); ++v) {
    const uint64_t length = collective.message_length(v);
    if (v != collective.root && length > 0) stream.entries.push_back({v, dist[v], length, 0, 0});
  }
  const bool gather = collective.kind != CollectiveKind::scatter;
  // A gather's stream is a scatter's run backwards: the root receives first
  // what a scatter in the opposite order would send last.
  const bool far_first = (order == StreamOrder::farthest_first) != gather;
  if (order != StreamOrder::index)
    std::stable_sort(stream.entries.begin(), stream.entries.end(), [&](const StreamEntry& a, const StreamEntry& b) {
      return far_first ? a.distance > b.distance : a.distance < b.distance;
    });
  uint64_t sent = 0;  // flits through the root's port so far
  if (!gather) {
    for (StreamEntry& e : stream.entries) {
      e.dispatch = sent;
      sent += e.length;
      e.arrival = sent + e.distance - 1;
      stream.time = std::max(stream.time, e.arrival);
    }
    return stream;
  }
  // The root takes message k in units S + R_(k-1) .. S + R_k - 1; the least S
  // lets every message leave at time 0 or later.
  uint64_t start = 0;
  for (const StreamEntry& e : stream.entries) {
    if (e.distance - 1 > sent) start = std::max(start, e.distance - 1 - sent);
    sent += e.length;
  }
  sent = 0;
  for (StreamEntry& e : stream.entries) {
    e.dispatch = start + sent + 1 - e.distance;
    sent += e.length;
    e.arrival = start + sent;
    stream.time = std::max(stream.time, e.arrival);
  }
  return stream;
}

}  // namespace schedcheck::lemmas
