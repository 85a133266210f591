// Peak memory: this process's peak resident set, for the benchmarks.
#pragma once

#include <cstdio>
#include <cstdlib>
#include <cstring>

// VmHWM in KiB, or -1. Read by the measured process itself: ru_maxrss of a
// forked and exec'd child also counts the parent's pages it held between
// fork and exec, while VmHWM belongs to the new address space only.
inline long own_peak_kib() {
  std::FILE* status = std::fopen("/proc/self/status", "r");
  if (!status) return -1;
  char line[256];
  long kib = -1;
  while (std::fgets(line, sizeof line, status))
    if (std::strncmp(line, "VmHWM:", 6) == 0) kib = std::strtol(line + 6, nullptr, 10);
  std::fclose(status);
  return kib;
}
