# SPDX-License-Identifier: Zlib
# cmake -P script: the program's messages name it as it was started. A link
# to PLATFORMER named pips-peak (the installed name) is run in every mode
# with a wrong option or a missing operand: each says what is wrong after
# "pips-peak", and none says "platformer". Then --version prints VERSION.
foreach(var PLATFORMER SCRATCH VERSION)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "program_name.cmake needs -D${var}=...")
  endif()
endforeach()
file(REMOVE_RECURSE "${SCRATCH}")
file(MAKE_DIRECTORY "${SCRATCH}")
set(program "${SCRATCH}/pips-peak")
file(CREATE_LINK "${PLATFORMER}" "${program}" SYMBOLIC)

set(cases
  "--no-such-option"
  "--frames,x,--screenshot,out.png"
  "--check"
  "--export-tiled,--no-such-option"
  "--export-tiled-project"
  "--headless,--no-such-option"
  "--headless,--jitter,--no-such-option"
  "--render-music,--no-such-option"
  "--kinds,extra"
  "--schema,extra"
  "--data")
set(problems "")
foreach(case IN LISTS cases)
  string(REPLACE "," ";" args "${case}")
  execute_process(COMMAND "${program}" ${args} WORKING_DIRECTORY "${SCRATCH}"
                  OUTPUT_VARIABLE out ERROR_VARIABLE err RESULT_VARIABLE rc)
  string(REPLACE "," " " shown "${case}")
  if(NOT rc EQUAL 2)
    string(APPEND problems "pips-peak ${shown}: exit status ${rc}, expected 2\n")
  endif()
  if(NOT err MATCHES "(^|\n)(usage: )?pips-peak[: ]")
    string(APPEND problems "pips-peak ${shown}: the message does not name pips-peak:\n${err}\n")
  endif()
  if(err MATCHES "platformer" OR out MATCHES "platformer")
    string(APPEND problems "pips-peak ${shown}: the message says platformer:\n${err}\n")
  endif()
endforeach()

execute_process(COMMAND "${program}" --version OUTPUT_VARIABLE out RESULT_VARIABLE rc)
if(NOT rc EQUAL 0 OR NOT out MATCHES "^pips-peak \\(Pip's Peak\\) ([^\n]*)\n")
  string(APPEND problems "--version: exit status ${rc}, printed:\n${out}\n")
elseif(NOT CMAKE_MATCH_1 STREQUAL VERSION)
  string(APPEND problems "--version says ${CMAKE_MATCH_1}, the project is ${VERSION}\n")
endif()
if(problems)
  message(FATAL_ERROR "${problems}")
endif()
list(LENGTH cases count)
message(STATUS "${count} wrong command lines, each told as pips-peak; --version ${VERSION}")
