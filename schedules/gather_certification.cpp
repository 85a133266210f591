// Gather by transmission certification (Bhatt et al., Section 3.2): a distributed gather on any tree, every step told.
//
// Phases 1 and 2 are one walk round the tree: a node told by its parent's
// token sends the token to its first child and waits for that child's
// certificate before it tokens the next (the paper's orchestration, which
// keeps its single receive port free of colliding certificates); with every
// child's certificate in, it certifies its own subtree to its parent. Every
// link carries one token and one certificate, one at a time: the root holds
// the last certificate at E = 2(N-1) for N nodes.
//
// A certificate (lag, length) is computed by the line-segment combination of
// Remarks 4 and 5. A node told at t sends its children's transmit orders in
// units t, t+1, ..., nearest lag first, so its send port is free from t+k on
// (k the children with a non-empty subtree); its own message is a segment
// that may start at k; child j (order rank r) one that may start at
// r + lag_j + 2 (its order arrives at t+r+1; its stream reaches this node's
// outgoing link one hop later), and not before k. The segments, in the order
// of those earliest starts, are juxtaposed as far left as they go: the left
// end is the lag. The root receives rather than relays, so a child's segment
// there may start at r + lag_j + 1 and its own message is already home.
//
// Phases 3 and 4: the root, its certificates in at E, is told "now" and its
// stream arrives from E + lag_root on; each node passes each child the start
// that puts the child's stream in its place, and dispatches its own message
// in its own place. Every message then reaches the root in one gap-free
// stream of m flits: the gather takes E + lag_root + m (specs/lemmas.md,
// Theorem 3).
#include "gather_certification.hpp"

#include <algorithm>

#include <fmt/format.h>

namespace schedcheck::gen {

namespace {

std::string token(uint32_t v) { return fmt::format("token-{}", v); }
std::string certificate(uint32_t v) { return fmt::format("cert-{}", v); }
std::string order(uint32_t v) { return fmt::format("order-{}", v); }

// A node's plan of its gap-free stream: its children in the order it sends
// their transmit orders, and where each segment starts within the stream.
struct StreamPlan {
  std::vector<uint32_t> ordered;      // children with a non-empty subtree, by certified lag
  std::vector<uint64_t> child_place;  // offset of ordered[j]'s segment in the stream
  uint64_t own_place = 0;             // offset of its own message
};

std::vector<std::vector<uint32_t>> children_of(const SpanningTree& tree) {
  std::vector<std::vector<uint32_t>> children(tree.parent.size());
  for (uint32_t v = 0; v < tree.parent.size(); ++v)
    if (v != tree.root && tree.depth[v] != no_depth) children[tree.parent[v]].push_back(v);
  return children;
}

// Reached nodes, nearest the root first.
std::vector<uint32_t> by_depth(const SpanningTree& tree) {
  std::vector<uint32_t> nodes;
  for (uint32_t v = 0; v < tree.depth.size(); ++v)
    if (tree.depth[v] != no_depth) nodes.push_back(v);
  std::stable_sort(nodes.begin(), nodes.end(), [&](uint32_t a, uint32_t b) { return tree.depth[a] < tree.depth[b]; });
  return nodes;
}

}  // namespace

std::string certification_refusal(const RootedRequest& request, const SpanningTree&) {
  // The protocol's times are at most the total length plus 6 per node.
  uint64_t total = 0;
  for (uint64_t length : request.lengths) total += length;  // plan_rooted has kept the sum within 64 bits
  const uint64_t slack = 6 * uint64_t{request.network.node_count()};
  if (total > UINT64_MAX - slack)
    return fmt::format("the lengths add up to more than 2^64-1-{} flits, past which transmission certification's "
                       "times would not fit in 64 bits",
                       slack);
  return {};
}

CertificationPlan certification_plan(const RootedRequest& request, const SpanningTree& tree, uint32_t understated) {
  const uint32_t root = tree.root;
  const std::vector<std::vector<uint32_t>> children = children_of(tree);
  const std::vector<uint32_t> nodes = by_depth(tree);
  CertificationPlan plan;
  std::vector<FlitTransfer>& out = plan.schedule.transfers;

  // Phases 1 and 2: the walk. A frame is a node told at some time, how many
  // of its children it has dealt with, and the time its port is next free.
  struct Frame {
    uint32_t v;
    size_t next;
    uint64_t now;
  };
  std::vector<Frame> stack{{root, 0, 0}};
  while (!stack.empty()) {
    const Frame f = stack.back();
    const std::vector<uint32_t>& kids = children[f.v];
    if (f.next < kids.size()) {
      const uint32_t u = kids[f.next];
      const std::string after = f.next > 0 ? certificate(kids[f.next - 1]) : f.v == root ? "" : token(f.v);
      out.push_back({{f.v, u}, 0, f.now, token(u), after});
      ++stack.back().next;
      stack.push_back({u, 0, f.now + 1});
      continue;
    }
    stack.pop_back();
    if (f.v == root) {
      plan.collection = f.now;
      break;
    }
    out.push_back({{f.v, tree.parent[f.v]}, 0, f.now, certificate(f.v),
                   kids.empty() ? token(f.v) : certificate(kids.back())});
    stack.back().now = f.now + 1;
  }

  // Phase 2's arithmetic, leaves first: each node's certificate and plan.
  const uint32_t count = static_cast<uint32_t>(tree.parent.size());
  plan.certificates.assign(count, {});
  std::vector<uint64_t> sent_lag(count, 0);  // the lag a node certifies (the mutant's may be one short)
  std::vector<StreamPlan> streams(count);
  for (auto it = nodes.rbegin(); it != nodes.rend(); ++it) {
    const uint32_t v = *it;
    const bool is_root = v == root;
    const uint64_t own = is_root ? 0 : request.lengths[v];
    StreamPlan& s = streams[v];
    uint64_t length = own;
    for (uint32_t u : children[v])
      if (plan.certificates[u].length > 0) {
        s.ordered.push_back(u);
        length += plan.certificates[u].length;
      }
    std::stable_sort(s.ordered.begin(), s.ordered.end(),
                     [&](uint32_t a, uint32_t b) { return sent_lag[a] < sent_lag[b]; });
    const uint64_t k = s.ordered.size();
    // The segments' earliest starts, nondecreasing as listed: its own (at k)
    // first, then the children in order (rank and lag both nondecreasing).
    uint64_t lag = 0, placed = 0;
    if (own > 0) {
      s.own_place = 0;
      lag = k;
      placed = own;
    }
    s.child_place.resize(k);
    for (uint64_t r = 0; r < k; ++r) {
      const uint32_t u = s.ordered[r];
      const uint64_t earliest = is_root ? r + 1 + sent_lag[u] : std::max(k, r + 2 + sent_lag[u]);
      // Juxtaposed after what is placed, or later if this segment must wait.
      if (earliest > lag + placed) lag = earliest - placed;
      s.child_place[r] = placed;
      placed += plan.certificates[u].length;
    }
    plan.certificates[v] = {length > 0 ? lag : 0, length};
    sent_lag[v] = plan.certificates[v].lag - (v == understated && plan.certificates[v].lag > 0 ? 1 : 0);
  }

  // Phases 3 and 4, root first: told at `told`, a node's stream occupies its
  // outgoing link (the root: its receiving port) from `start` on.
  plan.told.assign(count, UINT64_MAX);
  plan.start.assign(count, UINT64_MAX);
  plan.told[root] = plan.collection;
  plan.start[root] = plan.collection + plan.certificates[root].lag;
  const std::string last_certificate = children[root].empty() ? "" : certificate(children[root].back());
  for (uint32_t v : nodes) {
    if (plan.told[v] == UINT64_MAX) continue;
    const StreamPlan& s = streams[v];
    const uint64_t told = plan.told[v], start = plan.start[v];
    const std::string licence = v == root ? last_certificate : order(v);
    for (size_t r = 0; r < s.ordered.size(); ++r) {
      const uint32_t u = s.ordered[r];
      out.push_back({{v, u}, 0, told + r, order(u), licence});
      plan.told[u] = told + r + 1;
      // The child's stream is on its own link one unit before it is on v's.
      plan.start[u] = start + s.child_place[r] - (v == root ? 0 : 1);
    }
    if (v != root && request.lengths[v] > 0) {
      std::vector<uint32_t> route = tree.route_from_root(v);
      std::reverse(route.begin(), route.end());
      out.push_back({std::move(route), v, start + s.own_place, {}, order(v)});
    }
  }

  for (const FlitTransfer& t : out) {
    const uint64_t length = t.control.empty() ? request.lengths[t.message] : 1;
    if (length > 0) plan.schedule.time = std::max(plan.schedule.time, t.time + t.route.size() - 1 + length - 1);
  }
  std::stable_sort(out.begin(), out.end(), [](const FlitTransfer& a, const FlitTransfer& b) { return a.time < b.time; });
  return plan;
}

FlitSchedule gather_certification(const RootedRequest& request, const SpanningTree& tree) {
  return certification_plan(request, tree).schedule;
}

}  // namespace schedcheck::gen
