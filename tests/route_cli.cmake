# SPDX-License-Identifier: Zlib
# The route tool as a designer uses it: the lines it prints, pasted under a
# replay's directives, play back to the goal (--headless --verify); --out
# writes a replay that verifies as it is; no route in the limits is exit
# status 1, a wrong command line 2.
#   cmake -DROUTE=... -DPLATFORMER=... -DSOURCE=... -DOUT=... -P route_cli.cmake
set(level ${SOURCE}/tests/levels/good/gap.json)
file(MAKE_DIRECTORY ${OUT})

execute_process(COMMAND ${ROUTE} ${level} --to goal --data ${SOURCE}
                RESULT_VARIABLE rc OUTPUT_VARIABLE lines ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "route to the goal exited ${rc}\n${lines}${err}")
endif()
if(NOT lines MATCHES "^# route: [0-9]+ ticks from the start of [^\n]*gap.json to the goal; Pip ends at x=")
  message(FATAL_ERROR "route's first line is not its summary:\n${lines}")
endif()
if(NOT lines MATCHES "\n[0-9]+,R,J\n")
  message(FATAL_ERROR "the route over the pit has no jump to the right:\n${lines}")
endif()
file(WRITE ${OUT}/pasted.replay "#! level: ${level}\n#! outcome: completed\n${lines}")
execute_process(COMMAND ${PLATFORMER} --headless --data ${SOURCE} --verify ${OUT}/pasted.replay
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "pasted.replay: ok \\(ticks [0-9]+, outcome completed, deaths 0")
  message(FATAL_ERROR "the pasted route does not complete the level (${rc}):\n${out}${err}")
endif()

execute_process(COMMAND ${ROUTE} ${level} --to 16,5 --standing --out ${OUT}/written.replay
                        --data ${SOURCE}
                RESULT_VARIABLE rc OUTPUT_VARIABLE lines ERROR_VARIABLE err)
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "route to tile 16,5 exited ${rc}\n${lines}${err}")
endif()
execute_process(COMMAND ${PLATFORMER} --headless --data ${SOURCE} --verify ${OUT}/written.replay
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "written.replay: ok \\(ticks [0-9]+, outcome running, deaths 0")
  message(FATAL_ERROR "--out's replay does not verify (${rc}):\n${out}${err}")
endif()
# ... and carries on from there with --from, the level taken from it.
execute_process(COMMAND ${ROUTE} --from ${OUT}/written.replay --to goal --out ${OUT}/whole.replay
                        --data ${SOURCE}
                RESULT_VARIABLE rc OUTPUT_VARIABLE lines ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT lines MATCHES "^# route: [0-9]+ ticks from tick [0-9]+ of ")
  message(FATAL_ERROR "route --from exited ${rc}\n${lines}${err}")
endif()
execute_process(COMMAND ${PLATFORMER} --headless --data ${SOURCE} --verify ${OUT}/whole.replay
                RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE err)
if(NOT rc EQUAL 0 OR NOT out MATCHES "whole.replay: ok \\(ticks [0-9]+, outcome completed, deaths 0")
  message(FATAL_ERROR "the chained replay does not complete the level (${rc}):\n${out}${err}")
endif()

execute_process(COMMAND ${ROUTE} ${level} --to goal --max-ticks 10 --data ${SOURCE}
                RESULT_VARIABLE rc OUTPUT_VARIABLE lines ERROR_VARIABLE err)
if(NOT rc EQUAL 1 OR NOT err MATCHES "no route to the goal within 10 ticks")
  message(FATAL_ERROR "an unreachable goal gave ${rc}:\n${lines}${err}")
endif()
foreach(bad "--to" "--to;1,2,3" "--to;goal;--beam;4" "--from")
  execute_process(COMMAND ${ROUTE} ${level} ${bad} --data ${SOURCE}
                  RESULT_VARIABLE rc OUTPUT_QUIET ERROR_QUIET)
  if(NOT rc EQUAL 2)
    message(FATAL_ERROR "route ${bad} exited ${rc}, expected 2")
  endif()
endforeach()
