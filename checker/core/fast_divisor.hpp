// FastDivisor: exact 32-bit division and remainder by a fixed divisor, by multiplication.
//
// Grid checks take a node's coordinate (v / stride) % n for every hop; a
// hardware division there costs more than all the other work of a hop. The
// method is Lemire, Kaser and Kurz's "fastmod": with M = ceil(2^64 / d),
// a / d = floor(M * a / 2^64) and a % d = floor(((M * a) mod 2^64) * d / 2^64),
// exact for all 32-bit a and d >= 1.
#pragma once

#include <cstdint>

namespace schedcheck {

__extension__ using uint128_t = unsigned __int128;  // a GCC and Clang extension

class FastDivisor {
 public:
  FastDivisor() = default;
  explicit FastDivisor(uint32_t d) : d_(d), m_(d == 1 ? 0 : UINT64_MAX / d + 1) {}

  uint32_t divisor() const { return d_; }
  uint32_t quotient(uint32_t a) const {
    if (d_ == 1) return a;
    return static_cast<uint32_t>((static_cast<uint128_t>(m_) * a) >> 64);
  }
  uint32_t remainder(uint32_t a) const {
    if (d_ == 1) return 0;
    const uint64_t low = m_ * a;
    return static_cast<uint32_t>((static_cast<uint128_t>(low) * d_) >> 64);
  }

 private:
  uint32_t d_ = 1;
  uint64_t m_ = 0;
};

}  // namespace schedcheck
