# SPDX-License-Identifier: Zlib
# The code's structure, checked: one name prefix per module, and no module
# reaching into another's internal headers (docs/ARCHITECTURE.md).
set(module_libs)
foreach(module ecs array atomic game json level save edit audio app platform_core)
  list(APPEND module_libs "${module}=$<TARGET_FILE:${module}>")
endforeach()
add_test(NAME structure_prefixes
         COMMAND ${CMAKE_COMMAND} -DNM=${CMAKE_NM} "-DLIBS=${module_libs}"
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/structure/prefixes.cmake)
add_test(NAME structure_internal_headers
         COMMAND ${CMAKE_COMMAND} -DSRC=${PROJECT_SOURCE_DIR}/src
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/structure/internal_headers.cmake)
add_test(NAME structure_licence
         COMMAND ${CMAKE_COMMAND} -DROOT=${PROJECT_SOURCE_DIR}
                 -P ${CMAKE_CURRENT_SOURCE_DIR}/structure/licence.cmake)
# The code as .clang-format writes it: every .c and .h file of src, tests,
# tools and bench (format them with `clang-format -i FILE`).
find_program(CLANG_FORMAT NAMES clang-format-14 clang-format)
if(CLANG_FORMAT)
  add_test(NAME structure_format
           COMMAND ${CMAKE_COMMAND} -DCLANG_FORMAT=${CLANG_FORMAT} -DROOT=${PROJECT_SOURCE_DIR}
                   -P ${CMAKE_CURRENT_SOURCE_DIR}/structure/format.cmake)
endif()
