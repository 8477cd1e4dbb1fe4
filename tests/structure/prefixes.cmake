# SPDX-License-Identifier: Zlib
# One module, one prefix: the functions and data each module's library
# exports, grouped by their name's first word (up to the first '_'), must
# not share a word with another module's. Run with -DNM=... and
# -DLIBS=module=path;module=path;...
foreach(entry ${LIBS})
  string(REPLACE "=" ";" pair "${entry}")
  list(GET pair 0 module)
  list(GET pair 1 lib)
  execute_process(COMMAND ${NM} -g --defined-only ${lib}
                  OUTPUT_VARIABLE symbols RESULT_VARIABLE rc)
  if(NOT rc EQUAL 0)
    message(FATAL_ERROR "${NM} failed on ${lib}")
  endif()
  string(REPLACE "\n" ";" lines "${symbols}")
  foreach(line ${lines})
    # "0000000000000000 T name": code, data, read-only data, bss, common
    if(line MATCHES "^[0-9a-fA-F]* [TDRBC] ([A-Za-z0-9_]+)$")
      set(name ${CMAKE_MATCH_1})
      string(REGEX REPLACE "_.*" "" prefix "${name}")
      if(DEFINED owner_${prefix} AND NOT owner_${prefix} STREQUAL module)
        list(APPEND clashes "'${prefix}_': ${owner_${prefix}} (${example_${prefix}}) and ${module} (${name})")
      elseif(NOT DEFINED owner_${prefix})
        set(owner_${prefix} ${module})
        set(example_${prefix} ${name})
      endif()
    endif()
  endforeach()
endforeach()
if(clashes)
  list(REMOVE_DUPLICATES clashes)
  string(REPLACE ";" "\n  " text "${clashes}")
  message(FATAL_ERROR "a name prefix exported by two modules:\n  ${text}")
endif()
