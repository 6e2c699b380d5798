# Warnings as errors everywhere, and an opt-in clang build under the sanitizers with the fuzz
# targets (CI runs the unit tests and the fuzzers from it).
option(PUZZLEGEN_WERROR "Treat warnings as errors" ON)

add_library(puzzlegen_warnings INTERFACE)
target_compile_options(puzzlegen_warnings INTERFACE -Wall -Wextra -Wpedantic)
# GCC 12 reports -Wrestrict on ordinary std::string concatenation at -O2/-O3 (GCC PR 105329).
if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
  target_compile_options(puzzlegen_warnings INTERFACE -Wno-restrict)
endif()
if(PUZZLEGEN_WERROR)
  target_compile_options(puzzlegen_warnings INTERFACE -Werror)
endif()

option(PUZZLEGEN_FUZZ "Build under ASan and UBSan, with the libFuzzer targets (clang)" OFF)
if(PUZZLEGEN_FUZZ)
  # Coverage for libFuzzer and the sanitizers everywhere; the targets themselves link the
  # fuzzer's main. The tests build too, so one build runs them under the sanitizers (CI does).
  add_compile_options(-fsanitize=fuzzer-no-link,address,undefined -fno-omit-frame-pointer
                      -fno-sanitize-recover=undefined)
  add_link_options(-fsanitize=address,undefined)
endif()

# Precompiled third-party headers. Gecode, nlohmann/json, yaml-cpp and Boost.Multiprecision are
# parsed by nearly every source, and parsing them was about half of a source's compile time; a
# target with many sources now parses them once (a Release build with GCC: 859 s to 661 s on 2
# cores; clang's sanitizer build: about 19 min to 11). With OFF, a build checks that every
# source includes what it uses.
option(PUZZLEGEN_PCH "Precompile the third-party headers of the larger targets" ON)
function(puzzlegen_precompile_headers target)
  if(PUZZLEGEN_PCH)
    target_precompile_headers(${target} PRIVATE
      <gecode/int.hh> <gecode/search.hh> <gecode/minimodel.hh> <nlohmann/json.hpp>
      <yaml-cpp/yaml.h> <boost/multiprecision/cpp_int.hpp> ${ARGN})
    # With a precompiled header, GCC 12 reports its known false positives inside libstdc++'s
    # inlined std::string code (PR 105329, like -Wrestrict above) against our sources;
    # without one it does not.
    if(CMAKE_CXX_COMPILER_ID STREQUAL "GNU" AND CMAKE_CXX_COMPILER_VERSION VERSION_LESS 13)
      target_compile_options(${target} PRIVATE -Wno-array-bounds -Wno-stringop-overflow
                                                  -Wno-stringop-overread)
    endif()
  endif()
endfunction()
