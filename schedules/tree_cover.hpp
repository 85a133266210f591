// Tree cover: edge-disjoint trees rooted at one node that together reach every node (Bhatt et al., Section 4).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "rooted_network.hpp"

namespace schedcheck::gen {

// One tree of a cover. A node outside it has parent no_depth and depth
// no_depth; the root has parent = itself and depth 0.
struct CoverTree {
  std::vector<uint32_t> parent;
  std::vector<uint32_t> depth;
  std::vector<uint32_t> branch;  // per member: the root's child its route starts with (the root: itself)
};

// `count` trees rooted at `root`, no link in two of them, whose union holds
// every node the root reaches (Bhatt et al., Section 4: "mutually
// edge-disjoint trees rooted at P_0 [that] collectively, though not
// necessarily individually, span the host network"). The root's links are
// dealt to the trees in turn (tree t gets links t, t + count, ...), and the
// trees then grow a layer each in turn, breadth first, each taking every
// unused link from its newest layer to a node it does not hold yet. A tree
// stops when every link leaving it is taken; in a connected network the
// union then holds every node (a node in no tree would have a free link to
// a tree that holds its neighbour). With count = 1 this is the breadth-first
// tree. Parallel links count as one (a route names nodes, not links).
// Needs 1 <= count <= the root's neighbours.
std::vector<CoverTree> cover_with_trees(const Network& network, uint32_t root, uint32_t count);

// The parents of a cover tree as a header-like word list: "- 0 0 . 1" with
// "-" for the root and "." for nodes outside the tree.
std::string cover_tree_parents(const CoverTree& tree);

}  // namespace schedcheck::gen
