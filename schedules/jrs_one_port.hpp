// JRS one-port: Juurlink, Rao and Sibeyn's Paragon variants (Section 7) of approaches 1, 2 and 11, one packet in and out per PU per step.
//
// On the Paragon a PU cannot serve its four links at once, so the paper
// recasts its gossip algorithms for a one-port model: approach 1 can no
// longer send both ways in one step, approach 2 concentrates by doubling
// instead of tripling, and approach 11 gives each PU of a 2 x 2 submesh one
// direction ("white nodes route packets ... orthogonally [to the] black
// ones"). The reconstructions and their formulas are in specs/lemmas.md
// ("JRS", Section 7). Times are in units of l*t_l, as for the all-port
// generators (jrs_gossip.hpp).
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "jrs_highdim.hpp"

namespace schedcheck::gen {

inline constexpr std::string_view jrs_one_port_model = "wormhole one-port dimension-order combining";

// Empty, or why a ring or path does not fit the one-port approaches.
std::string one_port_linear_refusal(const GridGossip& grid);

// Approach 1 under one-port: approach 1's steps, each split into its
// rightward and its leftward half, on a ring; on a path the same on the ring
// folded into it (0, 2, 4, ..., then the odd PUs back), whose wormhole paths
// of at most 2 hops use every channel once per step. n-1 steps of 1 datum.
std::vector<GossipStep> approach_1_one_port(const LinearArray& array);
uint64_t approach_1_one_port_steps(const LinearArray& array);
double approach_1_one_port_time(const LinearArray& array, double r);

// Approach 2 under one-port: concentrate by doubling (ceil(log_2 n) steps,
// a block's first half sending its 2^(k-1) data to its second half's
// collector), then disseminate by the same steps reversed. No wraparound.
std::vector<GossipStep> approach_2_one_port(const LinearArray& array);
uint64_t approach_2_one_port_steps(const LinearArray& array);
double approach_2_one_port_time(const LinearArray& array, double r);

// Approach 11 with black and white PUs on an n1 x n2 torus or mesh (n1, n2
// even): a gossip in every 2 x 2 submesh, then the white PUs ((i+j) even)
// circulate their submesh's data along the rows while the black ones do
// along the columns, then the other way round, each ring of one colour
// running approach 1 under one-port.
std::string black_white_refusal(const GridGossip& grid);
void black_white_gossip(const GridGossip& grid, const std::function<void(const GridStep&)>& emit);
uint64_t black_white_steps(const GridGossip& grid);
double black_white_time(const GridGossip& grid, double r);

}  // namespace schedcheck::gen
