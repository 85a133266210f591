// Solver memory: the most Z3 may take, so that a search too large for the machine gives up instead of exhausting it.
//
// Z3 takes memory as it builds and solves, far more than the network's own
// size (32x32 broadcast under dimension-order-shorter: 3.5 GB for one
// step), and past the machine's memory the system would end the process
// with no word. Past its limit Z3 raises an exception instead.
#pragma once

#include <cstdint>
#include <exception>

namespace schedcheck::search {

// Three quarters of this machine's physical memory, or of the process's
// memory limit where that is lower, in MiB (0 if unknown).
uint64_t default_solver_memory_mib();
// From now on, for every Z3 context of the process.
void limit_solver_memory(uint64_t mib);
// Raises Z3's own out-of-memory exception once Z3 holds nine tenths of the
// limit. Z3 raises it itself only where it checks: inside some of its calls
// that build an encoding (an ast_vector's creation, in Z3 4.8) it returns
// nothing instead, and the caller crashes. So the loops that build an
// encoding ask here first (Deadline::keep).
void keep_solver_memory();
// Whether `e` is Z3's exception at that limit.
bool solver_out_of_memory(const std::exception& e);

}  // namespace schedcheck::search
