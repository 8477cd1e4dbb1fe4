# SPDX-License-Identifier: Zlib
platformer_test(test_physics test_physics.c)
platformer_test(test_sim test_sim.c)
# white-box: the state hash and invariants look inside the Sim
target_include_directories(test_sim PRIVATE ${PROJECT_SOURCE_DIR}/src/game/internal)
platformer_test(test_gadgets test_gadgets.c)
# the Assist's invincibility, tick by tick
platformer_test(test_invincible test_invincible.c)
# test_reach holds reach.c's search to the Sim's walkers, looking inside the Sim
platformer_test(test_reach test_reach.c)
target_include_directories(test_reach PRIVATE ${PROJECT_SOURCE_DIR}/src/game/internal)
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
platformer_test(test_jitter test_jitter.c)
target_link_libraries(test_jitter PRIVATE app)
target_compile_definitions(test_jitter PRIVATE SOURCE_DIR="${PROJECT_SOURCE_DIR}")
set_tests_properties(test_jitter PROPERTIES WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR})
# The jitter counts under valgrind too (label memcheck), in one process,
# in a folder of its own for its scratch files.
find_program(VALGRIND valgrind)
if(VALGRIND AND NOT SANITIZE AND NOT FUZZ)
  file(MAKE_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/memcheck-jitter)
  add_test(NAME memcheck_test_jitter
           COMMAND ${VALGRIND} --tool=memcheck --error-exitcode=99 --leak-check=full
                   --show-leak-kinds=all --errors-for-leak-kinds=all $<TARGET_FILE:test_jitter>)
  set_tests_properties(memcheck_test_jitter PROPERTIES LABELS memcheck
                       ENVIRONMENT "CK_FORK=no;CK_RUN_CASE=jitter"
                       WORKING_DIRECTORY ${CMAKE_CURRENT_BINARY_DIR}/memcheck-jitter)
endif()
# test_gameplay also loads a level file of tests/levels (the walker check).
platformer_test(test_gameplay test_gameplay.c)
target_link_libraries(test_gameplay PRIVATE level)
target_compile_definitions(test_gameplay PRIVATE SOURCE_DIR="${PROJECT_SOURCE_DIR}")
# Pip's poses from simulated situations, with the real atlas's clip timings
# (read by the front end's loader)
platformer_test(test_poses test_poses.c)
target_link_libraries(test_poses PRIVATE platform_core)
set_tests_properties(test_poses PROPERTIES WORKING_DIRECTORY ${PROJECT_SOURCE_DIR}
                     ENVIRONMENT "SDL_VIDEODRIVER=dummy")
