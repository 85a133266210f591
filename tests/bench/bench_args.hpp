// Bench arguments: the whole numbers the benchmarks take as options.
#pragma once

#include <cerrno>
#include <cstdint>
#include <cstdlib>

// A decimal count up to 1,000,000 and nothing else; false leaves `out` alone.
inline bool parse_count(const char* text, uint32_t& out) {
  char* end = nullptr;
  errno = 0;
  const unsigned long v = std::strtoul(text, &end, 10);
  if (errno != 0 || end == text || *end != '\0' || v > 1000000) return false;
  out = static_cast<uint32_t>(v);
  return true;
}
