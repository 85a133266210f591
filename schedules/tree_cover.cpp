// Tree cover: edge-disjoint trees rooted at one node, grown a layer each in turn until no free link leaves them.
#include "tree_cover.hpp"

#include <algorithm>
#include <map>
#include <utility>

namespace schedcheck::gen {

std::vector<CoverTree> cover_with_trees(const Network& network, uint32_t root, uint32_t count) {
  const uint32_t n = network.node_count();
  // Whether the link between two nodes is free. Parallel links count as
  // one: a route names nodes, so the format cannot put two trains on two
  // links between the same nodes.
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> free;
  for (uint32_t v = 0; v < n; ++v)
    for (uint32_t w : network.neighbours(v))
      if (v < w) free[{v, w}] = 1;
  auto take = [&](uint32_t u, uint32_t w) {
    uint32_t& left = free[{std::min(u, w), std::max(u, w)}];
    if (left == 0) return false;
    --left;
    return true;
  };

  std::vector<CoverTree> trees(count, CoverTree{std::vector<uint32_t>(n, no_depth), std::vector<uint32_t>(n, no_depth),
                                                std::vector<uint32_t>(n, no_depth)});
  std::vector<std::vector<uint32_t>> layer(count);
  auto join = [&](uint32_t t, uint32_t w, uint32_t parent) {
    CoverTree& tree = trees[t];
    tree.parent[w] = parent;
    tree.depth[w] = tree.depth[parent] + 1;
    tree.branch[w] = parent == root ? w : tree.branch[parent];
    layer[t].push_back(w);
  };
  for (CoverTree& tree : trees) tree.parent[root] = root, tree.depth[root] = 0, tree.branch[root] = root;
  uint32_t dealt = 0;
  for (uint32_t w : network.neighbours(root))
    if (take(root, w)) join(dealt++ % count, w, root);  // a parallel link again is no longer free
  for (bool grew = true; grew;) {
    grew = false;
    for (uint32_t t = 0; t < count; ++t) {
      const std::vector<uint32_t> newest = std::move(layer[t]);
      layer[t].clear();
      for (uint32_t u : newest)
        for (uint32_t w : network.neighbours(u))
          if (trees[t].depth[w] == no_depth && take(u, w)) join(t, w, u), grew = true;
    }
  }
  return trees;
}

std::string cover_tree_parents(const CoverTree& tree) {
  std::string s;
  for (uint32_t v = 0; v < tree.parent.size(); ++v) {
    if (v) s += ' ';
    s += tree.depth[v] == no_depth ? "." : tree.depth[v] == 0 ? "-" : std::to_string(tree.parent[v]);
  }
  return s;
}

}  // namespace schedcheck::gen
