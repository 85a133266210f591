// Network picture: steps of a step-synchronous schedule drawn on the network, each transfer an arrow along its hops.
//
// Each directed channel has its own lane, to the right of its direction, so
// the two directions of a link never overlap; an arrow is coloured by the
// message it carries (in a broadcast, whose one message would paint every
// arrow alike, by its place in the step), and red where check found an error.
#pragma once

#include <string>

#include "layout.hpp"
#include "scene.hpp"

namespace schedcheck::render {

// Appends the SVG of the scene's steps: one step when the scene holds one,
// or every step, the first shown and the others hidden for the HTML page's
// slider to show. Every transfer is one <g class="transfer"> with its source
// line in data-line.
void write_network_svg(std::string& out, const Scene& scene, const Layout& layout, bool standalone);

}  // namespace schedcheck::render
