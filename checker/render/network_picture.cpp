// Network picture: the network, then each step's transfers as arrows in lanes, then the legend and the errors.
#include "network_picture.hpp"

#include <algorithm>
#include <cmath>

#include <fmt/format.h>

namespace schedcheck::render {
namespace {

double clamp(double v, double lo, double hi) { return std::max(lo, std::min(hi, v)); }

// Sizes that follow the layout's spacing.
struct Pen {
  double node_radius, lane, stroke, head;
  explicit Pen(const Layout& layout, bool labelled_nodes) {
    const double s = layout.spacing();
    node_radius = labelled_nodes ? clamp(0.22 * s, 7, 12) : clamp(0.12 * s, 2, 7);
    lane = clamp(0.14 * s, 1.6, 8);
    stroke = clamp(0.05 * s, 1, 2.6);
    head = clamp(0.22 * s, 4, 11);
  }
};

// A piece of an arrow: a line or an arc from a to b, or (jump) a new start
// after a wrap-around stub.
struct Piece {
  Point a, b, control;
  bool arc = false;
  bool jump = false;
};

Point right_normal(Point dir) { return {-dir.y, dir.x}; }

double cross(Point a, Point b) { return a.x * b.y - a.y * b.x; }

// The pieces of a route's hops, moved into their lanes and joined at corners.
std::vector<Piece> lane_pieces(const Layout& layout, const Scene& scene, const DrawnTransfer& t, const Pen& pen) {
  std::vector<Piece> pieces;
  for (uint32_t i = 0; i < t.drawn_hops; ++i) {
    const HopShape h = layout.hop(scene.channels[t.first_hop + i]);
    switch (h.kind) {
      case HopShape::Kind::straight: pieces.push_back({h.from, h.to, {}, false, false}); break;
      case HopShape::Kind::wrap:
        pieces.push_back({h.from, h.out_end, {}, false, false});
        pieces.push_back({h.in_start, h.to, {}, false, true});
        break;
      case HopShape::Kind::arc: {
        const Point mid = (h.from + h.to) * 0.5;
        pieces.push_back({h.from, h.to, mid + right_normal(unit(h.to - h.from)) * h.bulge, true, false});
        break;
      }
    }
  }
  // Each piece to the right of its own direction.
  for (Piece& p : pieces) {
    const Point n = right_normal(unit(p.b - p.a)) * pen.lane;
    p.a = p.a + n;
    p.b = p.b + n;
    p.control = p.control + n;
  }
  // Corners: two straight pieces meet where their lanes cross, unless that is
  // far off (a turn back), when the arrow simply crosses over.
  for (size_t i = 1; i < pieces.size(); ++i) {
    Piece& p = pieces[i - 1];
    Piece& q = pieces[i];
    if (q.jump || p.arc || q.arc) continue;
    const Point d1 = unit(p.b - p.a), d2 = unit(q.b - q.a);
    const double c = cross(d1, d2);
    if (std::abs(c) < 1e-6) continue;
    const double along = cross(q.a - p.a, d2) / c;
    const Point meet = p.a + d1 * along;
    if (length(meet - p.b) > 3 * pen.lane) continue;
    p.b = meet;
    q.a = meet;
  }
  // Arrows start and end at the rim of their nodes, not at the centres.
  if (!pieces.empty()) {
    Piece& first = pieces.front();
    const Point start_dir = unit((first.arc ? first.control : first.b) - first.a);
    first.a = first.a + start_dir * pen.node_radius;
    Piece& last = pieces.back();
    const Point end_dir = unit(last.b - (last.arc ? last.control : last.a));
    last.b = last.b - end_dir * (pen.node_radius + 1);
  }
  return pieces;
}

// The colour of a transfer: its message's, or (broadcast) its place in the step's.
std::string transfer_colour(const Scene& scene, const DrawnTransfer& t, size_t index) {
  if (scene.marked(t.line)) return std::string(error_colour);
  if (scene.header.collective.kind == CollectiveKind::broadcast) return message_colour(static_cast<uint32_t>(index % 10));
  if (t.message == no_message) return "#444444";
  return message_colour(t.message);
}

void draw_transfer(Svg& svg, const Layout& layout, const Scene& scene, const DrawnTransfer& t, size_t index,
                   const Pen& pen) {
  const bool error = scene.marked(t.line);
  const std::string colour = transfer_colour(scene, t, index);
  svg.open_group(fmt::format("class=\"transfer{}\" data-line=\"{}\"", error ? " error" : "", t.line));
  std::string title = fmt::format("line {}: {}", t.line, t.text);
  if (t.hops > t.drawn_hops) title += fmt::format(" ({} hops; laps after the second not drawn)", t.hops);
  if (!t.route_ok) title += " (the route leaves the network here)";
  svg.title(title);
  const std::vector<Piece> pieces = lane_pieces(layout, scene, t, pen);
  const double width = error ? 1.8 * pen.stroke : pen.stroke;
  if (pieces.empty()) {
    // No hop could be drawn: a ring round the sender says where the line is.
    svg.circle(layout.node(t.from), pen.node_radius + 3,
               fmt::format("fill=\"none\" stroke=\"{}\" stroke-width=\"{}\"", colour, num(width)));
    svg.close_group();
    return;
  }
  // The arrowhead's base: the line stops there so that its end does not blunt the tip.
  const Piece& last = pieces.back();
  const Point end_dir = unit(last.b - (last.arc ? last.control : last.a));
  const Point tip = last.b;
  const Point base = tip - end_dir * pen.head;
  std::string d;
  for (size_t i = 0; i < pieces.size(); ++i) {
    const Piece& p = pieces[i];
    const Point b = i + 1 == pieces.size() ? base + end_dir * (0.3 * pen.head) : p.b;
    if (i == 0 || p.jump) d += fmt::format("{}M{} {}", d.empty() ? "" : " ", num(p.a.x), num(p.a.y));
    if (p.arc) d += fmt::format(" Q{} {} {} {}", num(p.control.x), num(p.control.y), num(b.x), num(b.y));
    else d += fmt::format(" L{} {}", num(b.x), num(b.y));
  }
  svg.path(d, fmt::format("fill=\"none\" stroke=\"{}\" stroke-width=\"{}\" stroke-linejoin=\"round\"", colour,
                          num(width)));
  const Point side = right_normal(end_dir) * (0.45 * pen.head * (error ? 1.3 : 1));
  svg.polygon({tip, base + side, base - side}, fmt::format("fill=\"{}\"", colour));
  svg.circle(pieces.front().a, 1.2 * width, fmt::format("fill=\"{}\"", colour));
  // A wrap-around leaves through a ring at one border and comes back through one at the other.
  for (size_t i = 1; i < pieces.size(); ++i)
    if (pieces[i].jump)
      for (const Point& p : {pieces[i - 1].b, pieces[i].a})
        svg.circle(p, 1.3 * width + 1, fmt::format("fill=\"white\" stroke=\"{}\" stroke-width=\"{}\"", colour, num(width)));
  if (error)
    // Beside the middle of the first piece, on the side away from its lane.
    svg.text((pieces.front().a + pieces.front().b) * 0.5 -
                 right_normal(unit(pieces.front().b - pieces.front().a)) * (pen.lane + 6) + Point{0, 4},
             clamp(0.3 * layout.spacing(), 9, 12), "middle",
             fmt::format("line {}", t.line), fmt::format("fill=\"{}\" font-weight=\"bold\"", error_colour));
  svg.close_group();
}

std::string collective_text(const Scene& scene) {
  const Collective& c = scene.header.collective;
  std::string s(collective_kind_name(c.kind));
  if (c.kind == CollectiveKind::broadcast)
    s += " from " + scene.header.topology->node_name(c.root);
  else if (c.has_root())
    s += ", root " + scene.header.topology->node_name(c.root);
  if (c.kind == CollectiveKind::gossip && c.parts > 1) s += fmt::format(", {} parts", c.parts);
  return s;
}

constexpr size_t max_listed_marks = 8;
constexpr double line_height = 15;

// Lines of marks: at most max_listed_marks, then a count of the rest.
size_t listed_lines(size_t marks) { return std::min(marks, max_listed_marks) + (marks > max_listed_marks ? 1 : 0); }

void list_marks(Svg& svg, const std::vector<const Mark*>& marks, Point at) {
  for (size_t i = 0; i < marks.size() && i < max_listed_marks; ++i)
    svg.text(at + Point{0, i * line_height}, 11.5, "start", marks[i]->text,
             fmt::format("fill=\"{}\"", error_colour));
  if (marks.size() > max_listed_marks)
    svg.text(at + Point{0, max_listed_marks * line_height}, 11.5, "start",
             fmt::format("... and {} more (schedcheck check lists them)", marks.size() - max_listed_marks),
             fmt::format("fill=\"{}\"", error_colour));
}

}  // namespace

void write_network_svg(std::string& out, const Scene& scene, const Layout& layout, bool standalone) {
  const Topology& topology = *scene.header.topology;
  const bool labelled_nodes = !topology.is_grid() || topology.dimensions() == 1;
  const Pen pen(layout, labelled_nodes);

  // Marks outside any drawn step (the header's, a delivery at the end) are
  // always listed; a step's own are listed with it.
  std::vector<const Mark*> global;
  std::vector<std::vector<const Mark*>> per_step(scene.steps.size());
  for (const Mark& m : scene.marks) {
    size_t k = 0;
    while (k < scene.steps.size() && scene.steps[k].ordinal != m.step) ++k;
    if (m.step != 0 && k < scene.steps.size()) per_step[k].push_back(&m);
    else if (m.step == 0) global.push_back(&m);
  }
  size_t step_lines = 0;
  for (const auto& marks : per_step) step_lines = std::max(step_lines, listed_lines(marks.size()));

  const double header = 72;
  const double legend_top = header + layout.height() + 8;
  const double marks_top = legend_top + 2 * line_height + 6;
  const double height = marks_top + (listed_lines(global.size()) + step_lines) * line_height + 10;
  // Wide enough for the diagnostics listed under the picture, within reason.
  size_t longest_mark = 0;
  for (const Mark& m : scene.marks) longest_mark = std::max(longest_mark, m.text.size());
  const double width = std::max({layout.width(), 760.0, std::min(1600.0, 6.6 * static_cast<double>(longest_mark) + 24)});
  const double shift = (std::max(layout.width(), 760.0) - layout.width()) / 2;

  Svg svg(out);
  svg.begin(width, height, standalone);
  const std::string& name = scene.file;
  svg.text({12, 20}, 15, "start", name, "font-weight=\"bold\"");
  std::string about = fmt::format("{}, {}, {}", topology.describe(), describe(scene.header.model), collective_text(scene));
  if (scene.header.claim && !scene.header.claim->name.empty()) about += ", " + scene.header.claim->name;
  svg.text({12, 40}, 12, "start", about, "fill=\"#333\"");

  svg.open_group(fmt::format("class=\"network\" transform=\"translate({} {})\"", num(shift), num(header)));
  for (const Link& l : layout.links())
    svg.line(l.a, l.b,
             l.stub ? "stroke=\"#999\" stroke-width=\"1\" stroke-dasharray=\"3 2\"" : "stroke=\"#ccc\" stroke-width=\"1\"");
  const NodeId root = scene.header.collective.has_root() ? scene.header.collective.root : no_node;
  for (NodeId v = 0; v < topology.node_count(); ++v) {
    const Point p = layout.node(v);
    const std::string node_title = fmt::format("<title>{}</title>", xml_escape(topology.node_name(v)));
    if (labelled_nodes) {
      svg.raw("<g>" + node_title);
      svg.circle(p, pen.node_radius,
                 fmt::format("fill=\"#f4f4f4\" stroke=\"#555\" stroke-width=\"{}\"", v == root ? 2.5 : 1));
      svg.text(p + Point{0, pen.node_radius * 0.38}, pen.node_radius * (v >= 100 ? 0.8 : 1.05), "middle",
               std::to_string(v), "fill=\"#222\"");
      svg.raw("</g>\n");
    } else {
      svg.raw("<g>" + node_title);
      svg.circle(p, pen.node_radius, v == root ? "fill=\"#000\"" : "fill=\"#888\"");
      if (v == root) svg.circle(p, pen.node_radius + 2.5, "fill=\"none\" stroke=\"#000\" stroke-width=\"1.5\"");
      svg.raw("</g>\n");
    }
  }
  for (const Label& l : layout.labels()) svg.text(l.at, l.size, l.anchor, l.text, "fill=\"#555\"");
  svg.close_group();

  for (size_t k = 0; k < scene.steps.size(); ++k) {
    const DrawnStep& step = scene.steps[k];
    svg.open_group(fmt::format("class=\"step\" data-step=\"{}\"{}", step.number, k == 0 ? "" : " style=\"display:none\""));
    size_t errors = 0;
    for (const DrawnTransfer& t : step.transfers) errors += scene.marked(t.line);
    svg.text({12, 60}, 14, "start",
             fmt::format("step {} of {}: {} transfer{}{}", step.number, scene.step_count, step.transfers.size(),
                         step.transfers.size() == 1 ? "" : "s",
                         errors ? fmt::format(", {} in error", errors) : ""),
             errors ? fmt::format("font-weight=\"bold\" fill=\"{}\"", error_colour) : "font-weight=\"bold\"");
    svg.open_group(fmt::format("transform=\"translate({} {})\"", num(shift), num(header)));
    for (size_t i = 0; i < step.transfers.size(); ++i) draw_transfer(svg, layout, scene, step.transfers[i], i, pen);
    svg.close_group();
    list_marks(svg, per_step[k], {12, marks_top + listed_lines(global.size()) * line_height + 11});
    svg.close_group();
  }

  // The legend: what colours and line styles mean.
  const Collective& c = scene.header.collective;
  const uint32_t messages = c.message_count(topology.node_count());
  std::string colours;
  if (c.kind == CollectiveKind::broadcast)
    colours = "one message: colours tell the paths of a step apart";
  else if (scene.header.model.combining == Combining::combining)
    colours = "coloured by the first message a packet lists (dark grey: all the sender holds)";
  else
    colours = fmt::format("coloured by message ({} messages)", messages);
  std::string lines = "arrows: a transfer along its hops, in the lane to the right of each channel";
  if (layout.has_wraps()) lines += "; dashed stubs: wrap-around links";
  if (layout.has_slices()) lines += "; arcs: dimension 3, slice to slice";
  svg.text({12, legend_top + 11}, 11.5, "start", lines, "fill=\"#333\"");
  std::string second = colours;
  if (!scene.marks.empty()) second += "; red: an error check found, at its line";
  svg.text({12, legend_top + 11 + line_height}, 11.5, "start", second, "fill=\"#333\"");
  if (c.kind != CollectiveKind::broadcast && messages <= 12) {
    // A swatch per message where they fit on the legend's line.
    double x = std::min(width - 12.0 * 14 - 12, 12 + 6.5 * second.size() + 16);
    for (MessageId m = 0; m < messages && x < width - 40; ++m) {
      svg.rect({x, legend_top + line_height + 2}, 10, 10, fmt::format("fill=\"{}\"", message_colour(m)));
      const std::string label = c.message_name(topology, m);
      svg.text({x + 13, legend_top + 11 + line_height}, 11, "start", label, "fill=\"#333\"");
      x += 13 + 6.5 * label.size() + 10;
    }
  }
  list_marks(svg, global, {12, marks_top + 11});
  svg.end();
}

}  // namespace schedcheck::render
