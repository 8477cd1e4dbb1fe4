platformer_test(test_physics test_physics.c)
platformer_test(test_sim test_sim.c)
platformer_test(test_app test_app.c)
target_link_libraries(test_app PRIVATE app)
target_compile_definitions(test_app PRIVATE SOURCE_DIR="${PROJECT_SOURCE_DIR}")
set_tests_properties(test_app PROPERTIES WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
# app_find_data: scratch data folders under the build tree, and the places
# an install uses (the root CMakeLists.txt)
target_compile_definitions(test_app PRIVATE
  APP_SCRATCH="${CMAKE_CURRENT_BINARY_DIR}/app-scratch"
  INSTALLED_DATA="${PIPS_PEAK_FULL_DATADIR}"
  DATA_FROM_BIN="${PIPS_PEAK_DATA_FROM_BIN}")
# test_gameplay also loads a level file of tests/levels (the walker check).
platformer_test(test_gameplay test_gameplay.c)
target_link_libraries(test_gameplay PRIVATE level)
target_compile_definitions(test_gameplay PRIVATE SOURCE_DIR="${PROJECT_SOURCE_DIR}")
