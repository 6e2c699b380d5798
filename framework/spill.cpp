#include "spill.hpp"

#include <cctype>

#include "error.hpp"

namespace puzzlegen {

std::optional<std::size_t> parse_memory_size(const std::string& text) {
  std::size_t digits = 0;
  while (digits < text.size() && std::isdigit(static_cast<unsigned char>(text[digits]))) ++digits;
  if (digits == 0 || digits > 15) return std::nullopt;
  std::size_t value = std::stoull(text.substr(0, digits));
  const std::string unit = text.substr(digits);
  int shift = 0;
  if (unit == "K" || unit == "KB" || unit == "KiB")
    shift = 10;
  else if (unit == "M" || unit == "MB" || unit == "MiB")
    shift = 20;
  else if (unit == "G" || unit == "GB" || unit == "GiB")
    shift = 30;
  else if (!unit.empty())
    return std::nullopt;
  if (value > (SIZE_MAX >> shift)) return std::nullopt;
  return value << shift;
}

namespace spill_detail {

void cannot_write(const std::filesystem::path& file) {
  const int reason = errno;
  throw OutputError("cannot write the temporary file " + file.string() +
                    (reason ? std::string(": ") + std::strerror(reason) : std::string()) +
                    " (the temporary folder is TMPDIR, else /tmp)");
}

void cannot_read(const std::filesystem::path& file) {
  const int reason = errno;
  throw OutputError("cannot read back the temporary file " + file.string() +
                    (reason ? std::string(": ") + std::strerror(reason) : std::string()));
}

}  // namespace spill_detail

namespace {

std::uint64_t finalise(std::uint64_t h) {  // MurmurHash3's
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 33;
  return h;
}

void put_varint(std::string& out, std::uint64_t value) {
  while (value >= 0x80) {
    out.push_back(static_cast<char>((value & 0x7f) | 0x80));
    value >>= 7;
  }
  out.push_back(static_cast<char>(value));
}

std::uint64_t get_varint(std::istream& in, const std::filesystem::path& file) {
  std::uint64_t value = 0;
  for (int shift = 0; shift < 64; shift += 7) {
    const int c = in.get();
    if (c == EOF) spill_detail::cannot_read(file);
    value |= static_cast<std::uint64_t>(c & 0x7f) << shift;
    if (!(c & 0x80)) return value;
  }
  spill_detail::cannot_read(file);
}

// A key and its note as DuplicateKeys writes them: the key's length and its values (zigzag:
// small negative values stay short), then the note's length and its characters.
void put_entry(std::string& out, const std::vector<int>& key, std::string_view note) {
  put_varint(out, key.size());
  for (const int value : key) {
    const auto v = static_cast<std::uint32_t>(value);
    put_varint(out, (v << 1) ^ static_cast<std::uint32_t>(value >> 31));
  }
  put_varint(out, note.size());
  out.append(note);
}

void get_entry(std::istream& in, const std::filesystem::path& file, std::vector<int>& key,
               std::string& note) {
  key.resize(get_varint(in, file));
  for (int& value : key) {
    const auto v = static_cast<std::uint32_t>(get_varint(in, file));
    value = static_cast<int>((v >> 1) ^ (0u - (v & 1u)));
  }
  note.resize(get_varint(in, file));
  in.read(note.data(), static_cast<std::streamsize>(note.size()));
  if (static_cast<std::size_t>(in.gcount()) != note.size()) spill_detail::cannot_read(file);
}

void get_entry_at(std::ifstream& in, std::uint64_t offset, const std::filesystem::path& file,
                  std::vector<int>& key, std::string& note) {
  in.clear();
  in.seekg(static_cast<std::streamoff>(offset));
  get_entry(in, file, key, note);
}

}  // namespace

std::pair<std::uint64_t, std::uint64_t> hash_key(const std::vector<int>& key) {
  std::uint64_t a = 0x9e3779b97f4a7c15ULL ^ key.size(), b = 0x6a09e667f3bcc909ULL + key.size();
  for (const int value : key) {
    const auto v = static_cast<std::uint64_t>(static_cast<std::uint32_t>(value));
    a = (a ^ v) * 0x100000001b3ULL;
    a = (a << 31) | (a >> 33);
    b = (b + v) * 0xbf58476d1ce4e5b9ULL;
    b ^= b >> 29;
  }
  return {finalise(a), finalise(b ^ a)};
}

DuplicateKeys::DuplicateKeys(const std::filesystem::path& folder, const std::string& name,
                             std::size_t memory, Hash hash)
    : hash_(hash ? std::move(hash) : Hash(hash_key)),
      keys_file_(folder / (name + ".keys")),
      keys_(keys_file_, std::ios::binary | std::ios::trunc),
      hashes_(std::make_unique<ExternalSort<Hashed>>(folder, name + "-hashes", memory)),
      // The duplicates of a result worth verifying are few: they get a small share.
      found_(std::make_unique<ExternalSort<Found>>(folder, name + "-found", memory / 16)) {
  if (!keys_) spill_detail::cannot_write(keys_file_);
}

DuplicateKeys::~DuplicateKeys() {
  keys_.close();
  std::error_code ignored;
  std::filesystem::remove(keys_file_, ignored);
}

void DuplicateKeys::add(const std::vector<int>& key, std::string_view note) {
  const auto [high, low] = hash_(key);
  hashes_->add({high, low, size_++, written_});
  scratch_.clear();
  put_entry(scratch_, key, note);
  keys_.write(scratch_.data(), static_cast<std::streamsize>(scratch_.size()));
  if (!keys_) spill_detail::cannot_write(keys_file_);
  written_ += scratch_.size();
}

void DuplicateKeys::finish_writing() {
  if (!keys_.is_open()) return;
  keys_.close();
  if (!keys_) spill_detail::cannot_write(keys_file_);
}

void DuplicateKeys::find() {
  if (found_all_) return;
  finish_writing();
  std::ifstream in(keys_file_, std::ios::binary);
  if (!in) spill_detail::cannot_read(keys_file_);
  // The items of one hash come in order. The first one's key is read only once a second item
  // has its hash; then every key is compared with the distinct keys of that hash (more than one
  // only on a collision), so memory holds one key per distinct key of a hash.
  struct Distinct {
    std::vector<int> key;
    std::uint64_t item = 0, offset = 0;
  };
  std::vector<Distinct> distinct;
  bool any = false, first_unread = false;
  Hashed first;
  std::vector<int> key;
  std::string note;
  hashes_->for_each([&](const Hashed& h) {
    if (!any || h.high != first.high || h.low != first.low) {
      any = true;
      first = h;
      first_unread = true;
      distinct.clear();
      return;
    }
    if (first_unread) {
      get_entry_at(in, first.offset, keys_file_, key, note);
      distinct.push_back({key, first.item, first.offset});
      first_unread = false;
    }
    get_entry_at(in, h.offset, keys_file_, key, note);
    const auto same = std::find_if(distinct.begin(), distinct.end(),
                                   [&](const Distinct& d) { return d.key == key; });
    if (same == distinct.end())
      distinct.push_back({key, h.item, h.offset});
    else
      found_->add({h.item, same->item, h.offset, same->offset});
  });
  hashes_.reset();
  found_all_ = true;
}

std::uint64_t DuplicateKeys::duplicates() {
  find();
  return found_->size();
}

void DuplicateKeys::for_each_duplicate(const std::function<void(const Duplicate&)>& each) {
  find();
  if (found_->size() == 0) return;
  std::ifstream in(keys_file_, std::ios::binary);
  if (!in) spill_detail::cannot_read(keys_file_);
  Duplicate d;
  std::vector<int> key;
  found_->for_each([&](const Found& f) {
    d.item = f.item;
    d.first = f.first;
    get_entry_at(in, f.offset, keys_file_, key, d.note);
    get_entry_at(in, f.first_offset, keys_file_, key, d.first_note);
    each(d);
  });
}

void DuplicateKeys::for_each(
    const std::function<void(const std::vector<int>& key, const std::string& note)>& each) {
  finish_writing();
  std::ifstream in(keys_file_, std::ios::binary);
  if (!in) spill_detail::cannot_read(keys_file_);
  std::vector<int> key;
  std::string note;
  for (std::uint64_t item = 0; item < size_; ++item) {
    get_entry(in, keys_file_, key, note);
    each(key, note);
  }
}

}  // namespace puzzlegen
