# SPDX-License-Identifier: Zlib
# cmake -P script: the sparse image collection of tests/levels/tiled
# (tiles 0, 4 and 9, one of them 16x32 px) through the real Tiled. Its
# images are painted first (Tiled sizes tiles by their images); then Tiled
# re-saves the tileset (JSON, and Tiled 1.1 JSON: tiles keyed by id), which
# --check must still take for a tileset, with its gaps and sizes, and
# re-saves the map that uses it (as it is, with the collection embedded,
# and embedded as Tiled 1.1 JSON), which must run as the original does:
# the same hash after the same ticks, so every entity stands where it did.
#   -DPLATFORMER=... -DTILED=... -DIMAGES=... -DSOURCE=tests/levels/tiled -DOUT=folder
foreach(var PLATFORMER TILED IMAGES SOURCE OUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "tiled_collection.cmake needs -D${var}=...")
  endif()
endforeach()

file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT}/sparse ${OUT}/runtime ${OUT}/config/mapeditor.org)
file(COPY ${SOURCE}/sparse.json ${SOURCE}/sparse-map.tmj DESTINATION ${OUT})
execute_process(COMMAND ${IMAGES} ${OUT}/sparse ground:16x16 flag:16x32 coin:16x16
                RESULT_VARIABLE status)
if(NOT status EQUAL 0)
  message(FATAL_ERROR "cannot paint the collection's images")
endif()

set(ENV{QT_QPA_PLATFORM} offscreen)
set(ENV{XDG_CONFIG_HOME} ${OUT}/config)
set(ENV{XDG_RUNTIME_DIR} ${OUT}/runtime)
file(CHMOD ${OUT}/runtime DIRECTORY_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
file(WRITE ${OUT}/config/mapeditor.org/tiled.conf "[Plugins]\nEnabled=libjson1.so\n")

function(tiled)
  execute_process(COMMAND ${TILED} ${ARGN} RESULT_VARIABLE status OUTPUT_VARIABLE out
                  ERROR_VARIABLE err WORKING_DIRECTORY ${OUT})
  list(GET ARGN -1 to)
  if(NOT status EQUAL 0 OR NOT EXISTS ${OUT}/${to})
    message(FATAL_ERROR "tiled ${ARGN} failed (status ${status}):\n${out}${err}")
  endif()
endfunction()

function(hash_of map var)
  execute_process(COMMAND ${PLATFORMER} --headless --level ${OUT}/${map} --frames 120
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  string(REGEX MATCH "hash: [0-9a-f]+" hash "${out}")
  if(NOT status EQUAL 0 OR NOT hash)
    message(FATAL_ERROR "${map} does not run:\n${out}${err}")
  endif()
  set(${var} "${hash}" PARENT_SCOPE)
endfunction()

# The tileset, re-saved: still a tileset to --check, its tall tile 16x32.
tiled(--export-tileset json sparse.json sparse-tiled.json)
tiled(--export-tileset json1 sparse.json sparse-tiled-1.1.json)
foreach(tileset sparse-tiled.json sparse-tiled-1.1.json)
  file(READ ${OUT}/${tileset} text)
  string(REGEX MATCHALL "\"imageheight\":[ ]*32" tall "${text}")
  list(LENGTH tall tall_count)
  if(NOT tall_count EQUAL 1)
    message(FATAL_ERROR "${tileset} does not size its one 16x32 tile:\n${text}")
  endif()
  execute_process(COMMAND ${PLATFORMER} --check ${OUT}/${tileset}
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0 OR NOT out STREQUAL "${OUT}/${tileset}: ok\n")
    message(FATAL_ERROR "--check ${tileset}:\n${out}${err}")
  endif()
endforeach()
file(READ ${OUT}/sparse-tiled-1.1.json text)
if(NOT text MATCHES "\"tiles\":[ \n]*{")
  message(FATAL_ERROR "sparse-tiled-1.1.json does not key its tiles by id:\n${text}")
endif()

# The map, re-saved: it runs as before.
hash_of(sparse-map.tmj original)
message(STATUS "sparse-map.tmj: ${original}")
tiled(--export-map json sparse-map.tmj map-tiled.json)
tiled(--embed-tilesets --export-map json sparse-map.tmj map-embedded.json)
tiled(--embed-tilesets --export-map json1 sparse-map.tmj map-embedded-1.1.json)
foreach(map map-tiled.json map-embedded.json map-embedded-1.1.json)
  hash_of(${map} hash)
  message(STATUS "${map}: ${hash}")
  if(NOT hash STREQUAL original)
    message(FATAL_ERROR "${map} runs differently: ${hash}, the original ${original}")
  endif()
endforeach()
file(READ ${OUT}/map-embedded.json text)
if(NOT text MATCHES "\"columns\":[ ]*0" OR text MATCHES "\"source\"")
  message(FATAL_ERROR "map-embedded.json does not embed the collection:\n${text}")
endif()
