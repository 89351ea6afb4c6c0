// A fixed-size array of doubles (or floats: `precision: "float32"` data) in one 64-byte
// aligned allocation (a cache line), so that rows start on predictable boundaries for the
// plugins' loops. It is taken with the aligned operator new, like every other allocation, so
// that a test counting allocations sees it.
#pragma once

#include <cstddef>
#include <memory>
#include <new>

namespace plab {

template <class T>
class AlignedBlock {
 public:
  static constexpr std::size_t kAlignment = 64;

  AlignedBlock() = default;
  explicit AlignedBlock(std::size_t size) : size_(size) {
    const std::size_t bytes = ((size * sizeof(T) + kAlignment - 1) / kAlignment) * kAlignment;
    data_.reset(static_cast<T*>(
        ::operator new (bytes == 0 ? kAlignment : bytes, std::align_val_t{kAlignment})));
  }

  T* data() { return data_.get(); }
  const T* data() const { return data_.get(); }
  std::size_t size() const { return size_; }
  T& operator[](std::size_t i) { return data_[i]; }
  T operator[](std::size_t i) const { return data_[i]; }

 private:
  struct Free {
    void operator()(T* p) const { ::operator delete (p, std::align_val_t{kAlignment}); }
  };
  std::unique_ptr<T[], Free> data_;
  std::size_t size_ = 0;
};

using AlignedArray = AlignedBlock<double>;

}  // namespace plab
