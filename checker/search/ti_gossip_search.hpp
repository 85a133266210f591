// Time-independent gossip search: a Z3 encoding of one-packet, store-and-forward, all-port gossip in which
// every PU forwards what arrives from each side to a fixed set of directions in every step (Meyer-Sibeyn).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "grid.hpp"
#include "outcome.hpp"
#include "sat_model.hpp"

namespace schedcheck::search {

// Tries first, first+1, ..., last steps; stops at the first satisfiable count
// (the witness, whose forwarding the core re-checks) or when it gives up;
// with limits.count_timeout, an unknown count is reported and the climb goes
// on to the next. The
// unknowns are each PU's injection directions (step 1) and its forwarding map
// (arrival side -> outgoing directions); the packets' routes follow from
// them, and each channel carries at most one packet per step. On a torus
// each count is first tried among schedules whose PUs all use the same maps
// (`structured_first`): the translation-invariant ones by enumeration
// (translation_invariant_gossip.hpp), then with Z3. Their witnesses settle
// the count; that they find none proves nothing.
SearchReport search_time_independent_gossip(const Grid& grid, uint32_t first, uint32_t last,
                                            const SearchLimits& limits, bool structured_first = true);

// The schedule of another SAT solver's model of the CNF that
// time_independent_gossip_dimacs wrote for `steps`: the encoding with its
// maps and sends set as the model names them, solved by Z3 for the rest
// (sat: the witness; unsat: the model is no schedule of this encoding).
// Sets `unset` to a send (or step 1's injection) the model leaves out, and
// tries nothing then.
// With `periods`, the model is one of the periodic class's CNF.
SearchReport search_time_independent_gossip_from_model(const Grid& grid, uint32_t steps, const NamedValues& model,
                                                       const SearchLimits& limits, std::string& unset,
                                                       const std::vector<uint32_t>& periods = {});

// The encoding for exactly `steps` steps, goal included, as DIMACS CNF.
// With `periods` (one per dimension, each dividing its size), the periodic
// class: PU u forwards and injects as the PU of u's coordinates modulo the
// periods, so its maps repeat along each dimension with its period. Its
// schedules are schedules of the full encoding, so a model is a witness,
// and an unsat refutes the class alone.
std::string time_independent_gossip_dimacs(const Grid& grid, uint32_t steps,
                                           const std::vector<uint32_t>& periods = {});

}  // namespace schedcheck::search
