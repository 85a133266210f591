// Scene: reading a schedule for drawing, through the core's reader and route expansion.
#include "scene.hpp"

#include <algorithm>

#include <fmt/format.h>

#include "reader.hpp"
#include "route.hpp"
#include "schedule_writer.hpp"

namespace schedcheck::render {

uint32_t Scene::step_of_line(uint32_t line) const {
  // step_lines is increasing: the step is the last one opened at or before the line.
  const auto after = std::upper_bound(step_lines.begin(), step_lines.end(), line);
  return static_cast<uint32_t>(after - step_lines.begin());
}

void Scene::add_marks(const Diagnostics& diagnostics) {
  for (const Diagnostic& d : diagnostics.kept())
    marks.push_back({d.pos.line, flit() ? 0 : step_of_line(d.pos.line), diagnostics.format(d)});
  std::stable_sort(marks.begin(), marks.end(), [](const Mark& a, const Mark& b) { return a.line < b.line; });
}

bool Scene::marked(uint32_t line) const {
  const auto it = std::lower_bound(marks.begin(), marks.end(), line,
                                   [](const Mark& m, uint32_t l) { return m.line < l; });
  return it != marks.end() && it->line == line;
}

namespace {

DrawnTransfer drawn(const Header& header, const Transfer& t) {
  DrawnTransfer d;
  d.line = t.pos.line;
  d.from = t.from;
  d.message_count = static_cast<uint32_t>(t.messages.size());
  if (!t.messages.empty()) d.message = t.messages.front().message;
  else if (header.collective.kind == CollectiveKind::broadcast) d.message = 0, d.message_count = 1;
  d.time = t.time;
  d.control = t.control;
  if (!d.control.empty()) d.length = 1;
  else if (d.message != no_message) d.length = header.collective.message_length(d.message);
  append_transfer(d.text, header, t, NodeNaming::coordinates);
  d.text.erase(0, d.text.find_first_not_of(' '));
  return d;
}

}  // namespace

std::optional<Scene> read_scene(LineSource& source, Diagnostics& diagnostics, const SceneRequest& request,
                                std::string& refused) {
  Scene scene;
  scene.file = diagnostics.file();
  Reader reader(source, diagnostics);
  if (!reader.read_header(scene.header) || !scene.header.topology) return std::nullopt;
  const Topology& topology = *scene.header.topology;
  const bool flit = scene.flit();
  if (flit) scene.steps.push_back({0, 0, {}});

  std::vector<Hop> hops;
  bool keep = flit;  // whether the current step is drawn
  Transfer t;
  for (Reader::Event e; (e = reader.next(t)) != Reader::Event::end;) {
    if (e == Reader::Event::step) {
      ++scene.step_count;
      scene.step_lines.push_back(reader.step_pos().line);
      keep = !request.step || *request.step == scene.step_count;
      if (keep) scene.steps.push_back({scene.step_count, reader.step_number(), {}});
      continue;
    }
    if (e != Reader::Event::transfer || !keep) continue;
    DrawnStep& step = scene.steps.back();
    if (step.transfers.size() >= max_transfers_per_step) {
      refused = flit ? fmt::format("more than {} trains, more than a picture shows legibly", max_transfers_per_step)
                     : fmt::format("step {} has more than {} transfers, more than a picture shows legibly",
                                   step.number, max_transfers_per_step);
      return std::nullopt;
    }
    DrawnTransfer d = drawn(scene.header, t);
    d.route_ok = expand_any_route(topology, t, hops, d.hops, diagnostics);
    if (scene.channels.size() + hops.size() > max_drawn_hops) {
      refused = fmt::format("the steps drawn have more than {} hops, more than a picture shows legibly{}",
                            max_drawn_hops, request.step ? "" : " (draw one step with --step S)");
      return std::nullopt;
    }
    d.first_hop = static_cast<uint32_t>(scene.channels.size());
    d.drawn_hops = static_cast<uint32_t>(hops.size());
    for (const Hop& h : hops) scene.channels.push_back(h.channel);
    step.transfers.push_back(std::move(d));
  }
  return scene;
}

}  // namespace schedcheck::render
