// JRS generators: the Juurlink-Rao-Sibeyn gossip generators, their registry, their claims and their text.
//
// Apart from the torus registry (generator.hpp) because these schedules
// carry a cost line and a claimed time, take the start-up ratio r, the
// circgos parameters and the phase algorithms, and run on meshes and linear
// arrays as well as tori and rings.
#pragma once

#include <cstdio>
#include <functional>
#include <string>
#include <string_view>
#include <vector>

#include "jrs_highdim.hpp"

namespace schedcheck::gen {

inline constexpr std::string_view jrs_model = "wormhole all-port dimension-order combining";

struct JrsRequest {
  GridGossip grid;     // the network (one side: a ring or path) and, for highdimgos, its phases
  double r = 1;        // t_s / (l*t_l)
  uint32_t a = 0;      // circgos: bridgeheads, and their factor per round
  uint32_t b = 0;      // circgos: steps per round
  bool best = false;   // circgos: choose a and b for n and r

  LinearArray array() const { return {grid.sizes.at(0), grid.torus}; }
};

// A request on a ring (or path) of n PUs.
inline JrsRequest linear_request(uint32_t n, bool ring, double r) {
  JrsRequest q;
  q.grid.sizes = {n};
  q.grid.torus = ring;
  q.r = r;
  return q;
}

struct JrsGenerator {
  std::string name;
  std::string topology;  // the arrays it accepts
  std::string source;    // paper and section
  // Empty, or why the request does not fit; may fill in the request (--best).
  std::function<std::string(JrsRequest&)> prepare;
  // Hands the schedule's steps, in order, to `emit`.
  std::function<void(const JrsRequest&, const std::function<void(const GridStep&)>& emit)> plan;
  std::function<uint64_t(const JrsRequest&)> claimed_steps;  // the reconstructed formulas (lemmas.md)
  std::function<double(const JrsRequest&)> claimed_time;
  std::string_view model = jrs_model;  // the model line: all-port but for Section 7's one-port variants
};

const std::vector<JrsGenerator>& jrs_generators();
const JrsGenerator* find_jrs_generator(const std::string& name);

// The comment, header (cost line, claimed steps and time) and steps.
void write_jrs_schedule(std::FILE* out, const JrsGenerator& g, const JrsRequest& request);

}  // namespace schedcheck::gen
