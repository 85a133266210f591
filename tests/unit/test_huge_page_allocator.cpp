// Tests of huge_page_allocator.hpp: large arrays aligned to a huge page and zeroed, small ones as usual.
#include "huge_page_allocator.hpp"

#include <algorithm>
#include <cstdint>
#include <vector>

#include <doctest/doctest.h>

namespace schedcheck {
namespace {

using Words = std::vector<uint64_t, HugePageAllocator<uint64_t>>;

TEST_CASE("an array of a huge page or more starts on a huge page and is zero-filled") {
  const size_t words = (size_t{3} << 20) / sizeof(uint64_t) + 5;  // 3 MiB and a little: rounded up to 4 MiB
  Words w(words, 0);
  CHECK(reinterpret_cast<uintptr_t>(w.data()) % HugePageAllocator<uint64_t>::huge_page == 0);
  CHECK(std::all_of(w.begin(), w.end(), [](uint64_t x) { return x == 0; }));
  w.back() = 7;  // the whole array is writable
  w.front() = 9;
  Words copy = w;
  CHECK(copy == w);
}

TEST_CASE("a small array is an ordinary allocation") {
  Words w(100, 3);
  CHECK(w.size() == 100);
  CHECK(std::count(w.begin(), w.end(), 3U) == 100);
  w.resize(size_t{1} << 19);  // grows past a huge page: reallocated by the other branch, contents kept
  CHECK(w[99] == 3);
  CHECK(w[100] == 0);
}

}  // namespace
}  // namespace schedcheck
