// Layout: node positions and hop shapes for grids (2-D, and 3-D as slices), rings, paths, trees and graphs.
#include "layout.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

#include <fmt/format.h>

namespace schedcheck::render {
namespace {

double clamp(double v, double lo, double hi) { return std::max(lo, std::min(hi, v)); }

// How far a wrap-around stub reaches out of the grid, in spacings: short of
// half the way to the next slice, so stubs never meet.
constexpr double stub = 0.45;

}  // namespace

std::optional<Layout> Layout::make(const Topology& topology, std::string& refused) {
  Layout layout(topology);
  const uint32_t n = topology.node_count();
  if (topology.is_grid()) {
    const uint32_t k = topology.dimensions();
    if (k > 3) {
      refused = fmt::format("render draws grids of 1 to 3 dimensions; the {} has {}", topology.describe(), k);
      return std::nullopt;
    }
    if (k == 1) {
      if (n > max_line_nodes) {
        refused = fmt::format("render draws rings and paths of at most {} nodes; the {} has {}", max_line_nodes,
                              topology.describe(), n);
        return std::nullopt;
      }
      if (topology.wraps()) layout.circle(true);
      else layout.row();
      return layout;
    }
    const bool too_wide = topology.size(0) > max_grid_side || topology.size(1) > max_grid_side;
    if (too_wide || (k == 3 && (topology.size(2) > max_slices || n > max_grid_nodes))) {
      refused = fmt::format(
          "render draws 2-D grids of at most {0}x{0} nodes and 3-D grids of at most {1} slices and {2} nodes; "
          "the {3} is larger",
          max_grid_side, max_slices, max_grid_nodes, topology.describe());
      return std::nullopt;
    }
    layout.grid();
    return layout;
  }
  if (topology.kind() == TopologyKind::tree) {
    if (n > max_tree_nodes) {
      refused = fmt::format("render draws trees of at most {} nodes; this one has {}", max_tree_nodes, n);
      return std::nullopt;
    }
    layout.tree();
    return layout;
  }
  if (n > max_graph_nodes) {
    refused = fmt::format("render draws graphs of at most {} nodes; this one has {}", max_graph_nodes, n);
    return std::nullopt;
  }
  layout.circle(false);
  return layout;
}

void Layout::grid() {
  const Topology& t = *topology_;
  const uint32_t n1 = t.size(0), n2 = t.size(1);
  slices_ = t.dimensions() == 3 ? t.size(2) : 1;
  const double gap_factor = t.wraps() ? 2.4 : 1.6;
  const double span_x = slices_ * (n1 - 1.0) + (slices_ - 1.0) * gap_factor;
  const double span_y = n2 - 1.0;
  const double s = spacing_ = clamp(std::min(1300 / std::max(span_x, 1.0), 720 / std::max(span_y, 1.0)), 12, 80);
  const double font = clamp(0.32 * s, 8, 13);
  const double left = stub * s + 2.5 * font + 12;
  const double top = stub * s + 2 * font + 18 + (slices_ > 1 ? 0.5 * s : 0);
  slice_pitch_ = (n1 - 1) * s + gap_factor * s;
  width_ = left + (slices_ - 1) * slice_pitch_ + (n1 - 1) * s + stub * s + 12;
  height_ = top + (n2 - 1) * s + stub * s + (slices_ > 1 ? 0.5 * s : 0) + font + 8;
  has_wraps_ = t.wraps();

  nodes_.resize(t.node_count());
  for (NodeId v = 0; v < t.node_count(); ++v) {
    const uint32_t z = slices_ > 1 ? t.coordinate(v, 2) : 0;
    nodes_[v] = {left + z * slice_pitch_ + t.coordinate(v, 0) * s, top + t.coordinate(v, 1) * s};
  }
  // The network's links within each slice; a wrap-around link as two stubs.
  for (NodeId v = 0; v < t.node_count(); ++v)
    for (uint32_t d = 0; d < 2; ++d) {
      NodeId head = no_node;
      if (t.grid_step(v, d, false, head) == no_channel) continue;
      const HopShape shape = hop(v * 2 * t.dimensions() + 2 * d);
      if (shape.kind == HopShape::Kind::wrap) {
        links_.push_back({shape.from, shape.out_end, true});
        links_.push_back({shape.in_start, shape.to, true});
      } else {
        links_.push_back({shape.from, shape.to, false});
      }
    }
  // Coordinates along the top of each slice and down the left of the first;
  // on a dense grid every k-th, so that labels do not run together.
  const uint32_t every = static_cast<uint32_t>(std::ceil(2.2 * font / s));
  const double label_y = top - stub * s - 6;
  for (uint32_t z = 0; z < slices_; ++z) {
    const double x0 = left + z * slice_pitch_;
    for (uint32_t x = 0; x < n1; x += every)
      labels_.push_back({{x0 + x * s, label_y}, std::to_string(x), "middle", font});
    if (slices_ > 1)
      labels_.push_back({{x0 + (n1 - 1) * s / 2, label_y - font - 6 - 0.5 * s}, fmt::format("x3 = {}", z), "middle",
                         font + 1});
  }
  for (uint32_t y = 0; y < n2; y += every)
    labels_.push_back({{left - stub * s - 6, top + y * s + font / 3}, std::to_string(y), "end", font});
  labels_.push_back({{left + (n1 - 1) * s + stub * s + 6, label_y}, "x1", "start", font});
  labels_.push_back({{left - stub * s - 6, top + (n2 - 1) * s + stub * s + font + 2}, "x2", "end", font});
}

void Layout::circle(bool ring) {
  const Topology& t = *topology_;
  const uint32_t n = t.node_count();
  const double r = clamp(n * 46 / (2 * std::numbers::pi), 150, 420);
  spacing_ = std::min(80.0, n > 1 ? 2 * r * std::sin(std::numbers::pi / n) : 80.0);
  const double margin = 40;
  width_ = height_ = 2 * (r + margin);
  nodes_.resize(n);
  for (NodeId v = 0; v < n; ++v) {
    // Node 0 at the top, the others clockwise.
    const double angle = -std::numbers::pi / 2 + 2 * std::numbers::pi * v / n;
    nodes_[v] = {r + margin + r * std::cos(angle), r + margin + r * std::sin(angle)};
  }
  if (ring) {
    has_wraps_ = false;  // a circle closes the ring: its wrap-around link is a chord like the others
    for (NodeId v = 0; v < n; ++v) links_.push_back({nodes_[v], nodes_[(v + 1) % n], false});
  } else {
    for (const auto& [a, b] : t.edges()) links_.push_back({nodes_[a], nodes_[b], false});
  }
}

void Layout::row() {
  // A path of more than 32 nodes is a snake of rows of 32: neighbours stay neighbours.
  const Topology& t = *topology_;
  const uint32_t n = t.node_count();
  const uint32_t per_row = std::min<uint32_t>(n, 32);
  const uint32_t rows = (n + per_row - 1) / per_row;
  const double s = spacing_ = clamp(1200.0 / per_row, 30, 80);
  const double margin = 0.6 * s + 10;
  width_ = 2 * margin + (per_row - 1) * s;
  height_ = 2 * margin + (rows - 1) * s;
  nodes_.resize(n);
  for (NodeId v = 0; v < n; ++v) {
    const uint32_t r = v / per_row, c = v % per_row;
    nodes_[v] = {margin + (r % 2 == 0 ? c : per_row - 1 - c) * s, margin + r * s};
  }
  for (NodeId v = 0; v + 1 < n; ++v) links_.push_back({nodes_[v], nodes_[v + 1], false});
}

void Layout::tree() {
  // Layered from the root down; leaves take consecutive columns and a parent
  // sits over the middle of its children, so tree edges never cross.
  const Topology& t = *topology_;
  const uint32_t n = t.node_count();
  const std::vector<NodeId>& parent = t.parents();
  std::vector<std::vector<NodeId>> children(n);
  NodeId root = 0;
  for (NodeId v = 0; v < n; ++v) {
    if (parent[v] == no_node) root = v;
    else children[parent[v]].push_back(v);
  }
  std::vector<double> column(n, 0);
  std::vector<uint32_t> depth(n, 0);
  uint32_t leaves = 0, max_depth = 0;
  // Iterative post-order: a node is placed after all its children.
  std::vector<std::pair<NodeId, size_t>> stack{{root, 0}};
  while (!stack.empty()) {
    auto& [v, next] = stack.back();
    if (next < children[v].size()) {
      const NodeId c = children[v][next++];
      depth[c] = depth[v] + 1;
      max_depth = std::max(max_depth, depth[c]);
      stack.push_back({c, 0});
      continue;
    }
    column[v] = children[v].empty() ? leaves++ : (column[children[v].front()] + column[children[v].back()]) / 2;
    stack.pop_back();
  }
  const double sx = clamp(1200.0 / std::max<uint32_t>(leaves, 1), 26, 80);
  const double dy = clamp(1.3 * sx, 60, 100);
  spacing_ = sx;
  const double margin = 0.6 * sx + 12;
  width_ = 2 * margin + (leaves - 1) * sx;
  height_ = 2 * margin + max_depth * dy;
  nodes_.resize(n);
  for (NodeId v = 0; v < n; ++v) nodes_[v] = {margin + column[v] * sx, margin + depth[v] * dy};
  for (NodeId v = 0; v < n; ++v)
    if (parent[v] != no_node) links_.push_back({nodes_[parent[v]], nodes_[v], false});
}

HopShape Layout::hop(ChannelId channel) const {
  const Topology& t = *topology_;
  HopShape shape;
  const NodeId tail = t.channel_tail(channel), head = t.channel_head(channel);
  shape.from = nodes_[tail];
  shape.to = nodes_[head];
  if (!t.is_grid() || t.dimensions() == 1) return shape;
  const uint32_t port = t.channel_port(channel);
  const uint32_t d = port / 2;
  const bool negative = port % 2 != 0;
  const uint32_t x = t.coordinate(tail, d);
  const bool wraps = t.wraps() && (negative ? x == 0 : x + 1 == t.size(d));
  const double s = spacing_;
  if (d < 2) {
    if (!wraps) return shape;
    // Out through the near border, in through the far one.
    const Point dir = d == 0 ? Point{negative ? -1.0 : 1.0, 0} : Point{0, negative ? -1.0 : 1.0};
    shape.kind = HopShape::Kind::wrap;
    shape.out_end = shape.from + dir * (stub * s);
    shape.in_start = shape.to - dir * (stub * s);
    return shape;
  }
  if (wraps) {
    // From the last slice back to the first (or the reverse): diagonal stubs,
    // up and to the right for +3, so they cross no link of the slice.
    const Point dir = unit(Point{1, -1}) * (negative ? -1.0 : 1.0);
    shape.kind = HopShape::Kind::wrap;
    shape.out_end = shape.from + dir * (0.6 * s);
    shape.in_start = shape.to - dir * (0.6 * s);
    return shape;
  }
  shape.kind = HopShape::Kind::arc;
  shape.bulge = std::min(0.2 * slice_pitch_, 0.9 * s);
  return shape;
}

}  // namespace schedcheck::render
