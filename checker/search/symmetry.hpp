// Symmetry: the automorphisms of a torus or mesh that fix the source (node 0) and map a routing's routes onto its routes.
//
// The candidates are the signed permutations of the dimensions: reflect
// x -> -x round the source in any set of dimensions, and exchange
// dimensions of equal size. Whether one of them keeps the routing is not
// argued case by case but tested: it is kept only if it maps every route of
// the list onto a route of the same list. So dimension order keeps the
// reflections and loses the exchanges (a path through dimension 1 first
// becomes one through dimension 2 first), the shorter way keeps the
// reflections because it takes both ways at exactly n/2, and a mesh keeps
// no reflection (it would move the corner source, and paths onto wrap
// links that do not exist).
#pragma once

#include <cstdint>
#include <functional>
#include <vector>

#include "grid.hpp"
#include "routes.hpp"

namespace schedcheck::search {

struct SourceSymmetries {
  // The node map of every such automorphism but the identity. With the
  // identity they form a group: each one's inverse and any two's
  // composition are among them.
  std::vector<std::vector<uint32_t>> node_images;
  // For each node the least index in its orbit under the group.
  std::vector<uint32_t> node_orbit;
  // For each route the least index of its class: the classes are those of
  // "r and g(r) are sent together" for every automorphism g that moves r's
  // destination. Where g fixes the destination, r and g(r) both end at
  // one node, and a schedule that sent both would inform it twice, so the
  // pair is left free: without that, no schedule would be symmetric on a
  // torus with an even side (its node n/2 on that side's axis is fixed by
  // every reflection, and every path into it has a reflected twin). The
  // schedules that send whole classes keep the informed set closed under
  // the group: a path into v that g moves has its image into g(v).
  std::vector<uint32_t> route_orbit;
};

// Which automorphisms: every one of those above, or the point reflection
// alone (x -> -x round the source in every dimension at once, a torus
// only). With the identity it is a subgroup of the first, so the schedules
// it maps to themselves are a larger class: 10x10 under the shorter way has
// a 3-step schedule of that class and none that every reflection keeps.
enum class SymmetryGroup { all, point_reflection };

// `keep_time` is called every few thousand routes, so that a caller with
// a deadline can end the work by throwing.
SourceSymmetries source_symmetries(const Grid& grid, const std::vector<Route>& routes,
                                   SymmetryGroup group = SymmetryGroup::all,
                                   const std::function<void()>& keep_time = [] {});

}  // namespace schedcheck::search
