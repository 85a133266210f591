// Topology option: KIND:REST to "topology KIND REST", lists separated by commas becoming blanks.
#include "topology_option.hpp"

#include <algorithm>

namespace schedcheck::cli {

std::optional<std::string> topology_line(const std::string& spec) {
  const size_t colon = spec.find(':');
  if (colon == std::string::npos) return std::nullopt;
  const std::string kind = spec.substr(0, colon);
  std::string rest = spec.substr(colon + 1);
  if (kind == "tree") {
    std::replace(rest.begin(), rest.end(), ',', ' ');
    return "topology tree parents " + rest;
  }
  if (kind == "graph") {
    const size_t second = rest.find(':');
    if (second == std::string::npos) return std::nullopt;
    std::string edges = rest.substr(second + 1);
    std::replace(edges.begin(), edges.end(), ',', ' ');
    return "topology graph " + rest.substr(0, second) + " edges" + (edges.empty() ? "" : " " + edges);
  }
  if (kind != "torus" && kind != "mesh" && kind != "ring" && kind != "path") return std::nullopt;
  return "topology " + kind + " " + rest;
}

}  // namespace schedcheck::cli
