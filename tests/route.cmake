# SPDX-License-Identifier: Zlib
# The route finder (tools/route): its search in-process on a small level,
# and the command as a designer uses it, its routes checked by --verify.
if(TARGET routefind)
  platformer_test(test_route test_route.c)
  target_link_libraries(test_route PRIVATE routefind app)
  target_compile_definitions(test_route PRIVATE SOURCE_DIR="${PROJECT_SOURCE_DIR}")
  add_test(NAME route_cli
           COMMAND ${CMAKE_COMMAND} -DROUTE=$<TARGET_FILE:route>
                   -DPLATFORMER=$<TARGET_FILE:platformer> -DSOURCE=${PROJECT_SOURCE_DIR}
                   -DOUT=${CMAKE_CURRENT_BINARY_DIR}/route-tmp
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/route_cli.cmake)
  find_program(VALGRIND valgrind)
  if(VALGRIND AND NOT SANITIZE AND NOT FUZZ)
    add_test(NAME memcheck_test_route
             COMMAND ${VALGRIND} --tool=memcheck --error-exitcode=99 --leak-check=full
                     --show-leak-kinds=all --errors-for-leak-kinds=all $<TARGET_FILE:test_route>)
    set_tests_properties(memcheck_test_route PROPERTIES LABELS memcheck ENVIRONMENT CK_FORK=no)
  endif()
endif()
