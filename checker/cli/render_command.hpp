// Render command: `schedcheck render`, a thin layer over checker/render that draws a schedule the core parsed.
#pragma once

#include "options.hpp"

namespace schedcheck::cli {

int run_render(const Arguments& args);

}  // namespace schedcheck::cli
