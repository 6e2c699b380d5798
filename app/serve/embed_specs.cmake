# Writes a C++ source holding what `puzzlegen serve` serves: the example specs (their text and
# a label in words) and the page, so the server reads no file at run time. Called by
# app/CMakeLists.txt with SOURCE_DIR, OUTPUT, PAGE (the page's file) and SPECS ("path|label"
# items, paths under specs/, joined by "^^").
set(body "// Generated from specs/ by app/serve/embed_specs.cmake: do not edit.\n")
string(APPEND body "#include \"serve/examples.hpp\"\n\nnamespace puzzlegen::cli {\n\n")
string(APPEND body "const std::vector<ServedSpec>& served_specs() {\n")
string(APPEND body "  static const std::vector<ServedSpec> specs = {\n")
string(REPLACE "^^" ";" SPECS "${SPECS}")
foreach(item IN LISTS SPECS)
  string(REPLACE "|" ";" parts "${item}")
  list(GET parts 0 path)
  list(GET parts 1 label)
  file(READ "${SOURCE_DIR}/specs/${path}" text)
  string(APPEND body "      {\"${path}\", \"${label}\", R\"puzzlegen-spec(${text})puzzlegen-spec\"},\n")
endforeach()
string(APPEND body "  };\n  return specs;\n}\n\n")
file(READ "${PAGE}" page)
string(APPEND body "const char* served_page() {\n  return R\"puzzlegen-page(${page})puzzlegen-page\";\n}\n")
string(APPEND body "\n}  // namespace puzzlegen::cli\n")
file(WRITE "${OUTPUT}.new" "${body}")
file(COPY_FILE "${OUTPUT}.new" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.new")
