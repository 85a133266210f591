// HugePageAllocator: large arrays on transparent huge pages, where the kernel offers them.
//
// The knowledge matrix is P^2 bits (32 MiB at P = 16,384) read and written
// at addresses that follow the schedule, not memory order. With 4 KiB pages
// nearly every access also misses the TLB; 2 MiB pages cover the matrix
// with a few entries. An allocation of at least one huge page is aligned to
// it and advised (madvise) before its first touch, so that the vector's
// zero-filling faults it in as huge pages. Where the kernel declines, it
// stays an ordinary allocation.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <memory>
#include <new>

#include <sys/mman.h>

namespace schedcheck {

template <class T>
class HugePageAllocator {
 public:
  using value_type = T;
  static constexpr size_t huge_page = size_t{2} << 20;

  HugePageAllocator() = default;
  template <class U>
  HugePageAllocator(const HugePageAllocator<U>&) {}

  T* allocate(size_t n) {
    const size_t bytes = n * sizeof(T);
    if (bytes < huge_page) return std::allocator<T>().allocate(n);
    const size_t rounded = (bytes + huge_page - 1) / huge_page * huge_page;
    void* p = std::aligned_alloc(huge_page, rounded);
    if (!p) throw std::bad_alloc();
#ifdef MADV_HUGEPAGE
    ::madvise(p, rounded, MADV_HUGEPAGE);  // advice only: its failure changes nothing
#endif
    return static_cast<T*>(p);
  }
  void deallocate(T* p, size_t n) {
    if (n * sizeof(T) < huge_page) {
      std::allocator<T>().deallocate(p, n);
      return;
    }
    std::free(p);
  }

  template <class U>
  bool operator==(const HugePageAllocator<U>&) const {
    return true;
  }
};

}  // namespace schedcheck
