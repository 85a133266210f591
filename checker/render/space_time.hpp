// Space-time diagram: a flit-model schedule as Bhatt et al. draw one, time down and nodes across, each train a parallelogram.
//
// Columns are the network's links, walked from the root (the links of a
// breadth-first tree in depth-first order, so a route out of the root runs
// left to right), each split in two lanes: away from the root, and toward
// it. A train of l flits dispatched at T keeps the channel of its hop i busy
// in the l units T+i-1 .. T+i+l-2 (specs/format.md, section 7.1): a cell of
// that lane, l units tall, one unit lower per hop; the cells of one train
// make the parallelogram of section 7.1's picture. Two cells that overlap
// are two flits on one channel in one unit.
#pragma once

#include <optional>
#include <string>

#include "scene.hpp"

namespace schedcheck::render {

// The limits of a legible diagram (specs/render.md).
inline constexpr uint32_t max_space_time_nodes = 128;
inline constexpr uint64_t max_space_time_units = 2048;

// Appends the SVG; false, with the reason, when the diagram would be too
// large to read. Every train is one <g class="transfer"> with its source
// line in data-line.
bool write_space_time_svg(std::string& out, const Scene& scene, bool standalone, std::string& refused);

}  // namespace schedcheck::render
