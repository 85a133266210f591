// Space-time diagram: a column per link walked from the root, rows of time units, a cell per train and hop.
#include "space_time.hpp"

#include <algorithm>
#include <cmath>
#include <deque>
#include <map>

#include <fmt/format.h>

#include "svg.hpp"

namespace schedcheck::render {
namespace {

double clamp(double v, double lo, double hi) { return std::max(lo, std::min(hi, v)); }

constexpr size_t max_columns = 256;

std::vector<std::vector<NodeId>> neighbours(const Topology& t) {
  std::vector<std::vector<NodeId>> adj(t.node_count());
  if (t.is_grid()) {
    for (NodeId v = 0; v < t.node_count(); ++v)
      for (uint32_t d = 0; d < t.dimensions(); ++d)
        for (bool negative : {false, true}) {
          NodeId head = no_node;
          if (t.grid_step(v, d, negative, head) != no_channel) adj[v].push_back(head);
        }
  } else if (t.kind() == TopologyKind::tree) {
    for (NodeId v = 0; v < t.node_count(); ++v)
      if (t.parents()[v] != no_node) {
        adj[v].push_back(t.parents()[v]);
        adj[t.parents()[v]].push_back(v);
      }
  } else {
    for (const auto& [a, b] : t.edges()) {
      adj[a].push_back(b);
      adj[b].push_back(a);
    }
  }
  for (auto& list : adj) {
    std::sort(list.begin(), list.end());
    list.erase(std::unique(list.begin(), list.end()), list.end());
  }
  return adj;
}

// The columns: one per link, `outer` its end farther from the root.
struct Columns {
  struct Column {
    NodeId inner, outer;
  };
  std::vector<Column> list;
  std::map<std::pair<NodeId, NodeId>, uint32_t> index;  // by (smaller, larger) end

  void add(NodeId inner, NodeId outer) {
    const auto key = std::minmax(inner, outer);
    if (index.emplace(std::pair{key.first, key.second}, static_cast<uint32_t>(list.size())).second)
      list.push_back({inner, outer});
  }
  // The column of a hop, and whether it runs away from the root.
  std::pair<uint32_t, bool> of(NodeId tail, NodeId head) const {
    const uint32_t c = index.at(std::minmax(tail, head));
    return {c, list[c].inner == tail};
  }
};

// The links of a breadth-first tree from the root in depth-first order, so
// that every route of that tree out of the root runs left to right; then any
// other link a train uses, in the order of use.
Columns columns(const Topology& t, NodeId root, const Scene& scene) {
  const uint32_t n = t.node_count();
  const auto adj = neighbours(t);
  std::vector<bool> seen(n, false);
  std::vector<std::vector<NodeId>> children(n);
  std::deque<NodeId> queue{root};
  seen[root] = true;
  while (!queue.empty()) {
    const NodeId v = queue.front();
    queue.pop_front();
    for (NodeId u : adj[v])
      if (!seen[u]) {
        seen[u] = true;
        children[v].push_back(u);
        queue.push_back(u);
      }
  }
  Columns columns;
  std::vector<std::pair<NodeId, NodeId>> stack;  // (parent, node)
  for (auto it = children[root].rbegin(); it != children[root].rend(); ++it) stack.push_back({root, *it});
  while (!stack.empty()) {
    const auto [p, v] = stack.back();
    stack.pop_back();
    columns.add(p, v);
    for (auto it = children[v].rbegin(); it != children[v].rend(); ++it) stack.push_back({v, *it});
  }
  for (const DrawnTransfer& train : scene.steps.front().transfers) {
    NodeId at = train.from;
    for (uint32_t k = 0; k < train.drawn_hops; ++k) {
      const NodeId head = t.channel_head(scene.channels[train.first_hop + k]);
      columns.add(at, head);
      at = head;
    }
  }
  return columns;
}

// A round step for time labels: 1, 2, 5, 10, 20, 50, ... units.
uint64_t label_every(double unit_height) {
  for (uint64_t k = 1;; k *= 10)
    for (uint64_t f : {1, 2, 5})
      if (k * f * unit_height >= 16) return k * f;
}

std::string train_name(const Scene& scene, const DrawnTransfer& t) {
  if (!t.control.empty()) return t.control;
  if (t.message == no_message) return "?";
  return scene.header.collective.message_name(*scene.header.topology, t.message);
}

}  // namespace

bool write_space_time_svg(std::string& out, const Scene& scene, bool standalone, std::string& refused) {
  const Topology& topology = *scene.header.topology;
  const Collective& collective = scene.header.collective;
  const uint32_t n = topology.node_count();
  if (n > max_space_time_nodes) {
    refused = fmt::format("render draws space-time diagrams of at most {} nodes; the {} has {}", max_space_time_nodes,
                          topology.describe(), n);
    return false;
  }
  const std::vector<DrawnTransfer>& trains = scene.steps.front().transfers;
  // The diagram ends with the last arrival: the bottom of the last cell.
  uint64_t end = 1;
  for (const DrawnTransfer& t : trains) {
    const uint64_t at = t.time.value_or(0);
    if (at > max_space_time_units || t.hops > max_space_time_units || t.length > max_space_time_units) {
      end = max_space_time_units + 1;
      break;
    }
    end = std::max(end, at + std::max<uint64_t>(t.hops, 1) - 1 + t.length);
  }
  if (end > max_space_time_units) {
    refused = fmt::format("render draws space-time diagrams of at most {} time units; this schedule runs longer",
                          max_space_time_units);
    return false;
  }
  const NodeId root = collective.root;
  const Columns columns = render::columns(topology, root, scene);
  if (columns.list.size() > max_columns) {
    refused = fmt::format("render draws space-time diagrams of at most {} links; this one uses {}", max_columns,
                          columns.list.size());
    return false;
  }
  const size_t column_count = std::max<size_t>(columns.list.size(), 1);

  const double w = clamp(1000.0 / static_cast<double>(column_count), 22, 64);
  const double pad = std::max(2.0, 0.08 * w);
  const double lane = (w - 3 * pad) / 2;
  const double h = clamp(760.0 / static_cast<double>(end), 3, 28);
  std::vector<std::string> heads;
  size_t longest = 0;
  for (const Columns::Column& c : columns.list) {
    heads.push_back(topology.node_name(c.inner) + "-" + topology.node_name(c.outer));
    longest = std::max(longest, heads.back().size());
  }
  const bool slanted = 6.2 * static_cast<double>(longest) + 4 > w;  // link names aslant where they do not fit across
  const double header = 54;
  const double top = header + (slanted ? 6.2 * static_cast<double>(longest) * 0.8 + 22 : 30);
  const double left = 64;
  const bool table = trains.size() <= 48;
  const double plot_width = static_cast<double>(column_count) * w;
  const size_t mark_lines = std::min<size_t>(scene.marks.size(), 12) + (scene.marks.size() > 12);
  const double plot_bottom = top + static_cast<double>(end) * h;
  const double table_bottom = top + 20 + static_cast<double>(trains.size()) * 15.0;
  const double legend_top = std::max(plot_bottom, table ? table_bottom : 0.0) + 14;
  size_t longest_mark = 0;
  for (const Mark& m : scene.marks) longest_mark = std::max(longest_mark, m.text.size());
  const double width = std::max({left + plot_width + 24 + (table ? 300 : 0), 860.0,
                                 std::min(1600.0, 6.6 * static_cast<double>(longest_mark) + 24)});
  const double height = legend_top + 52 + static_cast<double>(mark_lines) * 15 + 10;

  auto y_of = [&](double time) { return top + time * h; };
  auto lane_x = [&](uint32_t column, bool outward) {
    return left + column * w + pad + (outward ? 0 : lane + pad);
  };

  Svg svg(out);
  svg.begin(width, height, standalone);
  svg.text({12, 20}, 15, "start", scene.file, "font-weight=\"bold\"");
  std::string about = fmt::format("{}, {}, {}, root {}", topology.describe(), describe(scene.header.model),
                                  collective_kind_name(collective.kind), topology.node_name(root));
  if (scene.header.claim && !scene.header.claim->name.empty()) about += ", " + scene.header.claim->name;
  svg.text({12, 38}, 12, "start", about, "fill=\"#333\"");
  svg.text({width - 12, 20}, 15, "end", fmt::format("time {}: {} train{}", end, trains.size(), trains.size() == 1 ? "" : "s"),
           "font-weight=\"bold\"");

  // Rows of time units, columns of links.
  svg.open_group("class=\"axes\"");
  const uint64_t every = label_every(h);
  const uint64_t rule = h >= 7 ? 1 : every;
  for (uint64_t u = 0; u <= end; u += rule)
    svg.line({left, y_of(static_cast<double>(u))}, {left + plot_width, y_of(static_cast<double>(u))},
             u % every == 0 ? "stroke=\"#d8d8d8\" stroke-width=\"1\"" : "stroke=\"#eee\" stroke-width=\"1\"");
  for (uint64_t u = 0; u <= end; u += every)
    svg.text({left - 6, y_of(static_cast<double>(u)) + 4}, 11, "end", std::to_string(u), "fill=\"#555\"");
  svg.text({left - 6, top - 8}, 11, "end", "time", "fill=\"#555\"");
  for (size_t c = 0; c < columns.list.size(); ++c) {
    const double x = left + static_cast<double>(c) * w;
    svg.rect({x + pad, top}, lane, plot_bottom - top, "fill=\"#f6f8ff\"");
    svg.rect({x + 2 * pad + lane, top}, lane, plot_bottom - top, "fill=\"#fbf6ef\"");
    svg.line({x, top}, {x, plot_bottom}, "stroke=\"#ccc\" stroke-width=\"1\"");
    const double mid = x + w / 2;
    if (slanted)
      svg.text({mid, top - 6}, 10.5, "start", heads[c],
               fmt::format("fill=\"#333\" transform=\"rotate(-55 {} {})\"", num(mid), num(top - 6)));
    else
      svg.text({mid, top - 8}, 11, "middle", heads[c], "fill=\"#333\"");
  }
  svg.line({left + plot_width, top}, {left + plot_width, plot_bottom}, "stroke=\"#ccc\" stroke-width=\"1\"");
  svg.close_group();

  svg.open_group("class=\"step\" data-step=\"0\"");
  for (size_t i = 0; i < trains.size(); ++i) {
    const DrawnTransfer& t = trains[i];
    const bool error = scene.marked(t.line);
    const bool control = !t.control.empty();
    const std::string colour = error     ? std::string(error_colour)
                               : control ? std::string("#8a8a8a")
                               : collective.kind == CollectiveKind::broadcast
                                   ? message_colour(static_cast<uint32_t>(i % 10))
                                   : message_colour(t.message);
    svg.open_group(fmt::format("class=\"transfer{}\" data-line=\"{}\"", error ? " error" : "", t.line));
    const uint64_t at = t.time.value_or(0);
    std::string title = fmt::format("line {}: {}", t.line, t.text);
    if (t.length > 0) title += fmt::format(" (arrives {})", at + t.hops + t.length - 1);
    svg.title(title);
    // One cell per hop: its lane, the units its channel is busy.
    struct Cell {
      double x, y;
    };
    std::vector<Cell> cells;
    NodeId tail = t.from;
    for (uint32_t k = 0; k < t.drawn_hops; ++k) {
      const NodeId head = topology.channel_head(scene.channels[t.first_hop + k]);
      const auto [column, outward] = columns.of(tail, head);
      cells.push_back({lane_x(column, outward), y_of(static_cast<double>(at + k))});
      tail = head;
    }
    const double tall = static_cast<double>(t.length) * h;
    if (cells.empty()) {
      // Nothing could be drawn of the route: a ring at the dispatch time.
      svg.circle({left - 30, y_of(static_cast<double>(at))}, 4, fmt::format("fill=\"none\" stroke=\"{}\"", colour));
    } else if (t.length == 0) {
      // A null message occupies nothing: its route, dashed.
      std::string d;
      for (const Cell& c : cells)
        d += fmt::format("{}{} {} ", d.empty() ? "M" : "L", num(c.x + lane / 2), num(c.y));
      if (cells.size() == 1) d += fmt::format("L{} {}", num(cells[0].x + lane / 2), num(cells[0].y + h / 2));
      svg.path(d, fmt::format("fill=\"none\" stroke=\"{}\" stroke-width=\"1.5\" stroke-dasharray=\"4 3\"", colour));
    } else {
      // Faint joints between a train's cells say they are one train; the cells say where its flits are.
      for (size_t k = 1; k < cells.size(); ++k) {
        const Cell& a = cells[k - 1];
        const Cell& b = cells[k];
        const bool rightwards = b.x >= a.x;
        const double ax = rightwards ? a.x + lane : a.x, bx = rightwards ? b.x : b.x + lane;
        svg.polygon({{ax, a.y}, {bx, b.y}, {bx, b.y + tall}, {ax, a.y + tall}},
                    fmt::format("fill=\"{}\" fill-opacity=\"0.22\"", colour));
      }
      const std::string cell_style =
          fmt::format("fill=\"{}\" fill-opacity=\"{}\" stroke=\"{}\" stroke-width=\"{}\"", colour,
                      error ? 0.6 : 0.85, error ? std::string(error_colour) : "#333", error ? 2.5 : 0.6);
      for (const Cell& c : cells) svg.rect({c.x, c.y}, lane, tall, cell_style);
      const std::string name = train_name(scene, t);
      const double font = std::min(11.0, tall - 2);
      if (font >= 8 && lane >= 6.2 * static_cast<double>(name.size()) * font / 11)
        svg.text({cells[0].x + lane / 2, cells[0].y + tall / 2 + font / 3}, font, "middle", name,
                 "fill=\"#fff\" font-weight=\"bold\"");
    }
    svg.close_group();
  }
  svg.close_group();

  if (table) {
    // Every train by line: what it carries, when it leaves and arrives.
    const double x = left + plot_width + 24;
    const std::string mono = "font-family=\"DejaVu Sans Mono, monospace\" style=\"white-space:pre\"";
    svg.text({x, top + 4}, 11, "start", "line train      flits dispatch arrival",
             "font-weight=\"bold\" fill=\"#333\" " + mono);
    for (size_t i = 0; i < trains.size(); ++i) {
      const DrawnTransfer& t = trains[i];
      const double y = top + 20 + static_cast<double>(i) * 15.0;
      const bool error = scene.marked(t.line);
      const std::string name = (t.control.empty() ? ": " : "! ") + train_name(scene, t);
      const uint64_t dispatch = t.time.value_or(0);
      const std::string arrival = t.length ? std::to_string(dispatch + t.hops + t.length - 1) : "-";
      svg.text({x, y}, 11, "start",
               fmt::format("{:>4} {:<10} {:>5} {:>8} {:>7}", t.line, name, t.length, dispatch, arrival),
               fmt::format("fill=\"{}\" {}", error ? std::string(error_colour) : "#333", mono));
    }
  }

  svg.text({12, legend_top + 11}, 11.5, "start",
           "time runs down; a column per link, its left lane away from the root, its right lane toward it",
           "fill=\"#333\"");
  svg.text({12, legend_top + 26}, 11.5, "start",
           "a train of l flits fills l units of each lane it crosses, one unit later per hop: dispatch at the "
           "top of its first cell, arrival at the bottom of its last",
           "fill=\"#333\"");
  svg.text({12, legend_top + 41}, 11.5, "start",
           std::string("coloured by message; grey: control flits; dashed: null messages") +
               (scene.marks.empty() ? "" : "; red: an error check found, at its line"),
           "fill=\"#333\"");
  for (size_t i = 0; i < scene.marks.size() && i < 12; ++i)
    svg.text({12, legend_top + 60 + static_cast<double>(i) * 15.0}, 11.5, "start", scene.marks[i].text,
             fmt::format("fill=\"{}\"", error_colour));
  if (scene.marks.size() > 12)
    svg.text({12, legend_top + 60 + 12 * 15.0}, 11.5, "start",
             fmt::format("... and {} more (schedcheck check lists them)", scene.marks.size() - 12),
             fmt::format("fill=\"{}\"", error_colour));
  svg.end();
  return true;
}

}  // namespace schedcheck::render
