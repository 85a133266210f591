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

// A class of time-independent schedules (encoding.md, "The periodic class"):
// those that each of these translations maps onto itself, every PU
// forwarding and injecting as the PUs it is moved onto. A translation gives
// one shift per dimension, taken modulo its side. Empty: every schedule.
using Translations = std::vector<std::vector<uint32_t>>;

// The periodic class's translations: periods[d] along dimension d.
Translations periodic_translations(const std::vector<uint32_t>& periods);

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
// With `invariant`, the model is one of that class's CNF.
SearchReport search_time_independent_gossip_from_model(const Grid& grid, uint32_t steps, const NamedValues& model,
                                                       const SearchLimits& limits, std::string& unset,
                                                       const Translations& invariant = {});

// The encoding for exactly `steps` steps, goal included, as DIMACS CNF.
// With `invariant`, the class of schedules those translations map onto
// themselves: PU u forwards and injects as the least PU of its orbit. Its
// schedules are schedules of the full encoding, so a model is a witness,
// and an unsat refutes the class alone.
std::string time_independent_gossip_dimacs(const Grid& grid, uint32_t steps, const Translations& invariant = {});

}  // namespace schedcheck::search
