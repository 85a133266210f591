// Scene: what render draws of a schedule, read by the core's reader: its steps, each transfer's route, the marks of errors.
//
// render draws what the core parsed, never a parse of its own: the header,
// the transfers and their routes come from Reader and expand_any_route. The
// scene keeps only the steps to be drawn, and refuses schedules too large to
// draw legibly before it holds them.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "diagnostic.hpp"
#include "line_source.hpp"
#include "schedule.hpp"

namespace schedcheck::render {

inline constexpr MessageId no_message = UINT32_MAX;

// The limits of a legible drawing (specs/render.md).
inline constexpr uint64_t max_transfers_per_step = 100000;
inline constexpr uint64_t max_drawn_hops = 4000000;  // over every step drawn

struct DrawnTransfer {
  uint32_t line = 0;
  NodeId from = no_node;
  uint32_t first_hop = 0;  // into Scene::channels
  uint32_t drawn_hops = 0;  // whole laps after a move's second are left out (route.hpp)
  uint64_t hops = 0;        // every hop of the route
  MessageId message = no_message;  // the first message; none for a combining packet of all it holds
  uint32_t message_count = 0;
  uint64_t length = 0;              // flit model: flits in the train (a control flit: 1)
  std::optional<uint64_t> time;     // flit model: dispatch time
  std::string control;              // flit model: the control flit's label
  bool route_ok = true;             // false: the route left the network (drawn up to there)
  std::string text;                 // the transfer as the checker reads it, for the tooltip
};

struct DrawnStep {
  uint32_t ordinal = 0;  // 1, 2, ... in file order; 0 in the flit model, which has no steps
  uint64_t number = 0;   // as written
  std::vector<DrawnTransfer> transfers;
};

// A diagnostic to show: the line it names, its step, its text.
struct Mark {
  uint32_t line = 0;
  uint32_t step = 0;  // the ordinal of its step; 0: before the first step (the header) or the flit model
  std::string text;
};

struct Scene {
  std::string file;
  Header header;
  std::vector<DrawnStep> steps;       // the steps drawn, in order
  std::vector<ChannelId> channels;    // every drawn hop
  uint32_t step_count = 0;            // steps in the whole schedule
  std::vector<uint32_t> step_lines;   // the line of each step, for placing marks
  std::vector<Mark> marks;

  bool flit() const { return !header.model.step_synchronous(); }
  // The step a line lies in (0 before the first step line).
  uint32_t step_of_line(uint32_t line) const;
  // Diagnostics become marks at their lines and steps.
  void add_marks(const Diagnostics& diagnostics);
  bool marked(uint32_t line) const;
};

struct SceneRequest {
  std::optional<uint32_t> step;  // nullopt: every step
};

// Reads the schedule: the reader's diagnostics, and routes that leave the
// network, go to `diagnostics`. nullopt when the header is unusable (its
// errors are in `diagnostics`) or the drawing would be too large (the
// reason in `refused`).
std::optional<Scene> read_scene(LineSource& source, Diagnostics& diagnostics, const SceneRequest& request,
                                std::string& refused);

}  // namespace schedcheck::render
