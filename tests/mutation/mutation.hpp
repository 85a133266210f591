// Mutation operators: small deliberate defects made in a schedule's text, each at a position drawn from a seeded generator.
#pragma once

#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "reference.hpp"

namespace mutation {

enum class Operator {
  drop,          // a transfer dropped
  duplicate,     // a transfer duplicated into its own step (the flit model: at its own time)
  earlier,       // a transfer moved a step earlier (the flit model: dispatched a time unit earlier)
  sign,          // a move's direction flipped
  dimension,     // a move's dimension changed
  long_way,      // a move round a ring or torus made to go the other way round
  message,       // a message changed for another
  sender,        // the sender changed (a node list: for another neighbour of its first hop)
  step_removed,  // a step removed, the later ones renumbered
  claim,         // the claimed steps or time lowered by one
};
inline constexpr Operator all_operators[] = {Operator::drop,      Operator::duplicate, Operator::earlier,
                                             Operator::sign,      Operator::dimension, Operator::long_way,
                                             Operator::message,   Operator::sender,    Operator::step_removed,
                                             Operator::claim};
const char* operator_name(Operator op);

struct Mutant {
  std::string text;
  size_t line = 0;   // the changed transfer's line in the mutant; 0 when no transfer line is left changed
  std::string diff;  // what changed, as '-old' and '+new' lines
};

// At most `limit` mutants of `schedule` (read from `lines`) by `op`, at
// distinct positions drawn from `rng`; none where the operator does not
// apply (no moves in node-list routes, no steps in the flit model).
std::vector<Mutant> mutate(const std::vector<std::string>& lines, const Schedule& schedule, Operator op, size_t limit,
                           std::mt19937_64& rng);

}  // namespace mutation
