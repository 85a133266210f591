// HTML page: a whole schedule in one self-contained page, its steps behind a slider.
//
// The page needs nothing from the network: the SVG is inline and a few lines
// of inline JavaScript show one step group at a time (the slider, the arrow
// keys, a play button, and #N in the address for step N). It is also
// well-formed XML, so that the tests can read it as they read an SVG.
#pragma once

#include <string>
#include <string_view>

#include "scene.hpp"

namespace schedcheck::render {

// The page around `svg`, the inline picture of the scene's steps
// (network_picture.hpp) or of its space-time diagram (no slider then).
std::string html_page(const Scene& scene, std::string_view svg);

}  // namespace schedcheck::render
