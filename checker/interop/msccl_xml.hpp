// MSCCL XML: an algorithm file (<algo>/<gpu>/<tb>/<step>) translated into the schedule format on a network the user names.
#pragma once

#include <string>
#include <string_view>

#include "translation.hpp"

namespace schedcheck::interop {

// Translates an MSCCL algorithm (specs/interop.md, section 3): every send is
// matched with its peer's receive on the same channel, timed as early as its
// threadblock's order, its dependency and its partner allow, and written as
// a transfer of that step on `network`. Errors of buffer slots (a chunk sent
// from a slot before it is filled, an output slot left wrong) are found here
// and returned as located errors; link conflicts, links the network lacks,
// and missing chunks are left to the core.
Translation import_msccl_xml(std::string_view text, const std::string& file, const NamedNetwork& network);

}  // namespace schedcheck::interop
