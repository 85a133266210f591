// Search command: `schedcheck search`, a thin layer over checker/search whose every witness the core re-checks.
#pragma once

#include "options.hpp"

namespace schedcheck::cli {

int run_search(const Arguments& args);

}  // namespace schedcheck::cli
