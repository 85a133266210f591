// JRS highdimgos: gossip on d-dimensional meshes and tori as d phases of one-dimensional gossip (Section 4.3), coloured or not.
//
// Phase f gossips along one axis in every line of the grid at once, each PU's
// datum being all it gathered in the phases before, so packets grow by the
// side of every axis done. highdimgos runs the axes in order; highdimgos'
// splits every PU's data into d colours, colour c running the axes in the
// order c, c+1, ..., so that in every phase each axis carries one colour and
// all ports work: the start-ups stay, the transfer time falls by d.
#pragma once

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "jrs_gossip.hpp"

namespace schedcheck::gen {

// The one-dimensional algorithm of a phase ("approach i" of Section 5.1).
struct PhaseAlgorithm {
  enum class Kind { approach_1, approach_2, circgos } kind = Kind::approach_1;
  uint32_t a = 0, b = 0;  // circgos; 0, 0 with `best`: chosen for the phase's size and r
  bool best = false;
};

// "1", "2", "circgos" (best a, b) or "circgos:A:B"; nullopt if none of these.
std::optional<PhaseAlgorithm> parse_phase_algorithm(const std::string& text);
// A comma-separated list of those ("2,1"); nullopt if one is none of them.
std::optional<std::vector<PhaseAlgorithm>> parse_phase_list(const std::string& text);
std::string phase_algorithm_name(const PhaseAlgorithm& p);
std::string phase_list_name(const std::vector<PhaseAlgorithm>& phases);  // "2,1"

struct GridGossip {
  std::vector<uint32_t> sizes;  // n_1, ..., n_d
  bool torus = true;            // false: a mesh (each line a linear array)
  bool coloured = false;        // highdimgos' (needs equal sides)
  std::vector<PhaseAlgorithm> phases;  // one per axis, or one for all
};

// A packet of the grid: from node `from` (index, dimension 1 fastest),
// `hops` along dimension `dim` (0-based), carrying message ids node*parts + part.
struct GridPacket {
  uint32_t from = 0;
  uint32_t dim = 0;
  int64_t hops = 0;
  std::vector<uint32_t> messages;
};
using GridStep = std::vector<GridPacket>;

// Empty, or why the request does not fit (each phase's algorithm must fit
// its axis: circgos a ring of a^(m+1) PUs). Resolves `best` circgos choices
// for the start-up ratio r, and a single phase algorithm to every axis.
// The largest side the JRS generators take (approach 1 alone lists about
// n^2 data on a line of n), and the most data a schedule may list in all.
inline constexpr uint32_t max_jrs_side = 2048;
inline constexpr uint64_t max_jrs_listed = uint64_t{1} << 30;

std::string prepare_highdimgos(GridGossip& grid, double r);
// The steps one at a time, so that memory holds one step and not the schedule.
void highdimgos(const GridGossip& grid, const std::function<void(const GridStep&)>& emit);
// How many message names the schedule lists, counted on the 1-D plans.
uint64_t highdimgos_listed(const GridGossip& grid);
// The reconstructed step count and time (lemmas.md, "highdimgos and highdimgos'"), in units of l*t_l.
uint64_t highdimgos_steps(const GridGossip& grid);
double highdimgos_time(const GridGossip& grid, double r);

}  // namespace schedcheck::gen
