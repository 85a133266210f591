// Layout: where render places each node of a network, and how each hop between two nodes is drawn.
//
// A 2-D torus or mesh is a grid (dimension 1 across, dimension 2 down); a
// wrap-around link leaves the grid at one border as a stub and re-enters at
// the other, so no arrow crosses the picture. A 3-D grid is a row of 2-D
// slices, one per coordinate of dimension 3, its hops drawn as arcs from
// slice to slice. Rings and graphs are circles, paths rows (a long one a
// snake of rows), trees layered from their root down.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "svg.hpp"
#include "topology.hpp"

namespace schedcheck::render {

// How one hop is drawn.
struct HopShape {
  enum class Kind { straight, wrap, arc } kind = Kind::straight;
  Point from, to;            // the centres of its tail and head
  Point out_end, in_start;   // wrap: where the stub from `from` ends, where the one into `to` starts
  double bulge = 0;          // arc: the control point's distance from the chord, to the right of it
};

// A line of the network's own drawing, under the arrows.
struct Link {
  Point a, b;
  bool stub = false;  // half a wrap-around link, drawn dashed
};

struct Label {
  Point at;
  std::string text;
  std::string anchor;  // start, middle, end
  double size = 10;
};

// The limits of a legible picture of the network (specs/render.md).
inline constexpr uint32_t max_grid_side = 64;
inline constexpr uint32_t max_slices = 16;
inline constexpr uint32_t max_grid_nodes = 4096;
inline constexpr uint32_t max_line_nodes = 256;  // rings and paths
inline constexpr uint32_t max_tree_nodes = 512;
inline constexpr uint32_t max_graph_nodes = 64;

class Layout {
 public:
  // nullopt, with the reason, for a network too large to draw legibly.
  static std::optional<Layout> make(const Topology& topology, std::string& refused);

  Point node(NodeId v) const { return nodes_[v]; }
  HopShape hop(ChannelId channel) const;

  double width() const { return width_; }
  double height() const { return height_; }
  // The distance between neighbours: node sizes, arrows and fonts scale with it.
  double spacing() const { return spacing_; }
  const std::vector<Link>& links() const { return links_; }
  const std::vector<Label>& labels() const { return labels_; }
  bool has_wraps() const { return has_wraps_; }
  bool has_slices() const { return slices_ > 1; }

 private:
  explicit Layout(const Topology& topology) : topology_(&topology) {}
  void grid();
  void circle(bool ring);
  void row();
  void tree();

  const Topology* topology_;
  std::vector<Point> nodes_;
  std::vector<Link> links_;
  std::vector<Label> labels_;
  double width_ = 0, height_ = 0, spacing_ = 0;
  double slice_pitch_ = 0;  // 3-D: from a node to its copy in the next slice
  uint32_t slices_ = 1;
  bool has_wraps_ = false;
};

}  // namespace schedcheck::render
