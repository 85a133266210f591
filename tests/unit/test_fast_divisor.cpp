// Tests of fast_divisor.hpp: quotient and remainder by multiplication agree with the hardware's.
#include "fast_divisor.hpp"

#include <doctest/doctest.h>

#include <cstdint>
#include <vector>

namespace schedcheck {
namespace {

TEST_CASE("quotient and remainder equal / and % for small, large and boundary values") {
  const std::vector<uint32_t> divisors = {1, 2, 3, 5, 7, 10, 64, 100, 1000, 1024, 4095, 65535, 65536, 1u << 20,
                                          (1u << 26) + 1, 2147483647u, 4294967295u};
  std::vector<uint32_t> values = {0, 1, 2, 3, 63, 64, 65, 4095, 4096, 65535, 65536, 2147483647u, 2147483648u,
                                  4294967294u, 4294967295u};
  // A spread of values from a fixed linear congruential sequence.
  uint64_t x = 12345;
  for (int i = 0; i < 2000; ++i) {
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    values.push_back(static_cast<uint32_t>(x >> 32));
  }
  for (uint32_t d : divisors) {
    const FastDivisor fd(d);
    CHECK(fd.divisor() == d);
    for (uint32_t a : values) {
      REQUIRE_MESSAGE(fd.quotient(a) == a / d, "a=" << a << " d=" << d);
      REQUIRE_MESSAGE(fd.remainder(a) == a % d, "a=" << a << " d=" << d);
    }
    // Around every multiple near the top of the range, where rounding would show.
    for (uint64_t m = (uint64_t{UINT32_MAX} / d) * d; m + d > m && m >= d && m > uint64_t{UINT32_MAX} - 3 * uint64_t{d};
         m -= d) {
      for (uint64_t a = m - 1; a <= m + 1 && a <= UINT32_MAX; ++a) {
        REQUIRE(fd.quotient(static_cast<uint32_t>(a)) == a / d);
        REQUIRE(fd.remainder(static_cast<uint32_t>(a)) == a % d);
      }
    }
  }
}

}  // namespace
}  // namespace schedcheck
