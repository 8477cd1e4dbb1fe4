# SPDX-License-Identifier: Zlib
# Every file the game writes on the command line, pointed at something that
# is not a regular file (a FIFO; a copy of /dev/null where device nodes can
# be made): refused with a message before any work, the node left as it was.
# A FIFO given as a replay to read is refused too, not waited on.
#
# Usage: cmake -DPLATFORMER=... -DSOURCE=... -DSCRATCH=... -P outputs_refused.cmake
file(REMOVE_RECURSE ${SCRATCH})
file(MAKE_DIRECTORY ${SCRATCH})
set(ENV{SDL_VIDEODRIVER} dummy)
set(ENV{SDL_AUDIODRIVER} dummy)
set(ENV{XDG_DATA_HOME} ${SCRATCH}/xdg)
set(level ${SOURCE}/levels/01-first-steps.json)
set(track ${SOURCE}/assets/music/title.txt)

execute_process(COMMAND mkfifo ${SCRATCH}/fifo RESULT_VARIABLE rc)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "mkfifo failed")
endif()
# a copy of /dev/null (character device 1, 3): root only
execute_process(COMMAND mknod ${SCRATCH}/null c 1 3 RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
set(have_null FALSE)
if(rc EQUAL 0)
  set(have_null TRUE)
else()
  message(STATUS "no device node can be made here: the FIFO alone")
endif()

function(expect_refused node kind)
  set(out ${SCRATCH}/${node})
  foreach(command
      "--screenshot;${out};--level;${level};--frames;2"
      "--export-tiled;${level};${out}"
      "--render-music;${track};${out};--seconds;1"
      "--level;${level};--record;${out}")
    execute_process(COMMAND ${PLATFORMER} ${command} TIMEOUT 60
      RESULT_VARIABLE rc OUTPUT_VARIABLE stdout ERROR_VARIABLE stderr)
    # the export's error names the file first, then the reason
    if(rc EQUAL 0 OR NOT stderr MATCHES "cannot save( ${out})?: it is ${kind}, not a regular file; nothing was written")
      message(FATAL_ERROR "platformer ${command}: exit ${rc}, not refused as ${kind}:\n${stderr}")
    endif()
    execute_process(COMMAND test ${ARGN} ${out} RESULT_VARIABLE still)
    if(NOT still EQUAL 0)
      message(FATAL_ERROR "platformer ${command}: ${out} is no longer ${kind}")
    endif()
  endforeach()
endfunction()

expect_refused(fifo "a FIFO" -p)
if(have_null)
  expect_refused(null "a character device" -c)
endif()

# a FIFO as the replay to read: refused at once, never waited on
execute_process(COMMAND ${PLATFORMER} --headless --level ${level} --replay ${SCRATCH}/fifo
  TIMEOUT 60 RESULT_VARIABLE rc ERROR_VARIABLE stderr)
if(rc EQUAL 0 OR NOT stderr MATCHES "not a regular file: a replay is read from a file")
  message(FATAL_ERROR "--replay FIFO: exit ${rc}:\n${stderr}")
endif()
file(REMOVE_RECURSE ${SCRATCH})
