// MSCCL export: a store-and-forward schedule written as MSCCL XML that the MSCCL runtime loads.
#pragma once

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace schedcheck::interop {

// One packet of a store-and-forward schedule: `message` crosses from -> to.
struct ExportTransfer {
  uint32_t from = 0, to = 0;
  uint32_t message = 0;  // gossip: node*parts + part; broadcast: 0; scatter, gather: the node it is named by
};

struct ExportSchedule {
  std::string name;
  std::string kind;  // "gossip", "broadcast", "scatter" or "gather"
  uint32_t nodes = 0, root = 0, parts = 1;
  std::vector<std::vector<ExportTransfer>> steps;
};

// The MSCCL XML of `schedule` (specs/interop.md, section 4): one threadblock
// per peer, direction and channel, the operations in step order, and a
// dependency wherever a send waits for the receive that brought its chunk.
// nullopt with `error` set when the schedule does not fit (too large).
std::optional<std::string> export_msccl_xml(const ExportSchedule& schedule, std::string& error);

}  // namespace schedcheck::interop
