// Lower bounds: counting arguments on informed sets, in-degrees and distances, and a potential over gaps on rings.
#include "lower_bounds.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <optional>

#include <fmt/format.h>

namespace schedcheck {

uint64_t ceil_log(uint64_t base, uint64_t n) {
  uint64_t s = 0;
  for (uint64_t reach = 1; reach < n; ++s) reach = reach > n / base ? n : reach * base;
  return s;
}

// With P = 40q + r, ceil(11P/40 - 1) = 11q - 1 + ceil(11r/40): exact, and 11P never overflows.
uint64_t time_independent_hamiltonian_pair_bound(uint64_t P) {
  const uint64_t q = P / 40, r = P % 40;
  return P <= 3 ? 0 : 11 * q - 1 + (11 * r + 39) / 40;
}

namespace {

uint64_t ceil_div(uint64_t a, uint64_t b) { return a / b + (a % b != 0); }

uint32_t eccentricity(const Topology& topology, NodeId v) {
  const auto dist = topology.distances_from(v);
  uint32_t e = 0;
  for (uint32_t d : dist) e = std::max(e, d);  // UINT32_MAX marks a node v cannot reach
  return e;
}

// Largest distance between two nodes; grids by formula, small graphs by
// search from every node, and 0 (no bound) for graphs too large to search.
uint32_t diameter(const Topology& topology) {
  if (topology.is_grid()) {
    uint32_t d = 0;
    for (uint32_t n : topology.sizes()) d += topology.wraps() ? n / 2 : n - 1;
    return d;
  }
  if (topology.node_count() > 4096) return 0;
  uint32_t d = 0;
  for (NodeId v = 0; v < topology.node_count(); ++v) d = std::max(d, eccentricity(topology, v));
  return d == UINT32_MAX ? 0 : d;
}

std::string degree_symbol(const Topology& topology) {
  return topology.is_grid() && topology.wraps() ? fmt::format("D = 2k = {}", topology.max_degree())
                                                : fmt::format("D = {}", topology.max_degree());
}

// The first bound with the largest `measure`, or nullptr.
template <typename Bound, typename Measure>
const Bound* largest(const std::vector<Bound>& bounds, Measure Bound::*measure) {
  const Bound* best = nullptr;
  for (const Bound& b : bounds)
    if (!best || b.*measure > best->*measure) best = &b;
  return best;
}

// The flit model's bounds, in time units (Bhatt et al., Section 1.3): a train
// of l flits whose destination is delta hops away arrives l + delta - 1
// units after it leaves at the earliest, and the root's ports pass at most
// one flit each per unit.
std::vector<LowerBound> flit_bounds(const Topology& topology, const Model& model, const Collective& collective) {
  std::vector<LowerBound> out;
  const std::vector<uint32_t> dist = topology.distances_from(collective.root);
  const bool broadcast = collective.kind == CollectiveKind::broadcast;
  const bool to_root = collective.kind != CollectiveKind::scatter && !broadcast;
  uint64_t farthest = 0, total = 0, told = 0;
  uint32_t nearest = UINT32_MAX;
  NodeId farthest_node = no_node, told_node = no_node;
  for (NodeId v = 0; v < topology.node_count(); ++v) {
    // The message that must cross the network between the root and v.
    const uint64_t length = collective.message_length(broadcast ? 0 : v);
    if (v == collective.root || length == 0) continue;
    if (dist[v] == UINT32_MAX) return {};  // unreachable: delivery fails, no bound to state
    const uint64_t arrival = saturating_add(length, dist[v] - 1);
    if (farthest_node == no_node || arrival > farthest) farthest = arrival, farthest_node = v;
    // Told no earlier than dist[v], it sends then: the train needs dist[v] + length - 1 more.
    const uint64_t told_arrival = saturating_add(arrival, dist[v]);
    if (told_node == no_node || told_arrival > told) told = told_arrival, told_node = v;
    if (!broadcast) total += length;  // the reader keeps the total within 2^64-1
    nearest = std::min(nearest, dist[v]);
  }
  if (farthest_node == no_node) return out;  // nothing moves
  const std::string l_symbol = broadcast ? "l" : fmt::format("l_{}", topology.node_name(farthest_node));
  out.push_back({"flit-message-distance", "Bhatt et al., Section 1.3 (a train moves one link per time unit)",
                 "max_i (delta_i + l_i - 1)",
                 fmt::format("the last flit of a train of l flits leaves l - 1 units after the first and needs "
                             "delta units to cross delta links; node {}: delta = {}, {} = {}: {}",
                             topology.node_name(farthest_node), dist[farthest_node], l_symbol,
                             collective.message_length(broadcast ? 0 : farthest_node), farthest),
                 farthest});
  if (to_root && model.licensed)
    out.push_back({"flit-told-distance", "Bhatt et al., Section 3.2 (synchronization and transmission cannot overlap)",
                   "max_i (2 delta_i + l_i - 1)",
                   fmt::format("node {} acts only once told, which a chain of control flits from the root does no "
                               "earlier than delta = {}, and its train then needs delta + {} - 1 more: {}",
                               topology.node_name(told_node), dist[told_node],
                               collective.message_length(told_node), told),
                   told});
  if (!broadcast) {
    const bool one_port = model.ports == Ports::one_port;
    const uint64_t ports = one_port ? 1 : topology.out_degree(collective.root);
    const uint64_t stream = saturating_add(ceil_div(total, ports), nearest - 1);
    out.push_back({"flit-root-stream",
                   one_port ? "Bhatt et al., Proposition 1 (the lower bound)"
                            : "Bhatt et al., Proposition 1 (the lower bound), over deg(root) ports",
                   one_port ? "L + min_i delta_i - 1" : "ceil(L/deg(root)) + min_i delta_i - 1",
                   fmt::format("the root {} the L = {} flits of the non-null messages at most {} per unit, and the "
                               "last of them is at least min delta = {} hops from the root: ceil({}/{}) + {} - 1 = {}",
                               to_root ? "receives" : "sends", total, ports, nearest, total, ports, nearest, stream),
                   stream});
  }
  return out;
}

// broadcast-dimension-order-layers (lemmas.md). A dimension-ordered path
// changes x1 only in its first run, out of one of its sender's two
// dimension-1 ports (a lap round dimension 1 can be cut out of a path, which
// keeps its ends and frees channels). So a node informs at most 2 nodes of
// other layers x1, and at most 2k-2 of its own layer unless it lies outside
// the source's layer and there are more than two layers. With bounds on the
// informed nodes in the source's layer (a), in the rest (b) and in all
// (total), each next bound is the largest its count can reach within them.
LowerBound dimension_one_layers(const Topology& topology) {
  const uint64_t k = topology.dimensions(), n1 = topology.size(0), P = topology.node_count();
  const uint64_t layer = P / n1, rest = P - layer;
  const uint64_t rest_factor = n1 == 2 ? 2 * k - 1 : 2 * k + 1;
  uint64_t a = 1, b = 0, total = 1, steps = 0;
  std::string trail = "(1, 0, 1)";
  while (a < layer || b < rest || total < P) {
    // Each count's larger coefficient is taken first: 2k-1 >= 2 for a, rest_factor > 2 for b.
    const uint64_t a_first = std::min(a, total), b_after = std::min(b, total - a_first);
    const uint64_t b_first = std::min(b, total), a_after = std::min(a, total - b_first);
    a = std::min(layer, (2 * k - 1) * a_first + 2 * b_after);
    b = std::min(rest, 2 * a_after + rest_factor * b_first);
    total = std::min({P, (2 * k + 1) * total, a + b});
    ++steps;
    trail += fmt::format(", ({}, {}, {})", a, b, total);
  }
  return {"broadcast-dimension-order-layers", "layer count (Wang-Tseng Lemma 1's argument, split by dimension 1)",
          "least s with a_s >= P/n1, b_s >= P - P/n1 and a_s + b_s >= P, from a' <= (2k-1)a + 2b, b' <= 2a + "
          "(2k+1)b (2k-1 when n1 = 2), a' + b' <= (2k+1)(a + b)",
          fmt::format("a dimension-ordered path leaves its sender's layer (its x1) only through the sender's 2 "
                      "dimension-1 ports, so an informed node informs at most 2 nodes of other layers and {} of "
                      "its own per step{}; at most (a, b, a + b) informed in the source's layer ({} nodes), the rest "
                      "({} nodes) and all after 0, 1, ... steps: {}",
                      2 * k - 2, n1 == 2 ? "" : " (2k = " + std::to_string(2 * k) + " in the rest, across its layers)",
                      layer, rest, trail),
          steps};
}

}  // namespace

std::vector<LowerBound> lower_bounds(const Topology& topology, const Model& model, const Collective& collective) {
  std::vector<LowerBound> out;
  if (!model.step_synchronous()) return collective.has_root() ? flit_bounds(topology, model, collective) : out;
  const uint64_t P = topology.node_count();
  const bool broadcast = collective.kind == CollectiveKind::broadcast;
  const bool gossip = collective.kind == CollectiveKind::gossip;
  const bool one_port = model.ports == Ports::one_port;
  const bool non_combining = model.combining == Combining::non_combining;
  const bool sf = model.switching == Switching::store_and_forward;

  // Every collective spreads data from (or, for gather, to) one node at a
  // time per port, so the informed-set argument of broadcast bounds them all.
  const bool to_root = collective.kind == CollectiveKind::gather || collective.kind == CollectiveKind::concentration;
  auto spread = [&](const char* fanout, const char* reach) {
    if (to_root)
      return fmt::format("reversed in time, a gather is a broadcast from the root: in s steps data reaches the root "
                         "from at most {} nodes",
                         reach);
    return fmt::format("{} at most {} per step, so at most {} nodes {} after s steps",
                       broadcast ? "each informed node informs" : "each node holding a message passes it to", fanout,
                       reach, broadcast ? "are informed" : "hold it");
  };
  const uint64_t D = topology.max_degree();
  if (!one_port && D > 0) {
    const bool torus = topology.kind() == TopologyKind::torus || topology.kind() == TopologyKind::ring;
    out.push_back({"broadcast-all-port",
                   torus ? "Wang-Tseng, Lemma 1 (torus case of the degree bound)"
                         : "degree bound (Wang-Tseng, Lemma 1, generalised)",
                   torus ? "ceil(log_{2k+1} P), P = n1*...*nk" : "ceil(log_{D+1} P)",
                   fmt::format("{}; P = {}, {}: (D+1)^s >= P needs s >= {}", spread("D others", "(D+1)^s"), P,
                               degree_symbol(topology), ceil_log(D + 1, P)),
                   ceil_log(D + 1, P)});
  }
  if (broadcast && !one_port && model.dimension_ordered() && topology.is_grid() && topology.dimensions() >= 2)
    out.push_back(dimension_one_layers(topology));
  if (one_port) {
    out.push_back({"broadcast-one-port", "recursive doubling bound", "ceil(log_2 P)",
                   fmt::format("{}; P = {}: 2^s >= P needs s >= {}", spread("one other", "2^s"), P, ceil_log(2, P)),
                   ceil_log(2, P)});
  }
  if (sf && collective.has_root()) {
    const uint32_t e = eccentricity(topology, collective.root);
    const char* who = broadcast ? "source" : "root";
    if (e != UINT32_MAX)  // unreachable nodes: delivery fails, no bound to state
      out.push_back({"store-and-forward-distance", "distance bound", fmt::format("ecc({})", who),
                     fmt::format("a packet crosses one link per step, and the node farthest from the {} {} is {} "
                                 "hops away",
                                 who, topology.node_name(collective.root), e),
                     e});
  }
  if (sf && gossip) {
    const uint32_t d = diameter(topology);
    if (d > 0)
      out.push_back({"store-and-forward-distance", "distance bound", "diam",
                     fmt::format("a packet crosses one link per step, and the two farthest nodes are {} hops apart", d),
                     d});
  }
  if (gossip && non_combining) {
    const uint64_t needed = uint64_t{collective.parts} * (P - 1);
    const uint64_t delta = one_port ? 1 : topology.min_degree();
    // The Soch-Tvrdik optimum is this bound's value on 2-D tori with n1, n2 >= 3,
    // one packet per PU and store-and-forward switching.
    const bool soch_tvrdik = !one_port && sf && collective.parts == 1 && topology.kind() == TopologyKind::torus &&
                             topology.dimensions() == 2 && topology.size(0) >= 3 && topology.size(1) >= 3;
    if (delta > 0)
      out.push_back({one_port ? "gossip-one-port-non-combining" : "gossip-all-port-non-combining",
                     soch_tvrdik ? "in-degree bound; the Soch-Tvrdik optimum (Meyer-Sibeyn, Section 1)"
                                 : "in-degree bound",
                     one_port      ? "parts*(P-1)"
                     : soch_tvrdik ? "ceil((n1*n2-1)/4)"
                                   : "ceil(parts*(P-1)/delta), delta the minimum degree",
                     fmt::format("a node receives at most {} packet(s) per step ({}) and needs {}: ceil({}/{}) = {}",
                                 delta, one_port ? "one-port" : "its degree", needed, needed, delta,
                                 ceil_div(needed, delta)),
                     ceil_div(needed, delta)});
  }
  if (!broadcast && !gossip && non_combining) {
    // Scatter sends P-1 packets out of the root, gather takes P-1 in.
    const uint64_t ports = one_port ? 1 : topology.out_degree(collective.root);
    const char* dir = collective.kind == CollectiveKind::scatter ? "sends" : "receives";
    if (ports > 0)
      out.push_back({"root-ports-non-combining", "root degree bound", one_port ? "P-1" : "ceil((P-1)/deg(root))",
                     fmt::format("the root {} one packet per message over {} channel(s) per step: ceil({}/{}) = {}",
                                 dir, ports, P - 1, ports, ceil_div(P - 1, ports)),
                     ceil_div(P - 1, ports)});
  }
  return out;
}

namespace {

std::optional<CostBound> cost_volume(const Topology& topology, const Model& model, const Collective& collective,
                                     uint64_t steps, double ts, double tl) {
  const uint32_t P = topology.node_count();
  const uint32_t messages = collective.message_count(P);
  // The flits each node holds at the start, and in all (the reader keeps the total within 2^64-1).
  std::vector<uint64_t> held(P, 0);
  uint64_t total = 0;
  for (MessageId m = 0; m < messages; ++m) {
    held[collective.initial_holder(m)] += collective.message_length(m);
    total += collective.message_length(m);
  }
  uint64_t per_port = 0, need_of = 0, ports_of = 0;
  NodeId who = no_node;
  for (NodeId v = 0; v < P; ++v) {
    uint64_t need = 0;
    switch (collective.need(v)) {
      case Collective::Need::nothing: continue;
      case Collective::Need::own_message: {
        const MessageId m = collective.message_of(v, 0);
        need = collective.initial_holder(m) == v ? 0 : collective.message_length(m);
        break;
      }
      case Collective::Need::all_messages:
        // A broadcast's message is held by the source alone.
        need = collective.kind == CollectiveKind::broadcast ? (held[v] > 0 ? 0 : total) : total - held[v];
        break;
    }
    const uint64_t ports = model.ports == Ports::one_port ? 1 : topology.out_degree(v);
    if (need == 0 || ports == 0) continue;  // no ports: delivery fails, no bound to state
    if (ceil_div(need, ports) > per_port || who == no_node)
      per_port = ceil_div(need, ports), need_of = need, ports_of = ports, who = v;
  }
  if (who == no_node) return std::nullopt;
  const double cost = static_cast<double>(steps) * ts + tl * static_cast<double>(per_port);
  return CostBound{"cost-volume", "Juurlink, Rao, Sibeyn, Lemma 1 (the flits through the Delta channels)",
                   "S*t_s + t_l*ceil(V/p)",
                   fmt::format("every step costs t_s = {} and there are at least S = {} (the step bound); node {} "
                               "needs V = {} flits over p = {} port(s), each bringing at most one packet per step of "
                               "at most the step's longest: t_l*ceil({}/{}) = {}*{}; {}",
                               ts, steps, topology.node_name(who), need_of, ports_of, need_of, ports_of, tl,
                               per_port, cost),
                   cost};
}

// gossip-ring-dissemination (lemmas.md): the holders of a message cut the
// ring into gaps, and the sum over messages and gaps of G ln G falls from
// K n ln n to 0. At most two paths end inside a gap per step (one through
// each channel into it), so a step whose packets hold at most M messages
// lowers the sum by at most K x ln(2en/x), x = min(2M/parts, n), and the
// cost is at least K n ln n over the largest fall per unit of cost. A path
// of n nodes is a ring of n with two channels unused: the bound holds there.
std::optional<CostBound> ring_dissemination(const Topology& topology, const Collective& collective, double ts,
                                            double tl) {
  const uint64_t n = topology.node_count();
  // A packet of L flits holds at most floor(L/l) messages when every message is l long.
  uint64_t l = collective.lengths.empty() ? collective.length : collective.lengths[0];
  for (uint64_t length : collective.lengths)
    if (length != l) return std::nullopt;
  if (collective.kind != CollectiveKind::gossip || !topology.is_grid() || topology.dimensions() != 1 || l == 0 ||
      !(tl > 0))
    return std::nullopt;
  const double nd = static_cast<double>(n), parts = collective.parts, message = tl * static_cast<double>(l);
  // Past x = n (M = n parts/2) the ratio grows. Below, it falls while M l t_l
  // <= t_s (ln(e n parts/M) - 1), whose left side grows with M and right side
  // falls: bisect for the first M where it fails. Rounding can move that M by
  // one at most, so the whole minimum lies within two of it.
  const auto last = static_cast<uint64_t>(std::ceil(nd * parts / 2));
  uint64_t lo = 1, hi = last;
  while (lo < hi) {
    const uint64_t mid = lo + (hi - lo) / 2;
    const double m = static_cast<double>(mid);
    if (message * m > ts * (std::log(std::numbers::e * nd * parts / m) - 1)) hi = mid;
    else lo = mid + 1;
  }
  double best = INFINITY, best_x = 0;
  uint64_t best_m = 0;
  for (uint64_t m = lo > 2 ? lo - 2 : 1; m <= std::min(last, lo + 2); ++m) {
    const double x = std::min(2 * static_cast<double>(m) / parts, nd);
    const double ratio = (ts + message * static_cast<double>(m)) / (x * std::log(2 * std::numbers::e * nd / x));
    if (ratio < best) best = ratio, best_m = m, best_x = x;
  }
  // Shaved by a relative 1e-12, far above the rounding of log and the
  // divisions, so the bound never exceeds its exact value.
  const double cost = nd * std::log(nd) * best * (1 - 1e-12);
  return CostBound{
      "gossip-ring-dissemination",
      "Juurlink, Rao, Sibeyn, Lemmas 2 and 3 and Theorem 1 (the colour cost function), made rigorous",
      "min over M >= 1 of (t_s + M*l*t_l) * n ln n / (x ln(2en/x)), x = min(2M/parts, n)",
      fmt::format("the holders of each of the K = {} messages cut the {} into gaps, and the sum over messages and "
                  "gaps of G ln G starts at K n ln n and ends at 0; per step at most two paths end inside a gap "
                  "(one through each channel into it), the 2n = {} channels carry each hop once and a packet of "
                  "L flits holds at most M = floor(L/l) messages, so a step lowers the sum by at most "
                  "K x ln(2en/x); the fall per unit of cost is largest at M = {}, x = {}: n = {}, l = {}: {}",
                  n * collective.parts, topology.wraps() ? "ring" : "path (a ring with two channels unused)",
                  2 * n, best_m, best_x, n, l, cost),
      cost};
}

}  // namespace

std::vector<CostBound> cost_lower_bounds(const Topology& topology, const Model& model, const Collective& collective,
                                         uint64_t steps, double ts, double tl) {
  std::vector<CostBound> out;
  for (auto bound : {cost_volume(topology, model, collective, steps, ts, tl),
                     ring_dissemination(topology, collective, ts, tl)})
    if (bound) out.push_back(std::move(*bound));
  return out;
}

const CostBound* best_cost_bound(const std::vector<CostBound>& bounds) { return largest(bounds, &CostBound::cost); }

const LowerBound* best_bound(const std::vector<LowerBound>& bounds) { return largest(bounds, &LowerBound::steps); }

}  // namespace schedcheck
