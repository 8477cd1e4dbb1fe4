# SPDX-License-Identifier: Zlib
# cmake -P script: exports LEVEL as a Tiled map in every tile layer format
# (CSV, base64, base64 with zlib, gzip and zstd), plays REPLAY on each and
# fails unless each ends as the native level does (the same outcome and
# hash line). With TILED (the real Tiled program), each map is also re-saved
# by Tiled headless -- as a JSON map and as a Tiled 1.1 JSON map (the json1
# format: properties as objects, tiles keyed by id), the zstd one also
# through TMX -- and each re-saved map must play the same too, in the layer
# format it had.
#   -DPLATFORMER=... -DLEVEL=... -DREPLAY=... -DOUT=folder [-DTILED=...]
foreach(var PLATFORMER LEVEL REPLAY OUT)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "tiled_roundtrip.cmake needs -D${var}=...")
  endif()
endforeach()
set(formats csv base64 zlib gzip zstd)

file(REMOVE_RECURSE ${OUT})
file(MAKE_DIRECTORY ${OUT})

# Plays path with the replay; sets outcome_hash to "outcome: ... hash: ...".
function(play path)
  execute_process(COMMAND ${PLATFORMER} --headless --level ${path} --replay ${REPLAY}
                  RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "${path}: ${err}")
  endif()
  string(REGEX MATCH "outcome: [a-z]+" outcome "${out}")
  string(REGEX MATCH "hash: [0-9a-f]+" hash "${out}")
  if(NOT outcome OR NOT hash)
    message(FATAL_ERROR "${path}: no outcome and hash in:\n${out}")
  endif()
  set(outcome_hash "${outcome} ${hash}" PARENT_SCOPE)
endfunction()

# The compression a map's first tile layer names ("" for CSV and plain base64).
function(layer_compression path var)
  file(READ ${path} text)
  string(REGEX MATCH "\"compression\"[ \t\n]*:[ \t\n]*\"[a-z]*\"" found "${text}")
  string(REGEX REPLACE ".*\"([a-z]*)\"$" "\\1" found "${found}")
  set(${var} "${found}" PARENT_SCOPE)
endfunction()

play(${LEVEL})
set(native "${outcome_hash}")
message(STATUS "native: ${native}")

set(maps "")
foreach(format IN LISTS formats)
  set(map ${OUT}/${format}.tmj)
  execute_process(COMMAND ${PLATFORMER} --export-tiled ${LEVEL} ${map} --layer-format ${format}
                  RESULT_VARIABLE status ERROR_VARIABLE err)
  if(NOT status EQUAL 0)
    message(FATAL_ERROR "export as ${format} failed: ${err}")
  endif()
  list(APPEND maps ${map})
endforeach()

if(TILED)
  # Tiled headless, with a settings folder of its own that turns on the
  # plugin writing Tiled 1.1 JSON (json1, shipped with Tiled, off by default).
  set(ENV{QT_QPA_PLATFORM} offscreen)
  set(ENV{XDG_CONFIG_HOME} ${OUT}/config)
  set(ENV{XDG_RUNTIME_DIR} ${OUT}/runtime)
  file(MAKE_DIRECTORY ${OUT}/runtime)
  file(CHMOD ${OUT}/runtime DIRECTORY_PERMISSIONS OWNER_READ OWNER_WRITE OWNER_EXECUTE)
  file(WRITE ${OUT}/config/mapeditor.org/tiled.conf "[Plugins]\nEnabled=libjson1.so\n")
  execute_process(COMMAND ${TILED} --export-formats OUTPUT_VARIABLE known ERROR_QUIET)
  if(NOT known MATCHES "json1")
    message(FATAL_ERROR "${TILED} offers no json1 (Tiled 1.1 JSON) export:\n${known}")
  endif()
  foreach(format IN LISTS formats)
    set(map ${OUT}/${format}.tmj)
    set(steps "json ${map} ${OUT}/${format}-tiled.json"
              "json1 ${map} ${OUT}/${format}-tiled-1.1.json")
    if(format STREQUAL zstd)
      # And once through Tiled's XML, to TMX and back.
      list(APPEND steps "tmx ${map} ${OUT}/${format}.tmx"
                        "json ${OUT}/${format}.tmx ${OUT}/${format}-tmx.json")
    endif()
    foreach(step IN LISTS steps)
      separate_arguments(step)
      list(GET step 0 as)
      list(GET step 1 from)
      list(GET step 2 to)
      execute_process(COMMAND ${TILED} --export-map ${as} ${from} ${to}
                      RESULT_VARIABLE status OUTPUT_VARIABLE out ERROR_VARIABLE err)
      if(NOT status EQUAL 0 OR NOT EXISTS ${to})
        message(FATAL_ERROR "Tiled could not re-save ${from} as ${as} (status ${status}):\n${out}${err}")
      endif()
      if(NOT to MATCHES "\\.tmx$")
        list(APPEND maps ${to})
      endif()
    endforeach()
  endforeach()
endif()

foreach(map IN LISTS maps)
  play(${map})
  # Tiled keeps the layer format a map has: a compressed map stays so.
  get_filename_component(name ${map} NAME)
  string(REGEX MATCH "^[a-z0-9]+" format "${name}")
  layer_compression(${map} compression)
  if(format MATCHES "zlib|gzip|zstd" AND NOT compression STREQUAL format)
    message(FATAL_ERROR "${map}: its tile layer is \"${compression}\", not ${format}")
  endif()
  # And json1 writes the JSON of Tiled 1.1: format version 1.1, properties
  # as objects with their types beside them.
  if(name MATCHES "-1\\.1\\.json$")
    file(READ ${map} text)
    if(NOT text MATCHES "\"version\":[ ]*1\\.1[,\n]" OR NOT text MATCHES "\"propertytypes\"")
      message(FATAL_ERROR "${map} is not in the JSON of Tiled 1.1")
    endif()
  endif()
  message(STATUS "${name}: ${outcome_hash}")
  if(NOT outcome_hash STREQUAL native)
    message(FATAL_ERROR "${map} plays differently: ${outcome_hash}, natively ${native}")
  endif()
endforeach()
list(LENGTH maps count)
message(STATUS "${count} maps play as the native level")
