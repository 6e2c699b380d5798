// Families in shared libraries loaded at start-up (`puzzlegen --plugin FILE`, and every *.so in
// the directories of PUZZLEGEN_PLUGIN_PATH). A plugin defines its families with one macro:
//
//   #include "plugin.hpp"
//   PUZZLEGEN_PLUGIN(my_puzzle::make_family)   // one or more `std::unique_ptr<Family> f()`
//
// and is built against the installed SDK with puzzlegen_add_plugin (see docs/adding-a-family.md).
#pragma once

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "family.hpp"
#include "version.hpp"

namespace puzzlegen {

using FamilyFactory = std::unique_ptr<Family> (*)();

// What a plugin exports. Its first three fields are plain C and never change layout, so a
// plugin built for another puzzlegen is recognised and refused before any C++ crosses over.
struct PluginEntry {
  std::uint32_t magic;    // plugin_magic
  std::uint32_t abi;      // PUZZLEGEN_PLUGIN_ABI of the SDK it was built with
  const char* built_for;  // plugin_tag() of that SDK
  std::size_t family_count;
  const FamilyFactory* families;
};

inline constexpr std::uint32_t plugin_magic = 0x505a474e;  // "PZGN"
// The name of the one symbol a plugin exports: `extern "C" const PluginEntry* NAME()`.
inline constexpr const char* plugin_entry_symbol = "puzzlegen_plugin_entry";

// The version, plugin ABI and C++ ABI a plugin must share with the executable that loads it.
// A macro, so that it is the compiling side's view (the plugin's, in a plugin).
#define PUZZLEGEN_PLUGIN_TAG_TEXT2(x) #x
#define PUZZLEGEN_PLUGIN_TAG_TEXT(x) PUZZLEGEN_PLUGIN_TAG_TEXT2(x)
#define PUZZLEGEN_PLUGIN_TAG \
  "puzzlegen " PUZZLEGEN_VERSION ", plugin ABI " PUZZLEGEN_PLUGIN_TAG_TEXT(           \
      PUZZLEGEN_PLUGIN_ABI) ", C++ ABI " PUZZLEGEN_PLUGIN_TAG_TEXT(__GXX_ABI_VERSION) \
      "/" PUZZLEGEN_PLUGIN_TAG_TEXT(_GLIBCXX_USE_CXX11_ABI)

// The executable's tag, compiled into the framework library.
const char* plugin_tag();

}  // namespace puzzlegen

#define PUZZLEGEN_PLUGIN(...)                                                                    \
  extern "C" __attribute__((visibility("default"))) const ::puzzlegen::PluginEntry*              \
  puzzlegen_plugin_entry() {                                                                     \
    static const ::puzzlegen::FamilyFactory families[] = {__VA_ARGS__};                          \
    static const ::puzzlegen::PluginEntry entry{::puzzlegen::plugin_magic, PUZZLEGEN_PLUGIN_ABI, \
                                                PUZZLEGEN_PLUGIN_TAG,                            \
                                                sizeof families / sizeof families[0], families}; \
    return &entry;                                                                               \
  }
