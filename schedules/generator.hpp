// Generator registry: every schedule generator, its parameters and the paper section it implements.
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "schedule_text.hpp"

namespace schedcheck::gen {

struct Request {
  Torus torus;
  bool time_independent = false;  // the gossip generators' variant without switching
};

struct Generator {
  std::string name;
  std::string topology;  // the topologies it accepts, e.g. "torus n x n, n >= 2"
  std::string model;     // the model line it emits
  std::string collective;  // the collective line it emits; empty: a broadcast from the source
  std::string source;    // paper and section
  // Claimed steps for a size, or an error naming the condition that fails.
  std::function<bool(const Request&, Claim&, std::string& error)> claim;
  // Writes the steps (the header is written by the caller, with the claim).
  std::function<void(const Request&, ScheduleText&)> write;
};

const std::vector<Generator>& generators();
const Generator* find_generator(const std::string& name);

}  // namespace schedcheck::gen
