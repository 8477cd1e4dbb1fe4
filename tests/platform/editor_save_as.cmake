# SPDX-License-Identifier: Zlib
# Every shipped level (the campaign's and the example packs') opened in the
# editor and saved unchanged, through the command line a script uses (--edit
# LEVEL --save-as OUT --frames 1, no display), is the shipped file byte for
# byte.
# Run with -DPLATFORMER=... -DSOURCE=... -DSCRATCH=...
file(REMOVE_RECURSE ${SCRATCH})
file(MAKE_DIRECTORY ${SCRATCH})
set(ENV{SDL_VIDEODRIVER} dummy)
set(ENV{SDL_AUDIODRIVER} dummy)
set(ENV{XDG_DATA_HOME} ${SCRATCH}/data)
file(GLOB levels ${SOURCE}/levels/[0-9][0-9]-*.json)
list(LENGTH levels count)
if(count LESS 24)
  message(FATAL_ERROR "only ${count} shipped levels found under ${SOURCE}/levels")
endif()
file(GLOB pack_files ${SOURCE}/packs/*/*.json)
foreach(file ${pack_files})
  get_filename_component(name ${file} NAME)
  if(NOT name MATCHES "^(campaign|pack)\\.json$")
    list(APPEND levels ${file})
  endif()
endforeach()
list(LENGTH levels count)
foreach(level ${levels})
  get_filename_component(name ${level} NAME)
  execute_process(COMMAND ${PLATFORMER} --edit ${level} --save-as ${SCRATCH}/${name} --frames 1
                  RESULT_VARIABLE rc ERROR_VARIABLE err)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${name}: --edit --save-as failed (${rc}): ${err}")
  endif()
  file(SHA256 ${level} want)
  file(SHA256 ${SCRATCH}/${name} got)
  if(NOT want STREQUAL got)
    message(FATAL_ERROR "${name}: saved unchanged, the editor wrote other bytes")
  endif()
endforeach()
message(STATUS "${count} levels saved to their own bytes")
