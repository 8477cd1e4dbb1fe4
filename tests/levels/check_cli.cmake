# SPDX-License-Identifier: Zlib
# Runs `platformer --check` the way a designer would:
#   - on every file of broken/EXPECTED at once: exit status 1, and for each
#     file a "FILE:LINE:COL: error: " line at the place EXPECTED names;
#   - on every campaign of campaigns/EXPECTED: exit status 1, and each
#     error there at its FILE:LINE:COL with its text;
#   - on the good levels and Tiled maps: exit status 0 and "FILE: ok" each;
#   - with no file: exit status 2.
# Usage: cmake -DPLATFORMER=... -DLEVELS=.../tests/levels -P check_cli.cmake

file(STRINGS ${LEVELS}/broken/EXPECTED lines)
set(files "")
set(places "")
foreach(line IN LISTS lines)
  if(line MATCHES "^#" OR line STREQUAL "")
    continue()
  endif()
  if(NOT line MATCHES "^([^ ]+) +([0-9]+) +([0-9]+) ")
    message(FATAL_ERROR "bad EXPECTED line: ${line}")
  endif()
  list(APPEND files ${LEVELS}/broken/${CMAKE_MATCH_1})
  list(APPEND places "${LEVELS}/broken/${CMAKE_MATCH_1}:${CMAKE_MATCH_2}:${CMAKE_MATCH_3}: error: ")
endforeach()

execute_process(COMMAND ${PLATFORMER} --check ${files}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "--check on the broken files exited with ${rc}, expected 1\n${out}${err}")
endif()
if(NOT out STREQUAL "")
  message(FATAL_ERROR "--check printed ok for a broken file:\n${out}")
endif()
foreach(place IN LISTS places)
  string(FIND "${err}" "${place}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "no error line starting with '${place}' in:\n${err}")
  endif()
endforeach()

# A misspelt legend entry is told first, before anything that follows from
# it (a missing goal, rows using the character), whatever the line ends.
foreach(name legend_typo_crlf legend_typo_cr)
  set(file ${LEVELS}/broken/${name}.json)
  execute_process(COMMAND ${PLATFORMER} --check ${file}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT err MATCHES "^[^\n]*${name}\\.json:9:10: error: legend\\.G: unknown tile kind or entity type \"gaol\" \\(did you mean \"goal\"\\?\\)\n")
    message(FATAL_ERROR "--check ${name}.json does not tell the typo on line 9 first:\n${err}")
  endif()
endforeach()

# Campaigns listing what is not a level: each error at its entry in the
# campaign, and a level the campaign lists checked as a level.
file(STRINGS ${LEVELS}/campaigns/EXPECTED lines)
set(campaigns "")
set(places "")
foreach(line IN LISTS lines)
  if(line MATCHES "^#" OR line STREQUAL "")
    continue()
  endif()
  if(NOT line MATCHES "^(([^ /]+)/[^ ]+) +([0-9]+) +([0-9]+) +(.*)$")
    message(FATAL_ERROR "bad campaigns/EXPECTED line: ${line}")
  endif()
  list(APPEND campaigns ${LEVELS}/campaigns/${CMAKE_MATCH_2}/campaign.json)
  list(APPEND places "${LEVELS}/campaigns/${CMAKE_MATCH_1}:${CMAKE_MATCH_3}:${CMAKE_MATCH_4}: error: ${CMAKE_MATCH_5}")
endforeach()
list(REMOVE_DUPLICATES campaigns)
execute_process(COMMAND ${PLATFORMER} --check ${campaigns}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 1)
  message(FATAL_ERROR "--check on the broken campaigns exited with ${rc}, expected 1\n${out}${err}")
endif()
if(NOT out STREQUAL "")
  message(FATAL_ERROR "--check printed ok for a broken campaign:\n${out}")
endif()
foreach(place IN LISTS places)
  string(FIND "${err}" "${place}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "no error line starting with '${place}' in:\n${err}")
  endif()
endforeach()


# A tileset saved as .json is checked as a tileset, by its "type"; object
# templates (XML and JSON) as templates. A walker whose walk passes the
# player start (and no checkpoint) is fine.
set(good ${LEVELS}/good/basic.json ${LEVELS}/good/walker_past_start.json
         ${LEVELS}/tiled/full.tmj ${LEVELS}/tiled/full.json
         ${LEVELS}/tiled/ext.tsj ${LEVELS}/tiled/sparse.json
         ${LEVELS}/tiled/templates/templates.tmj ${LEVELS}/tiled/templates/walker.tx
         ${LEVELS}/tiled/templates/coin.tj)
execute_process(COMMAND ${PLATFORMER} --check ${good}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "--check on good files exited with ${rc}, expected 0\n${out}${err}")
endif()
foreach(file IN LISTS good)
  string(FIND "${out}" "${file}: ok\n" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "no '${file}: ok' in:\n${out}")
  endif()
endforeach()

# A broken tileset saved as .json: its own error, not a level's.
set(file ${LEVELS}/tiled/bad_class.json)
execute_process(COMMAND ${PLATFORMER} --check ${file}
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
set(want "${file}:15:21: error: tiles[1].type: tile 1 has class \"lava\", which is neither a tile kind nor an entity type\n")
if(NOT rc EQUAL 1 OR NOT err STREQUAL want)
  message(FATAL_ERROR "--check ${file} exited with ${rc}, expected 1 and only:\n${want}got:\n${out}${err}")
endif()

# Warnings: the file is ok (exit 0) and the warning is said at its place.
file(STRINGS ${LEVELS}/warnings/EXPECTED lines ENCODING UTF-8)
foreach(line IN LISTS lines)
  if(line MATCHES "^#" OR line STREQUAL "")
    continue()
  endif()
  if(NOT line MATCHES "^([^ ]+) +([0-9]+) +([0-9]+) ")
    message(FATAL_ERROR "bad warnings/EXPECTED line: ${line}")
  endif()
  set(file ${LEVELS}/warnings/${CMAKE_MATCH_1})
  set(place "${file}:${CMAKE_MATCH_2}:${CMAKE_MATCH_3}: warning: ")
  execute_process(COMMAND ${PLATFORMER} --check ${file}
    RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT rc EQUAL 0 OR NOT out STREQUAL "${file}: ok\n")
    message(FATAL_ERROR "--check ${file} exited with ${rc}, expected 0 and ok:\n${out}${err}")
  endif()
  string(FIND "${err}" "${place}" at)
  if(at EQUAL -1)
    message(FATAL_ERROR "no warning line starting with '${place}' in:\n${err}")
  endif()
endforeach()

execute_process(COMMAND ${PLATFORMER} --check
  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 2)
  message(FATAL_ERROR "--check with no file exited with ${rc}, expected 2")
endif()
