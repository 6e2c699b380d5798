# Writes a C++ source holding the worksheet's player script (play.js), so that a worksheet
# reads no file at run time. Called by framework/CMakeLists.txt with SCRIPT and OUTPUT.
file(READ "${SCRIPT}" code)
set(body "// Generated from framework/render/play.js by embed_script.cmake: do not edit.\n")
string(APPEND body "namespace puzzlegen::render {\n\nconst char* player_code() {\n")
string(APPEND body "  return R\"puzzlegen-script(${code})puzzlegen-script\";\n}\n\n}  // namespace puzzlegen::render\n")
file(WRITE "${OUTPUT}.new" "${body}")
file(COPY_FILE "${OUTPUT}.new" "${OUTPUT}" ONLY_IF_DIFFERENT)
file(REMOVE "${OUTPUT}.new")
