# Finds Gecode (Debian's libgecode-dev ships no CMake config) and defines one imported
# target per library, Gecode::kernel, Gecode::int, ..., plus Gecode::Gecode linking the
# libraries puzzlegen needs. gecode/driver.hh is deliberately not used: it pulls in Gist/Qt.
find_path(Gecode_INCLUDE_DIR gecode/kernel.hh)
set(_gecode_libs support kernel search int set minimodel)
set(Gecode_LIBRARY_VARS)
foreach(lib IN LISTS _gecode_libs)
  find_library(Gecode_${lib}_LIBRARY NAMES gecode${lib})
  list(APPEND Gecode_LIBRARY_VARS Gecode_${lib}_LIBRARY)
endforeach()

if(Gecode_INCLUDE_DIR AND EXISTS "${Gecode_INCLUDE_DIR}/gecode/support/config.hpp")
  file(STRINGS "${Gecode_INCLUDE_DIR}/gecode/support/config.hpp" _gecode_version_line
       REGEX "^#define GECODE_VERSION \"[0-9.]+\"")
  string(REGEX REPLACE ".*\"([0-9.]+)\".*" "\\1" Gecode_VERSION "${_gecode_version_line}")
endif()

include(FindPackageHandleStandardArgs)
find_package_handle_standard_args(Gecode
  REQUIRED_VARS Gecode_INCLUDE_DIR ${Gecode_LIBRARY_VARS}
  VERSION_VAR Gecode_VERSION)

if(Gecode_FOUND)
  find_package(Threads REQUIRED)
  set(_gecode_deps_support Threads::Threads)
  set(_gecode_deps_kernel Gecode::support)
  set(_gecode_deps_search Gecode::kernel)
  set(_gecode_deps_int Gecode::kernel)
  set(_gecode_deps_set Gecode::int)
  set(_gecode_deps_minimodel Gecode::int Gecode::set Gecode::search)
  foreach(lib IN LISTS _gecode_libs)
    if(NOT TARGET Gecode::${lib})
      add_library(Gecode::${lib} UNKNOWN IMPORTED)
      set_target_properties(Gecode::${lib} PROPERTIES
        IMPORTED_LOCATION "${Gecode_${lib}_LIBRARY}"
        INTERFACE_INCLUDE_DIRECTORIES "${Gecode_INCLUDE_DIR}"
        INTERFACE_LINK_LIBRARIES "${_gecode_deps_${lib}}")
    endif()
  endforeach()
  if(NOT TARGET Gecode::Gecode)
    add_library(Gecode::Gecode INTERFACE IMPORTED)
    set_target_properties(Gecode::Gecode PROPERTIES
      INTERFACE_LINK_LIBRARIES "Gecode::minimodel;Gecode::search;Gecode::int;Gecode::kernel;Gecode::support")
  endif()
endif()
mark_as_advanced(Gecode_INCLUDE_DIR ${Gecode_LIBRARY_VARS})
