// Bounded memory for commands that read results of any size (`verify`, `merge`): records sorted
// within a memory budget, spilling sorted runs to a temporary folder beyond it (an external
// sort), and the items that share a key found the same way, exactly.
#pragma once

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <functional>
#include <memory>
#include <optional>
#include <queue>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

namespace puzzlegen {

// The memory `verify` and `merge` give each of their sorts unless told otherwise
// (--key-memory).
inline constexpr std::size_t kDefaultSortMemory = std::size_t{256} << 20;

// Reads "256M", "1G", "512K" or a number of bytes; nullopt when it is none of these.
std::optional<std::size_t> parse_memory_size(const std::string& text);

namespace spill_detail {
// OutputError naming the temporary file, for a full or missing temporary folder (exit 5).
[[noreturn]] void cannot_write(const std::filesystem::path& file);
[[noreturn]] void cannot_read(const std::filesystem::path& file);
}  // namespace spill_detail

// Items of a trivially copyable type T sorted by `Less`: kept in memory while they take at most
// `memory` bytes; beyond that, each full buffer is sorted and written to a file in `folder` (a
// run), and the runs are merged as they are read back, at most kFanIn at once. Give T a total
// order (a position field breaks ties) when the order of equal items matters; of equal items,
// the one added first comes first only when they stay in memory.
template <class T, class Less = std::less<T>>
class ExternalSort {
  static_assert(std::is_trivially_copyable_v<T>);
  class Merge;

 public:
  ExternalSort(std::filesystem::path folder, std::string name, std::size_t memory)
      : folder_(std::move(folder)),
        name_(std::move(name)),
        capacity_(std::max<std::size_t>(memory / sizeof(T), kMinimumItems)) {}
  ExternalSort(const ExternalSort&) = delete;
  ExternalSort& operator=(const ExternalSort&) = delete;
  ~ExternalSort() {
    std::error_code ignored;
    for (const auto& run : runs_) std::filesystem::remove(run, ignored);
  }

  void add(const T& item) {
    if (buffer_.size() == capacity_) spill();
    buffer_.push_back(item);
    ++size_;
  }
  std::uint64_t size() const { return size_; }
  // Whether runs were written to the folder (the items did not fit in memory).
  bool spilled() const { return !runs_.empty(); }

  // The items in order, one at a time.
  class Cursor {
   public:
    // The next item, or null after the last (valid until the next call).
    const T* next() {
      if (merge_) return merge_->next();
      return at_ < items_->size() ? &(*items_)[at_++] : nullptr;
    }

   private:
    friend class ExternalSort;
    explicit Cursor(const std::vector<T>* items) : items_(items) {}
    explicit Cursor(const std::vector<std::filesystem::path>& runs)
        : merge_(std::make_unique<Merge>(runs)) {}
    const std::vector<T>* items_ = nullptr;
    std::size_t at_ = 0;
    std::unique_ptr<Merge> merge_;
  };
  // May be called again; no item may be added after the first call.
  Cursor read() {
    if (!runs_.empty() && !buffer_.empty()) spill();
    if (runs_.empty()) {
      if (!sorted_) std::sort(buffer_.begin(), buffer_.end(), Less());
      sorted_ = true;
      return Cursor(&buffer_);
    }
    buffer_ = std::vector<T>();  // every item is in a run: the memory goes to the readers
    while (runs_.size() > kFanIn) merge_some();
    return Cursor(runs_);
  }

  // Calls `each` on every item in order.
  template <class F>
  void for_each(F&& each) {
    Cursor cursor = read();
    while (const T* item = cursor.next()) each(*item);
  }

 private:
  static constexpr std::size_t kMinimumItems = 1024;
  static constexpr std::size_t kFanIn = 64;           // runs merged at once
  static constexpr std::size_t kReadItems = 1 << 12;  // read ahead per run while merging

  class RunReader {
   public:
    explicit RunReader(const std::filesystem::path& file)
        : file_(file), in_(file, std::ios::binary) {
      if (!in_) spill_detail::cannot_read(file_);
    }
    // The next item, or null at the end of the run.
    const T* next() {
      if (at_ == buffer_.size()) {
        buffer_.resize(kReadItems);
        in_.read(reinterpret_cast<char*>(buffer_.data()),
                 static_cast<std::streamsize>(kReadItems * sizeof(T)));
        const auto got = static_cast<std::size_t>(in_.gcount());
        if (in_.bad() || got % sizeof(T) != 0) spill_detail::cannot_read(file_);
        buffer_.resize(got / sizeof(T));
        at_ = 0;
        if (buffer_.empty()) return nullptr;
      }
      return &buffer_[at_++];
    }

   private:
    std::filesystem::path file_;
    std::ifstream in_;
    std::vector<T> buffer_;
    std::size_t at_ = 0;
  };

  class RunWriter {
   public:
    explicit RunWriter(std::filesystem::path file)
        : file_(std::move(file)), out_(file_, std::ios::binary | std::ios::trunc) {
      if (!out_) spill_detail::cannot_write(file_);
    }
    void write(const T* items, std::size_t count) {
      out_.write(reinterpret_cast<const char*>(items),
                 static_cast<std::streamsize>(count * sizeof(T)));
      if (!out_) spill_detail::cannot_write(file_);
    }
    void close() {
      out_.close();
      if (!out_) spill_detail::cannot_write(file_);
    }

   private:
    std::filesystem::path file_;
    std::ofstream out_;
  };

  // The runs' items in order; of equal items, the earlier run's first.
  class Merge {
   public:
    explicit Merge(const std::vector<std::filesystem::path>& runs) {
      for (const auto& run : runs) readers_.push_back(std::make_unique<RunReader>(run));
      for (std::size_t r = 0; r < readers_.size(); ++r)
        if (const T* item = readers_[r]->next()) heads_.push({*item, r});
    }
    const T* next() {
      if (heads_.empty()) return nullptr;
      current_ = heads_.top();
      heads_.pop();
      if (const T* item = readers_[current_.run]->next()) heads_.push({*item, current_.run});
      return &current_.item;
    }

   private:
    struct Head {
      T item;
      std::size_t run;
    };
    struct Later {
      bool operator()(const Head& a, const Head& b) const {
        if (Less()(b.item, a.item)) return true;
        if (Less()(a.item, b.item)) return false;
        return a.run > b.run;
      }
    };
    std::vector<std::unique_ptr<RunReader>> readers_;
    std::priority_queue<Head, std::vector<Head>, Later> heads_;
    Head current_{};
  };

  std::filesystem::path next_run() {
    return folder_ / (name_ + "-" + std::to_string(next_run_++) + ".run");
  }

  void spill() {
    std::sort(buffer_.begin(), buffer_.end(), Less());
    runs_.push_back(next_run());
    RunWriter out(runs_.back());
    out.write(buffer_.data(), buffer_.size());
    out.close();
    buffer_.clear();
  }

  // Merges the first kFanIn runs into one, so that at most kFanIn are ever read at once.
  void merge_some() {
    const std::vector<std::filesystem::path> some(runs_.begin(), runs_.begin() + kFanIn);
    const std::filesystem::path merged = next_run();
    {
      RunWriter out(merged);
      std::vector<T> block;
      block.reserve(kReadItems);
      Merge merge(some);
      while (const T* item = merge.next()) {
        block.push_back(*item);
        if (block.size() == kReadItems) out.write(block.data(), block.size()), block.clear();
      }
      out.write(block.data(), block.size());
      out.close();
    }
    std::error_code ignored;
    for (const auto& run : some) std::filesystem::remove(run, ignored);
    runs_.erase(runs_.begin(), runs_.begin() + kFanIn);
    runs_.push_back(merged);
  }

  std::filesystem::path folder_;
  std::string name_;
  std::size_t capacity_;
  std::vector<T> buffer_;
  std::vector<std::filesystem::path> runs_;
  std::uint64_t size_ = 0;
  std::size_t next_run_ = 0;
  bool sorted_ = false;
};

// Which items share a key, exactly, within a memory budget. Each key is hashed to 16 bytes,
// kept with its item's number in an ExternalSort; the key itself, with a note about its item
// (where it is, for messages), is written to a file in the folder, read back only for items
// whose hashes are equal: a hash collision is never taken for a duplicate.
class DuplicateKeys {
 public:
  using Hash = std::function<std::pair<std::uint64_t, std::uint64_t>(const std::vector<int>&)>;
  // `hash`: 16 bytes of a key (the default: hash_key); the tests give a poor one.
  DuplicateKeys(const std::filesystem::path& folder, const std::string& name, std::size_t memory,
                Hash hash = {});
  ~DuplicateKeys();
  DuplicateKeys(const DuplicateKeys&) = delete;
  DuplicateKeys& operator=(const DuplicateKeys&) = delete;

  // The next item (numbered 0, 1, ... in the order added).
  void add(const std::vector<int>& key, std::string_view note);
  std::uint64_t size() const { return size_; }

  struct Duplicate {
    std::uint64_t item = 0;   // whose key an earlier item has
    std::uint64_t first = 0;  // the first item with that key
    std::string note, first_note;
  };
  // Every item whose key an earlier item has, in the items' order, with the first that has it.
  // No item may be added after the first call (of this or the two below).
  void for_each_duplicate(const std::function<void(const Duplicate&)>& each);
  // How many items have the key of an earlier one.
  std::uint64_t duplicates();
  // Every item's key and note, in the order added.
  void for_each(
      const std::function<void(const std::vector<int>& key, const std::string& note)>& each);

 private:
  struct Hashed {
    std::uint64_t high = 0, low = 0, item = 0, offset = 0;  // offset: of its key in the file
    bool operator<(const Hashed& o) const {
      if (high != o.high) return high < o.high;
      if (low != o.low) return low < o.low;
      return item < o.item;
    }
  };
  struct Found {
    std::uint64_t item = 0, first = 0, offset = 0, first_offset = 0;
    bool operator<(const Found& o) const { return item < o.item; }
  };
  void finish_writing();
  void find();

  Hash hash_;
  std::filesystem::path keys_file_;
  std::ofstream keys_;
  std::uint64_t written_ = 0, size_ = 0;
  std::unique_ptr<ExternalSort<Hashed>> hashes_;  // freed once the duplicates are found
  std::unique_ptr<ExternalSort<Found>> found_;
  bool found_all_ = false;
  std::string scratch_;
};

// 16 bytes of hash of a key (two 64-bit lanes).
std::pair<std::uint64_t, std::uint64_t> hash_key(const std::vector<int>& key);

}  // namespace puzzlegen
