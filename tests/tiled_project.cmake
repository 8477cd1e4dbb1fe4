# SPDX-License-Identifier: Zlib
# cmake -P script: the game's Tiled project through the real Tiled, headless.
#  1. --export-tiled-project writes the project, the tilesets and their
#     images; Tiled re-saves both tilesets (--export-tileset), which must
#     still pass --check, and LEVEL exported against Tiled's own tilesets
#     (its entities as tile objects, their enumerations with the project's
#     custom types), then re-saved by Tiled as a map, plays REPLAY as the
#     native level does: the same kinds, boxes and properties.
#  2. TEMPLATES, a map whose objects come from an XML (.tx) and a JSON (.tj)
#     template of the entities tileset, re-saved by Tiled (the instances
#     kept) and with its templates detached (Tiled's own reading of them),
#     loads as TWIN, its native twin: the same state hash after 120 ticks.
#   -DPLATFORMER=... -DTILED=... -DLEVEL=... -DREPLAY=... -DTEMPLATES=... -DTWIN=... -DOUT=folder
foreach(var PLATFORMER TILED LEVEL REPLAY TEMPLATES TWIN OUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "tiled_project.cmake needs -D${var}=...")
  endif()
endforeach()
file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT}/runtime)
file(CHMOD ${OUT}/runtime DIRECTORY_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
set(ENV{QT_QPA_PLATFORM} offscreen)
set(ENV{XDG_CONFIG_HOME} ${OUT}/config)
set(ENV{XDG_RUNTIME_DIR} ${OUT}/runtime)

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    string(REPLACE ";" " " shown "${ARGN}")
    message(FATAL_ERROR "${shown}: exit status ${status}\n${out}${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

# "outcome: ... hash: ..." of a headless run (args after --headless).
function(play var)
  run(${PLATFORMER} --headless ${ARGN})
  string(REGEX MATCH "outcome: [a-z]+" outcome "${out}")
  string(REGEX MATCH "hash: [0-9a-f]+" hash "${out}")
  if(NOT outcome OR NOT hash)
    message(FATAL_ERROR "no outcome and hash in:\n${out}")
  endif()
  set(${var} "${outcome} ${hash}" PARENT_SCOPE)
endfunction()

# 1. The tilesets, re-saved by Tiled.
set(project ${OUT}/project)
run(${PLATFORMER} --export-tiled-project ${project})
foreach(file pips-peak.tiled-project tiles.tsj tiles.png entities.tsj entities/player.png)
  if(NOT EXISTS ${project}/${file})
    message(FATAL_ERROR "--export-tiled-project wrote no ${file}")
  endif()
endforeach()
set(resaved ${OUT}/resaved)
file(COPY ${project}/ DESTINATION ${resaved})
foreach(set tiles entities)
  run(${TILED} --export-tileset json ${project}/${set}.tsj ${resaved}/${set}.tsj)
  file(READ ${resaved}/${set}.tsj text)
  if(NOT text MATCHES "\"tiledversion\"")
    message(FATAL_ERROR "Tiled did not write ${resaved}/${set}.tsj")
  endif()
  run(${PLATFORMER} --check ${resaved}/${set}.tsj)
endforeach()
file(READ ${resaved}/entities.tsj text)
if(NOT text MATCHES "\"objectgroup\"")
  message(FATAL_ERROR "Tiled's entities.tsj lost the boxes (the tiles' collision rectangles)")
endif()
play(native --level ${LEVEL} --replay ${REPLAY})
run(${PLATFORMER} --export-tiled ${LEVEL} ${OUT}/level.tmj ${resaved}/tiles.tsj)
file(READ ${OUT}/level.tmj text)
if(NOT text MATCHES "entities.tsj" OR NOT text MATCHES "\"gid\"" OR NOT text MATCHES "\"propertytype\"")
  message(FATAL_ERROR "${OUT}/level.tmj has no tile objects of entities.tsj with custom types")
endif()
run(${TILED} --export-map json ${OUT}/level.tmj ${OUT}/level-tiled.tmj)
foreach(map level.tmj level-tiled.tmj)
  play(got --level ${OUT}/${map} --replay ${REPLAY})
  message(STATUS "${map}: ${got}")
  if(NOT got STREQUAL native)
    message(FATAL_ERROR "${map} plays differently: ${got}, natively ${native}")
  endif()
endforeach()

# 2. Templates.
play(twin --level ${TWIN} --frames 120)
run(${TILED} --export-map json ${TEMPLATES} ${OUT}/templates-tiled.tmj)
run(${TILED} --export-map json --detach-templates ${TEMPLATES} ${OUT}/templates-detached.tmj)
file(READ ${OUT}/templates-tiled.tmj kept)
file(READ ${OUT}/templates-detached.tmj detached)
if(NOT kept MATCHES "\"template\"" OR detached MATCHES "\"template\"")
  message(FATAL_ERROR "Tiled kept or detached the templates unlike asked:\n${kept}\n${detached}")
endif()
foreach(map ${TEMPLATES} ${OUT}/templates-tiled.tmj ${OUT}/templates-detached.tmj)
  play(got --level ${map} --frames 120)
  message(STATUS "${map}: ${got}")
  if(NOT got STREQUAL twin)
    message(FATAL_ERROR "${map} plays differently from its native twin: ${got}, ${twin}")
  endif()
endforeach()
