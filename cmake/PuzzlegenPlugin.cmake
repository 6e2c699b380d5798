# puzzlegen_add_plugin(<target> SOURCES <file>...)
#
# Builds a family plugin: a shared library, loadable by `puzzlegen --plugin <target>.so`, from
# SOURCES, one of which uses PUZZLEGEN_PLUGIN(...) (plugin.hpp). Only the entry point is
# exported; everything else stays inside the plugin. Used by projects outside the tree after
# find_package(puzzlegen), and by puzzlegen's own tests.
function(puzzlegen_add_plugin target)
  cmake_parse_arguments(PLUGIN "" "" "SOURCES" ${ARGN})
  if(NOT PLUGIN_SOURCES)
    message(FATAL_ERROR "puzzlegen_add_plugin(${target}) needs SOURCES")
  endif()
  # A family is search code: built with no build type at all it would be unoptimised (about
  # 10% slower for Futoshiki), so a project that names none gets Release, as puzzlegen does.
  if(NOT CMAKE_BUILD_TYPE AND NOT CMAKE_CONFIGURATION_TYPES)
    set(CMAKE_BUILD_TYPE Release CACHE STRING "Build type" FORCE)
  endif()
  add_library(${target} MODULE ${PLUGIN_SOURCES})
  target_link_libraries(${target} PRIVATE puzzlegen::framework)
  target_compile_features(${target} PRIVATE cxx_std_20)
  set_target_properties(${target} PROPERTIES
    PREFIX "" CXX_VISIBILITY_PRESET hidden VISIBILITY_INLINES_HIDDEN ON)
endfunction()

# puzzlegen_add_contract_test(<target> [FAMILIES <name>...])
#
# Adds the test "contract: <target>" (run by ctest): the checks every built-in family passes
# (framework/contract.hpp), run on the families of the plugin <target> by
# `puzzlegen --plugin <target>.so selftest` (only FAMILIES, when given). Call it after
# include(CTest) or enable_testing().
function(puzzlegen_add_contract_test target)
  cmake_parse_arguments(CONTRACT "" "" "FAMILIES" ${ARGN})
  if(TARGET puzzlegen::puzzlegen)  # the installed program, from find_package(puzzlegen)
    set(program puzzlegen::puzzlegen)
  elseif(CMAKE_PROJECT_NAME STREQUAL "puzzlegen")  # inside puzzlegen's tree (app/ defines it)
    set(program $<TARGET_FILE:puzzlegen>)
  else()
    message(FATAL_ERROR "puzzlegen_add_contract_test(${target}): no puzzlegen program "
                        "(find_package(puzzlegen) first)")
  endif()
  add_test(NAME "contract: ${target}"
           COMMAND ${program} --plugin $<TARGET_FILE:${target}> selftest ${CONTRACT_FAMILIES})
endfunction()
