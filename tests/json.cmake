# SPDX-License-Identifier: Zlib
# The JSON reader on its own: positions, duplicates, limits, typed access,
# UTF-8 and files. Scratch files go under the build folder.
add_executable(test_json test_json.c)
target_link_libraries(test_json PRIVATE json PkgConfig::CHECK)
target_compile_definitions(test_json PRIVATE JSON_TEST_TMP="${CMAKE_CURRENT_BINARY_DIR}/json-tmp")
add_test(NAME test_json COMMAND test_json)
