# SPDX-License-Identifier: Zlib
# Level files: native levels, Tiled maps, physics.json, errors,
# the command-line tools and hot reload. Inputs live in tests/levels/; the
# tests write scratch files under the build folder.
set(LEVEL_TEST_TMP ${CMAKE_CURRENT_BINARY_DIR}/level-tmp)
file(MAKE_DIRECTORY ${LEVEL_TEST_TMP})

foreach(name test_level test_level_tiled test_tiled_objects test_level_watch test_kinds)
  platformer_test(${name} ${name}.c)
  target_link_libraries(${name} PRIVATE level)
  target_compile_definitions(${name} PRIVATE
    SOURCE_DIR="${PROJECT_SOURCE_DIR}" TMP_DIR="${LEVEL_TEST_TMP}")
endforeach()

# test_level reads levels/level.schema.json to hold it to the parameter table.
target_link_libraries(test_level PRIVATE cjson)
target_link_libraries(test_kinds PRIVATE cjson)
target_link_libraries(test_tiled_objects PRIVATE cjson)
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
  # The game's Tiled project, tilesets and templates through the real Tiled.
  add_test(NAME tiled_project
    COMMAND ${CMAKE_COMMAND} -DPLATFORMER=$<TARGET_FILE:platformer> -DTILED=${TILED}
            -DLEVEL=${PROJECT_SOURCE_DIR}/levels/18-whiteout.json
            -DREPLAY=${PROJECT_SOURCE_DIR}/tests/replays/18-whiteout.replay
            -DTEMPLATES=${CMAKE_CURRENT_SOURCE_DIR}/levels/tiled/templates/templates.tmj
            -DTWIN=${CMAKE_CURRENT_SOURCE_DIR}/levels/tiled/templates/templates.json
            -DOUT=${CMAKE_CURRENT_BINARY_DIR}/tiled-project
            -P ${CMAKE_CURRENT_SOURCE_DIR}/tiled_project.cmake)
  set_tests_properties(tiled_project PROPERTIES LABELS tiled)
endif()

# The level schema from any folder: a copy of a level outside levels/,
# its "$schema" in each form README.md gives, resolved as editors do and
# validated with python3-jsonschema (skipped when the module is missing;
# .ci/run installs it).
find_program(PYTHON3 python3)
if(PYTHON3 AND TARGET platformer)
  add_test(NAME level_schema_any_folder
    COMMAND ${PYTHON3} ${CMAKE_CURRENT_SOURCE_DIR}/schema_any_folder.py $<TARGET_FILE:platformer>
            ${PROJECT_SOURCE_DIR}/levels/level.schema.json
            ${PROJECT_SOURCE_DIR}/levels/18-whiteout.json
            ${CMAKE_CURRENT_BINARY_DIR}/schema-any-folder)
  set_tests_properties(level_schema_any_folder PROPERTIES SKIP_RETURN_CODE 77)
endif()
