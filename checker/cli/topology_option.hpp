// Topology option: the --topology forms (torus:5x5, tree:-,0,0,1, graph:4:0-1,1-2, ...) as a header line for the core's reader.
#pragma once

#include <optional>
#include <string>

namespace schedcheck::cli {

// "topology ..." for `spec`, which the core's reader then validates exactly
// as it would a file's line; nullopt when the spec has no known KIND: form.
std::optional<std::string> topology_line(const std::string& spec);

}  // namespace schedcheck::cli
