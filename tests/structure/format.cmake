# SPDX-License-Identifier: Zlib
# Fails, naming each place, when clang-format (with the project's
# .clang-format) would change a .c or .h file of src, tests, tools or bench.
file(GLOB_RECURSE files ${ROOT}/src/*.[ch] ${ROOT}/tests/*.[ch] ${ROOT}/tools/*.[ch]
     ${ROOT}/bench/*.[ch])
list(LENGTH files count)
if(count EQUAL 0)
  message(FATAL_ERROR "no source files under ${ROOT}")
endif()
execute_process(COMMAND ${CLANG_FORMAT} --style=file --dry-run --Werror ${files}
                WORKING_DIRECTORY ${ROOT} RESULT_VARIABLE rc ERROR_VARIABLE err OUTPUT_QUIET)
if(NOT rc EQUAL 0)
  message("${err}")
  message(FATAL_ERROR "files not formatted as .clang-format says (clang-format -i FILE)")
endif()
message("${count} files formatted")
