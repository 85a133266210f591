// Tree shapes: one parent array for every rooted tree shape of n nodes, for the tests that go over all of them.
#pragma once

#include <algorithm>
#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace schedcheck::test {

// A rooted tree's shape, the same for every labelling: (children's shapes, sorted).
inline std::string tree_shape(const std::vector<std::vector<uint32_t>>& children, uint32_t v) {
  std::vector<std::string> parts;
  for (uint32_t c : children[v]) parts.push_back(tree_shape(children, c));
  std::sort(parts.begin(), parts.end());
  std::string s = "(";
  for (const std::string& p : parts) s += p;
  return s + ")";
}

// One parent array (parent[v] < v, parent[0] = `root_mark`) for every rooted
// tree shape of n nodes: 1, 1, 2, 4, 9, 20, 48, 115, 286 for n = 1..9.
inline std::vector<std::vector<uint32_t>> tree_shapes(uint32_t n, uint32_t root_mark) {
  std::vector<std::vector<uint32_t>> shapes;
  std::set<std::string> seen;
  std::vector<uint32_t> parents(n, 0);
  for (;;) {
    std::vector<std::vector<uint32_t>> children(n);
    for (uint32_t v = 1; v < n; ++v) children[parents[v]].push_back(v);
    if (seen.insert(tree_shape(children, 0)).second) {
      shapes.push_back(parents);
      shapes.back()[0] = root_mark;
    }
    uint32_t v = n - 1;  // the next parent array, like an odometer
    while (v > 0 && parents[v] == v - 1) parents[v--] = 0;
    if (v == 0) break;
    ++parents[v];
  }
  return shapes;
}

}  // namespace schedcheck::test
