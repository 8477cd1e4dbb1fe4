# SPDX-License-Identifier: Zlib
# Level files: native levels, Tiled maps, physics.json, errors,
# the command-line tools and hot reload. Inputs live in tests/levels/; the
# tests write scratch files under the build folder.
set(LEVEL_TEST_TMP ${CMAKE_CURRENT_BINARY_DIR}/level-tmp)
file(MAKE_DIRECTORY ${LEVEL_TEST_TMP})

foreach(name test_level test_level_tiled test_level_watch test_kinds)
  platformer_test(${name} ${name}.c)
  target_link_libraries(${name} PRIVATE level)
  target_compile_definitions(${name} PRIVATE
    SOURCE_DIR="${PROJECT_SOURCE_DIR}" TMP_DIR="${LEVEL_TEST_TMP}")
endforeach()

# test_level reads levels/level.schema.json to hold it to the parameter table.
target_link_libraries(test_level PRIVATE cjson)
target_link_libraries(test_kinds PRIVATE cjson)
# test_level_tiled compresses tile layers itself, with the libraries.
target_link_libraries(test_level_tiled PRIVATE PkgConfig::ZLIB PkgConfig::ZSTD)
# The rebuilt Sim after a reload comes from app/ (app_rebuild_sim).
target_link_libraries(test_level_watch PRIVATE app)

# `platformer --check` on the broken corpus and the good levels, through the
# real executable. It needs main() to hand --check over to level_cli_check.
set_property(DIRECTORY APPEND PROPERTY CMAKE_CONFIGURE_DEPENDS
  ${PROJECT_SOURCE_DIR}/src/platform/main.c)
file(READ ${PROJECT_SOURCE_DIR}/src/platform/main.c LEVEL_MAIN_SOURCE)
if(TARGET platformer AND LEVEL_MAIN_SOURCE MATCHES "level_cli_check")
  add_test(NAME level_check_cli
    COMMAND ${CMAKE_COMMAND} -DPLATFORMER=$<TARGET_FILE:platformer>
            -DLEVELS=${CMAKE_CURRENT_SOURCE_DIR}/levels
            -P ${CMAKE_CURRENT_SOURCE_DIR}/levels/check_cli.cmake)
endif()

# A broken schema file is refused at its place, like any other file.
add_test(NAME level_check_schema_refused
         COMMAND platformer --check ${CMAKE_CURRENT_SOURCE_DIR}/levels/schema/duplicate.schema.json)
set_tests_properties(level_check_schema_refused PROPERTIES
  PASS_REGULAR_EXPRESSION "duplicate.schema.json:4:3: error: duplicate key")

# The sparse image collection through the real Tiled, where it is installed
# (label tiled): its images are painted with the art tool's PNG writer.
find_program(TILED tiled)
if(TILED AND TARGET artgen AND TARGET platformer)
  add_executable(tiled_images tiled_images.c)
  target_link_libraries(tiled_images PRIVATE artgen)
  add_test(NAME tiled_collection
           COMMAND ${CMAKE_COMMAND} -DPLATFORMER=$<TARGET_FILE:platformer> -DTILED=${TILED}
                   -DIMAGES=$<TARGET_FILE:tiled_images>
                   -DSOURCE=${CMAKE_CURRENT_SOURCE_DIR}/levels/tiled
                   -DOUT=${CMAKE_CURRENT_BINARY_DIR}/tiled-collection
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/tiled_collection.cmake)
  set_tests_properties(tiled_collection PROPERTIES LABELS tiled)
endif()
